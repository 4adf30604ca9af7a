#include "core/note_validation.hpp"

#include <optional>
#include <set>
#include <string_view>

#include "core/cloze_walk.hpp"
#include "core/deck_parser_limits.hpp"
#include "core/deck_parser_text.hpp"
#include "core/templated_note_type.hpp"

namespace kioku {

namespace {

void check_id(const Note& note) {
  if (note.id.empty()) throw NoteError("id", "", "a note needs an id");
  if (note.id.size() > kMaxNoteIdBytes) {
    throw NoteError("id", "", "longer than " + std::to_string(kMaxNoteIdBytes) + " bytes");
  }
  for (char c : note.id) {
    if (c <= ' ' || c > '~') {
      throw NoteError("id", "", "only printable ASCII without spaces may make an id");
    }
  }
}

// An Anki note's fields are its type's, by their exact names (docs/anki-templates.md).
void check_anki_fields(const Note& note) {
  if (!note.note_type) throw NoteError("kind", "", "an anki note needs its note type");
  std::set<std::string_view> seen;
  for (const NoteField& field : note.fields) {
    if (!note.note_type->has_field(field.name)) {
      throw NoteError(field.name, "",
                      "note type \"" + note.note_type->name() + "\" has no such field");
    }
    if (!seen.insert(field.name).second) throw NoteError(field.name, "", "written twice");
  }
  for (const int ordinal : note.kept_cards) {
    if (!note.note_type->has_ordinal(ordinal)) {
      throw NoteError("kept_cards", "",
                      "card " + std::to_string(ordinal) + " is none its note type can have");
    }
  }
}

void check_fields(const Note& note) {
  if (note.kind == NoteKind::kAnki) return check_anki_fields(note);
  if (!note.kept_cards.empty()) throw NoteError("kept_cards", "", "only an anki note keeps cards");
  const NoteKindSpec& kind = note_kind_spec(note.kind);
  std::set<std::string_view> seen;
  for (const NoteField& field : note.fields) {
    if (find_note_field(note.kind, field.name) == nullptr) {
      std::string names;
      for (const NoteFieldSpec& spec : kind.fields) {
        if (!names.empty()) names += ", ";
        names += spec.name;
      }
      // Every kind may also have a source (core/note_kind.hpp), so the list names it too.
      names += ", ";
      names += kSourceField;
      throw NoteError(
          field.name, "",
          "a " + std::string(kind.name) + " note has no such field (it has " + names + ")");
    }
    if (!seen.insert(field.name).second) throw NoteError(field.name, "", "written twice");
  }
  for (const NoteFieldSpec& spec : kind.fields) {
    if (spec.required && !note.has_text(spec.name)) {
      throw NoteError(std::string(spec.name), "",
                      "a " + std::string(kind.name) + " note needs it, in at least one language");
    }
  }
  if (note.kind == NoteKind::kBasicOptionalReverse && note.has_text("add_reverse") &&
      !note.has_text("back")) {
    throw NoteError("back", "", "the reverse card asks it, so add_reverse needs it");
  }
}

// The first deletion numbered only 0, if any.
std::optional<std::size_t> first_zero_cloze(const ClozeText& text) {
  std::optional<std::size_t> found;
  walk_cloze_segments(text.segments, [&](const ClozeSegment& segment) {
    if (!found && segment.is_cloze() && segment.numbers == std::vector<ClozeNumber>{0}) {
      found = segment.offset;
    }
    return !found;
  });
  return found;
}

// No language makes a card: point at what the author likely meant as one.
[[noreturn]] void fail_no_cloze(const Note& note, const std::map<std::string, ClozeText>& read) {
  for (const auto& [language, text] : read) {
    const std::string& source = note.text("text", language);
    if (const std::optional<std::size_t> zero = first_zero_cloze(text)) {
      throw NoteError("text", language, "no cloze: {{c0:: makes no card; numbers start at 1",
                      text_place_at(source, *zero));
    }
    const std::size_t almost = source.find("{{c");
    if (almost != std::string::npos) {
      throw NoteError("text", language,
                      "no cloze: this {{c is not one (write {{c1::text}} or {{c1::text::hint}})",
                      text_place_at(source, almost));
    }
  }
  throw NoteError("text", "", "no cloze: mark what to ask as {{c1::text}}");
}

void check_cloze(const Note& note, const std::map<std::string, ClozeText>& read) {
  for (const auto& [language, text] : read) {
    if (!cloze_numbers(text).empty()) return;
  }
  fail_no_cloze(note, read);
}

void check_choices(const Note& note) {
  const bool has_choices = note_kind_spec(note.kind).has_choices;
  if (!has_choices) {
    if (!note.choices.empty()) throw NoteError("choices", "", "only a choice note has choices");
    if (note.answer != 0) throw NoteError("answer", "", "only a choice note has an answer");
    return;
  }
  if (note.choices.empty()) throw NoteError("choices", "", "a choice note needs choices");
  std::size_t count = 0;
  for (const auto& [language, choices] : note.choices) {
    if (choices.size() < static_cast<std::size_t>(kMinChoices) ||
        choices.size() > static_cast<std::size_t>(kMaxChoices)) {
      throw NoteError("choices", language,
                      "between " + std::to_string(kMinChoices) + " and " +
                          std::to_string(kMaxChoices) + " choices, got " +
                          std::to_string(choices.size()));
    }
    if (count != 0 && choices.size() != count) {
      throw NoteError("choices", language,
                      std::to_string(choices.size()) + " choices, but another language has " +
                          std::to_string(count));
    }
    count = choices.size();
    for (std::size_t index = 0; index < choices.size(); ++index) {
      if (choices[index].empty()) {
        throw NoteError("choices", language, "choice " + std::to_string(index + 1) + " is empty");
      }
    }
  }
  if (note.answer < 1 || static_cast<std::size_t>(note.answer) > count) {
    throw NoteError("answer", "",
                    "one of the choices, 1 to " + std::to_string(count) + ", got " +
                        std::to_string(note.answer));
  }
}

// An Anki note's field is HTML, longer than the text it shows.
constexpr TextRule kAnkiFieldRule{kMaxAnkiFieldBytes, true};

// The text rules a deck file's notes keep (core/deck_parser_text.hpp), for notes from anywhere:
// no character that acts on a terminal, no text past its length.
void check_texts(const Note& note) {
  for (const NoteField& field : note.fields) {
    for (const auto& [language, text] : field.text) {
      const std::string problem = text_problem(
          text, note.kind == NoteKind::kAnki ? kAnkiFieldRule : note_field_rule(field.name));
      if (!problem.empty()) throw NoteError(field.name, language, "the text " + problem);
    }
  }
  for (const auto& [language, choices] : note.choices) {
    for (std::size_t index = 0; index < choices.size(); ++index) {
      const std::string problem = text_problem(choices[index], kChoiceRule);
      if (!problem.empty()) {
        throw NoteError("choices", language, "choice " + std::to_string(index + 1) + " " + problem);
      }
    }
  }
}

void check_tags(const Note& note) {
  if (note.tags.size() > kMaxTagsPerCard) {
    throw NoteError("tags", "",
                    "has " + std::to_string(note.tags.size()) + " tags; at most " +
                        std::to_string(kMaxTagsPerCard) + " are allowed");
  }
  for (const std::string& tag : note.tags) {
    if (tag.empty()) throw NoteError("tags", "", "an empty tag");
    const std::string problem = text_problem(tag, kTagRule);
    if (!problem.empty())
      throw NoteError("tags", "", "the tag " + quoted_for_error(tag) + " " + problem);
    if (!is_valid_tag(tag)) throw NoteError("tags", "", "tag \"" + tag + "\" has a space in it");
  }
}

}  // namespace

bool is_valid_tag(std::string_view tag) noexcept {
  // U+3000, the ideographic space, splits tags in Anki as an ASCII space does.
  return !tag.empty() && tag.find_first_of(" \t\n\r") == std::string_view::npos &&
         tag.find("\u3000") == std::string_view::npos;
}

std::map<std::string, ClozeText> read_note_clozes(const Note& note) {
  std::map<std::string, ClozeText> read;
  const LocalizedText* texts = note.field("text");
  if (texts == nullptr) return read;
  for (const auto& [language, text] : *texts) {
    try {
      read.emplace(language, parse_cloze_text(text));
    } catch (const ClozeError& error) {
      throw NoteError("text", language, error.problem(), error.place());
    }
  }
  return read;
}

std::map<std::string, ClozeText> check_note_shape(const Note& note) {
  check_id(note);
  if (note.deck.empty()) throw NoteError("deck", "", "a note belongs to a deck");
  check_fields(note);
  std::map<std::string, ClozeText> clozes;
  if (note.kind == NoteKind::kCloze) {
    clozes = read_note_clozes(note);
    check_cloze(note, clozes);
  }
  check_choices(note);
  return clozes;
}

std::map<std::string, ClozeText> validate_note(const Note& note) {
  std::map<std::string, ClozeText> clozes = check_note_shape(note);
  check_texts(note);
  check_tags(note);
  return clozes;
}

}  // namespace kioku
