// The rows of an Anki text file (core/anki_text_reader.hpp) as kioku notes: which column is
// which field, the note's kind, deck, tags and id, by Anki's rules and the overrides `kioku
// import` takes (docs/anki-import.md). One note at a time, as the rows are read.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/anki_text_reader.hpp"
#include "core/note.hpp"

namespace kioku {

struct AnkiTextOptions {
  std::string deck;                  // --deck: the deck of rows without a deck column's value
  std::optional<NoteKind> kind;      // --kind: instead of `#notetype`
  std::vector<std::string> columns;  // --columns: what each column is, instead of `#columns`
  std::string language = "en";       // the language of the fields' text
  std::string fallback_deck;         // the deck when neither --deck nor `#deck` names one
  // The Anki note type kept as itself (core/templated_note_type.hpp) that a row's note type
  // column names, given the row's guid (empty without a guid column), or null for the stock
  // types' names and kioku's kinds: what an Anki package brought before. Asked before those
  // names, so that it decides which wins. Unset: none is.
  std::function<std::shared_ptr<const TemplatedNoteType>(const std::string& name,
                                                         const std::string& guid)>
      find_note_type;
};

struct AnkiTextNote {
  Note note;                // valid (validate_note); its deck is the slug of deck_name
  std::string deck_name;    // as the file or --deck names it
  int line = 0;             // where its row starts
  bool guid_given = false;  // its id is the file's guid column's, not made from its first field
};

class AnkiTextNotes {
 public:
  // Throws kioku::InputError naming the file (and the header's line) when `#notetype` names a
  // note type kioku does not read (neither a stock type nor one `find_note_type` finds), or an
  // option names no column or field.
  AnkiTextNotes(AnkiTextReader& reader, AnkiTextOptions options);

  // The next row's note into `note`; false at the end. Throws kioku::InputError naming the
  // file, the row's line and the column (and field) for a row with another number of columns
  // than the first, an unknown note type in the note type column, text in a column no field
  // takes, a `--columns` label that names no field of the row's own kind (when its other labels
  // name some), or a note that breaks its kind's rules.
  bool next(AnkiTextNote& note);

  // Whether each row names its note type (a note type column, and neither `--kind` nor a
  // `#notetype` header without one), or `#notetype` names a type kept as itself: only then is
  // `find_note_type` asked, in the constructor for `#notetype`.
  bool rows_name_their_type() const noexcept { return !global_kind_; }

 private:
  enum class Role { kNone, kField, kTags, kDeck, kGuid, kNotetype };
  struct Column {
    Role role = Role::kNone;
    std::string field;      // kField: the kioku field
    bool labelled = false;  // named by a label, so text in it that no field takes is dropped
    bool left_out = false;  // labelled "-" (or empty): no field's, whatever the row's kind
  };
  // What each column is, once the column count is known (from the labels or the first row).
  void plan(std::size_t count);
  std::string text_of(const std::string& field) const;
  // With a note type column: which of the row's `free_columns` hold which field of the kind (or
  // kept note type) `note` has, by the labels' names when there are labels, else in order.
  std::vector<std::pair<std::size_t, std::string>> row_fields(
      const AnkiTextRow& row, const std::vector<std::size_t>& free_columns, const Note& note) const;
  [[noreturn]] void fail(const AnkiTextRow& row, std::size_t column, const std::string& field,
                         const BilingualMessage& problem) const;

  AnkiTextReader& reader_;
  AnkiTextOptions options_;
  std::optional<NoteKind> global_kind_;  // empty with a note type column
  // `#notetype`'s type when it is one kept as itself (without a note type column): every
  // row's, read as a note type column's would be.
  std::shared_ptr<const TemplatedNoteType> header_note_type_;
  std::vector<std::string> labels_;
  bool labels_from_option_ = false;
  std::vector<Column> columns_;
  bool planned_ = false;
  AnkiTextRow row_;
};

// A kioku deck id (slug) for an Anki deck name: lower-case ASCII letters and digits, every other
// run of characters one '-' ("Japanese::Vocab 1" -> "japanese-vocab-1"); a name with other than
// ASCII in it, or with nothing left, gets a hash of the whole name as well so that different
// names stay different decks. Always a valid slug (core/deck_parser_limits.hpp).
std::string anki_deck_slug(std::string_view name);

}  // namespace kioku
