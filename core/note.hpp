// A note: the fact a deck author writes once, in named fields per language, from which one or
// more cards are made (core/card_generation.hpp). Content only; cards and history live elsewhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/localized_text.hpp"
#include "core/note_kind.hpp"
#include "core/text_place.hpp"

namespace kioku {

class TemplatedNoteType;

struct NoteField {
  std::string name;    // one of its kind's fields (core/note_kind.hpp)
  LocalizedText text;  // per language; a language left out is empty
};

struct Note {
  // Stable across edits, imports and exports (Anki's guid); new_note_id makes one.
  std::string id;
  NoteKind kind = NoteKind::kBasic;
  std::vector<NoteField> fields;  // in the order they were written
  // Choice notes only: the choices per language, the same number in each, and the right one
  // counting from 1.
  LocalizedChoices choices;
  int answer = 0;
  std::vector<std::string> tags;
  std::string deck;  // the deck's id
  // Anki notes (NoteKind::kAnki) only: the type whose fields the note has, by their Anki names,
  // as Anki's HTML, and whose templates show its cards; shared by the notes of the type.
  std::shared_ptr<const TemplatedNoteType> note_type;
  // Anki notes only: the cards Anki had made of it (cards.ord), which the note keeps whether or
  // not its templates make them now, as Anki keeps a card until the user deletes it.
  std::vector<int> kept_cards;

  // The field called `name`, or nullptr when the note does not have it.
  const LocalizedText* field(std::string_view name) const noexcept;
  // The text of field `name` in `language` exactly (no fallback, unlike pick_language); empty
  // when either is absent.
  const std::string& text(std::string_view name, const std::string& language) const noexcept;
  // Whether field `name` has text in any language.
  bool has_text(std::string_view name) const noexcept;
};

// A note that breaks a rule of its kind, naming the field ("kind", a field's name, "choices",
// "answer", "id", "tags") and, when the problem is in one language's text, the language and the
// place in that text (not known when the problem has no one place).
class NoteError : public Error {
 public:
  NoteError(std::string field, std::string language, const BilingualMessage& problem,
            TextPlace place = {});
  const std::string& field() const noexcept { return field_; }
  const std::string& language() const noexcept { return language_; }
  const TextPlace& place() const noexcept { return place_; }
  // The message without the field and the place, for callers that name them their own way.
  const std::string& problem() const noexcept { return problem_.english; }
  const BilingualMessage& problem_message() const noexcept { return problem_; }

 private:
  std::string field_;
  std::string language_;
  TextPlace place_;
  BilingualMessage problem_;
};

// The error a request carrying a note that breaks a rule is refused with (kInvalidParams,
// "invalid note: field NAME.LANGUAGE: ..." in both languages): kiokud's for note.add and
// note.update, and the client's for a note it will not send (core/note_validation.hpp,
// NoteTextTotal).
Error invalid_note_error(const NoteError& error);

// Longest note id kioku accepts; Anki's are at most 10 characters, other tools' up to 40.
inline constexpr std::size_t kMaxNoteIdBytes = 64;

// A new note id from 64 random bits the caller draws (core stays free of a random source): Anki's
// form, the bits in base 91, so that ids kioku makes look like the ones Anki makes.
std::string new_note_id(std::uint64_t random_bits);

}  // namespace kioku
