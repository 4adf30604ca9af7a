#include "core/anki_stock_note_type.hpp"

#include <string_view>

namespace kioku {

namespace {

// Whether a template shows field `name` with `prefix` (a filter such as "type:" or "cloze:",
// or a section's "#"); Anki allows spaces inside the braces.
bool refers(const std::string& text, const std::string& prefix, const std::string& name) {
  return text.find("{{" + prefix + name + "}}") != std::string::npos ||
         text.find("{{ " + prefix + name + " }}") != std::string::npos;
}

}  // namespace

std::optional<NoteKind> anki_stock_kind(const AnkiNoteType& type) {
  const auto& fields = type.fields;
  const auto& templates = type.templates;
  if (type.cloze) {
    if (fields.size() == 2 && templates.size() == 1 &&
        refers(templates[0].question, "cloze:", fields[0])) {
      return NoteKind::kCloze;
    }
    return std::nullopt;
  }
  if (fields.size() == 2 && templates.size() == 1) {
    if (refers(templates[0].question, "type:", fields[1])) return NoteKind::kTyped;
    if (refers(templates[0].question, "", fields[0]) &&
        refers(templates[0].answer, "", fields[1])) {
      return NoteKind::kBasic;
    }
    return std::nullopt;
  }
  if (fields.size() == 2 && templates.size() == 2 && refers(templates[0].question, "", fields[0]) &&
      refers(templates[1].question, "", fields[1])) {
    return NoteKind::kReverse;
  }
  if (fields.size() == 3 && templates.size() == 2 && refers(templates[0].question, "", fields[0]) &&
      refers(templates[1].question, "", fields[1]) &&
      refers(templates[1].question, "#", fields[2])) {
    return NoteKind::kBasicOptionalReverse;
  }
  return std::nullopt;
}

std::string anki_card_key(NoteKind kind, std::int64_t ord) {
  switch (kind) {
    case NoteKind::kReverse:
    case NoteKind::kBasicOptionalReverse:
      return ord == 0 ? "forward" : "backward";
    case NoteKind::kCloze:
      // ord + 1 as unsigned: a hostile ord cannot overflow.
      return "c" + std::to_string(static_cast<std::uint64_t>(ord) + 1);
    default:
      return "card";
  }
}

}  // namespace kioku
