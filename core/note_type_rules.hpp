// What kioku keeps of a note type of Anki's that it keeps as itself: the rules both readers of
// one hold it to (an Anki package's importer, a deck file's [[note_types]]), written once, so
// that a type kept from a package exports to a deck file that reads back.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/anki_stock_note_type.hpp"
#include "core/bilingual_message.hpp"
#include "core/deck_parser_text.hpp"
#include "core/templated_note_type.hpp"

namespace kioku {

// A type's name, a field's and a card template's: one line.
inline constexpr TextRule kNoteTypeNameRule{kMaxTemplatedNameBytes, false};
// A card template's side, and the style.
inline constexpr TextRule kNoteTypeTemplateRule{kMaxTemplateBytes, true};

// The first thing wrong with a note type, and where it is, for its reader to point at.
struct NoteTypeProblem {
  enum class Part {
    kName,
    kFields,
    kTemplates,     // the list of card templates
    kTemplateName,  // one card template's (template_index)
    kQuestion,
    kAnswer,
    kCss,
  };
  Part part = Part::kName;
  std::size_t template_index = 0;  // the one card template's parts: which, from 0
  BilingualMessage problem;        // "is listed twice", "at most 64 templates", ...
};

// The key that holds a part in a deck file's [[note_types]] ("name", "fields", "templates",
// "css"; a card template's own "name", "question" or "answer"), which the package importer's
// messages name too.
std::string_view note_type_part_key(NoteTypeProblem::Part part) noexcept;
// Whether the part is one card template's (NoteTypeProblem::template_index says which).
bool is_template_part(NoteTypeProblem::Part part) noexcept;

// Checks, in this order: the name (not empty, kNoteTypeNameRule); the fields (at least one, at
// most kMaxTemplatedFields, each named by kNoteTypeNameRule, no name twice); the card templates
// (at least one, at most kMaxTemplatedTemplates, each's name by kNoteTypeNameRule, each side by
// kNoteTypeTemplateRule, the two sides together at most kMaxTemplateBytes); the style
// (kNoteTypeTemplateRule). Nothing when the type keeps to all of them.
std::optional<NoteTypeProblem> note_type_problem(const AnkiNoteType& type);

}  // namespace kioku
