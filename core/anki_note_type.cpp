#include "core/anki_note_type.hpp"

#include <array>
#include <string>

#include "core/ascii_text.hpp"

namespace kioku {

namespace {

struct AnkiName {
  std::string_view anki;
  NoteKind kind;
};

constexpr std::array<AnkiName, 5> kNoteTypes{{
    {"basic", NoteKind::kBasic},
    {"basic (and reversed card)", NoteKind::kReverse},
    {"basic (optional reversed card)", NoteKind::kBasicOptionalReverse},
    {"basic (type in the answer)", NoteKind::kTyped},
    {"cloze", NoteKind::kCloze},
}};

struct FieldName {
  std::string_view anki;
  std::string_view kioku;
};

constexpr std::array<FieldName, 4> kFieldNames{{
    {"add reverse", "add_reverse"},
    {"back extra", "extra"},
    {"add_reverse", "add_reverse"},
    {"extra", "extra"},
}};

}  // namespace

std::optional<NoteKind> kind_of_anki_note_type(std::string_view name) {
  const std::string lower = lower_ascii(name);
  for (const AnkiName& type : kNoteTypes) {
    if (lower == type.anki) return type.kind;
  }
  for (const NoteKindSpec& spec : note_kinds()) {
    if (lower == spec.name && spec.kind != NoteKind::kChoice) return spec.kind;
  }
  return std::nullopt;
}

std::string_view field_of_anki_name(NoteKind kind, std::string_view name) {
  std::string lower = lower_ascii(name);
  for (const FieldName& field : kFieldNames) {
    if (lower == field.anki) lower = std::string(field.kioku);
  }
  for (const NoteFieldSpec& spec : note_kind_spec(kind).fields) {
    if (lower == spec.name) return spec.name;
  }
  return {};
}

BilingualMessage anki_note_types_read() {
  return bilingual(
      "Basic, Basic (and reversed card), Basic (optional reversed card), Basic (type in the "
      "answer), Cloze, or a kioku kind: basic, reverse, basic-optional-reverse, typed, cloze",
      "Basic、Basic (and reversed card)、Basic (optional reversed card)、"
      "Basic (type in the answer)、Cloze、または kioku の種類（basic、reverse、"
      "basic-optional-reverse、typed、cloze）");
}

}  // namespace kioku
