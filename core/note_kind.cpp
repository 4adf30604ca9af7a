#include "core/note_kind.hpp"

#include <array>
#include <string>

#include "core/note.hpp"

namespace kioku {

namespace {

constexpr std::array<NoteFieldSpec, 2> kFrontBack{{{"front", true}, {"back", false}}};
// Both directions ask a question, so both sides must have text.
constexpr std::array<NoteFieldSpec, 2> kBothSides{{{"front", true}, {"back", true}}};
constexpr std::array<NoteFieldSpec, 3> kOptionalReverse{
    {{"front", true}, {"back", false}, {"add_reverse", false}}};
constexpr std::array<NoteFieldSpec, 2> kCloze{{{"text", true}, {"extra", false}}};
constexpr std::array<NoteFieldSpec, 2> kChoice{{{"question", true}, {"explanation", false}}};

// Optional on every kind, so not listed in any kind's fields (nor in an editor's template).
constexpr NoteFieldSpec kSource{kSourceField, false};

constexpr std::array<NoteKindSpec, 6> kKinds{{
    {NoteKind::kBasic, "basic", kFrontBack, false},
    {NoteKind::kReverse, "reverse", kBothSides, false},
    {NoteKind::kBasicOptionalReverse, "basic-optional-reverse", kOptionalReverse, false},
    {NoteKind::kCloze, "cloze", kCloze, false},
    // The back is what the answer typed is compared with.
    {NoteKind::kTyped, "typed", kBothSides, false},
    {NoteKind::kChoice, "choice", kChoice, true},
}};

// Its fields are its note type's (core/templated_note_type.hpp), so it lists none.
constexpr NoteKindSpec kAnkiKind{NoteKind::kAnki, "anki", {}, false};

}  // namespace

std::span<const NoteKindSpec> note_kinds() noexcept {
  return kKinds;
}

const NoteKindSpec& note_kind_spec(NoteKind kind) noexcept {
  if (kind == NoteKind::kAnki) return kAnkiKind;
  return kKinds[static_cast<std::size_t>(kind)];
}

std::string_view note_kind_name(NoteKind kind) noexcept {
  return note_kind_spec(kind).name;
}

NoteKind parse_note_kind(std::string_view name) {
  std::string known;
  for (const NoteKindSpec& spec : kKinds) {
    if (spec.name == name) return spec.kind;
    if (!known.empty()) known += ", ";
    known += spec.name;
  }
  throw NoteError("kind", "",
                  bilingual("no kind \"{name}\" (there are {kinds})",
                            "種類 \"{name}\" はありません（あるのは {kinds}）",
                            {{"name", std::string(name)}, {"kinds", known}}));
}

const NoteFieldSpec* find_note_field(NoteKind kind, std::string_view field) noexcept {
  if (kind == NoteKind::kAnki) return nullptr;
  for (const NoteFieldSpec& spec : note_kind_spec(kind).fields) {
    if (spec.name == field) return &spec;
  }
  return field == kSourceField ? &kSource : nullptr;
}

}  // namespace kioku
