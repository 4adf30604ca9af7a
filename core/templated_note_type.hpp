// A note type kept as Anki has it: its fields, its card templates and its style, for the notes of
// a package whose type is none of the five kioku reads as its own kinds (docs/anki-templates.md,
// "Note types kept as themselves"). Such a note keeps every field as Anki's HTML; its cards are
// the ones Anki would make, and each shows through its template. Parsed once and shared by every
// note of the type. Pure: no I/O.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/anki_stock_note_type.hpp"
#include "core/anki_template.hpp"
#include "core/anki_template_render.hpp"

namespace kioku {

// What a note type kept as itself may hold: far past real ones (a few dozen fields, a handful
// of templates), small enough that one package cannot make a type that costs every note.
// 100 fields: a deck file's note holds at most 256 parts of dotted keys (fields.F.en is two).
inline constexpr std::size_t kMaxTemplatedFields = 100;
inline constexpr std::size_t kMaxTemplatedTemplates = 64;
inline constexpr std::size_t kMaxTemplatedNameBytes = 256;
inline constexpr std::size_t kMaxTemplateBytes = 256 * 1024;  // a template's two sides; the style
// A kept cloze type's cards: deletions 1 to 500, as kioku's own cloze notes (core/cloze.hpp);
// Anki reads numbers to 65,535, which would let one note make that many cards.
inline constexpr int kMaxTemplatedClozeNumber = 500;
// The most cards a kept note can have, whatever its type.
inline constexpr int kMaxTemplatedCards = 500;

// A side of a card template that does not read: which, and Anki's error (AnkiTemplateError), for
// the import's report in the user's language. Cards of it show the note's fields instead.
struct AnkiTemplateProblem {
  std::string template_name;
  CardSide side = CardSide::kQuestion;
  AnkiTemplateError::Kind kind = AnkiTemplateError::Kind::kSectionNotClosed;
  std::string section;       // the section the tag names
  std::string open_section;  // kWrongSectionClosed: the one open there
  TextPlace place;
};

// A template's reference to a field the type does not have ({{F}}, {{#F}}): Anki shows an error
// in place of the side; kioku shows the rest, the reference empty, and the import says so once.
struct AnkiMissingField {
  std::string template_name;
  CardSide side = CardSide::kQuestion;
  std::string tag;  // as Anki quotes it: "{{text:F}}", "{{#F}}"

  bool operator==(const AnkiMissingField&) const = default;
};

class TemplatedNoteType {
 public:
  // One card template, read.
  struct Template {
    std::optional<AnkiTemplate> question;  // nothing when the side does not read
    std::optional<AnkiTemplate> answer;
    std::optional<AnkiTemplateProblem> problem;  // the first side's that does not read
    bool asks_typed = false;                     // its question holds a {{type:...}}
  };

  // `key` is kioku's name for the type, what its notes refer to (the store's note_types.key).
  // A template that does not read is kept, with its error; nothing here throws for a template.
  static std::shared_ptr<const TemplatedNoteType> make(std::string key, AnkiNoteType definition);

  const std::string& key() const noexcept { return key_; }
  const AnkiNoteType& definition() const noexcept { return definition_; }
  const std::string& name() const noexcept { return definition_.name; }
  bool cloze() const noexcept { return definition_.cloze; }
  const std::vector<std::string>& fields() const noexcept { return definition_.fields; }
  const std::vector<Template>& templates() const noexcept { return templates_; }
  // The filters of all its templates kioku does not know, once each: shown as their field's
  // text, reported once per note type.
  const std::vector<std::string>& unknown_filters() const noexcept { return unknown_filters_; }
  // The templates' problems, in template order.
  std::vector<AnkiTemplateProblem> template_problems() const;
  // The templates' references to fields it does not have, in template order, each once.
  const std::vector<AnkiMissingField>& missing_fields() const noexcept { return missing_fields_; }
  // A cloze type's fields its first question reads through cloze: (the ones whose deletions
  // make its cards), in field order.
  const std::vector<std::string>& cloze_fields() const noexcept { return cloze_fields_; }
  // Whether `name` is one of its fields.
  bool has_field(const std::string& name) const noexcept;

  // The template a card of ordinal `ordinal` (Anki's cards.ord) shows through: a cloze type's
  // only one, a standard type's `ordinal`-th; null when there is none.
  const Template* template_of(int ordinal) const noexcept;
  // The card template's name {{Card}} shows, "" when there is none.
  std::string card_name(int ordinal) const;

  // The ordinals of the cards a note with these fields has, by Anki's rules: a standard type,
  // each template whose question shows a non-empty field; a cloze type, each number a cloze
  // field holds, less one. Then the `kept` ones (Note::kept_cards). The first card when that
  // makes none: Anki keeps every note at one card at least. Sorted.
  std::vector<int> card_ordinals(const AnkiFieldMap& fields, const std::vector<int>& kept) const;
  // Whether a card of `ordinal` can be: a template of it, or a cloze number (1 to
  // kMaxTemplatedClozeNumber) less one.
  bool has_ordinal(int ordinal) const noexcept;

 private:
  void find_missing_fields();

  std::string key_;
  AnkiNoteType definition_;
  std::vector<Template> templates_;
  std::vector<std::string> unknown_filters_;
  std::vector<std::string> cloze_fields_;
  std::vector<AnkiMissingField> missing_fields_;
};

// What an import matches a type on: "anki-<id>-<16 hex digits>", the digits a hash of its kind
// and its fields' and templates' names, in order. A type whose templates' text or style changed
// keeps its key; one whose fields or templates were added, removed, renamed or reordered, or
// whose kind changed, gets another.
std::string note_type_key(const AnkiNoteType& definition);

// A card key (core/card_generation.hpp) of ordinal `ordinal`: "c<ordinal + 1>" for a cloze type,
// as kioku's own cloze cards, else "card<ordinal + 1>".
std::string templated_card_key(bool cloze, int ordinal);

}  // namespace kioku
