// note.* and card.get: notes added, edited, found, deleted and restored, and one card read.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "protocol/method_type.hpp"
#include "protocol/review_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

// Field name -> language -> text ({"front": {"en": "...", "ja": "..."}}).
using NoteFieldsView = std::map<std::string, std::map<std::string, std::string>>;

inline constexpr FieldHelp kNoteHelp{"note", "the note's id (as note.add or note.find gave it)"};
inline constexpr FieldHelp kNoteDeckHelp{
    "deck", "the note's deck (its id); needed only when two decks have a note of this id"};

// One card of a note, as note.* shows it.
struct NoteCardView {
  std::int64_t id = 0;
  std::string template_;  // "card", "forward", "backward", "c1", ...
  std::string kind;
  std::string external_id;
  bool retired = false;  // the note no longer makes it: suspended, history kept
  CardStateView state;
};
BOOST_DESCRIBE_STRUCT(NoteCardView, (), (id, template_, kind, external_id, retired, state))

// The Anki note type an anki note keeps as itself (docs/anki-templates.md): its fields' order,
// which `fields`, a map, does not keep.
struct NoteTypeView {
  std::string name;
  bool cloze = false;
  std::vector<std::string> fields;
  std::vector<std::string> templates;  // the card templates' names, card1 first
};
BOOST_DESCRIBE_STRUCT(NoteTypeView, (), (name, cloze, fields, templates))

struct NoteView {
  std::string id;
  std::string deck;
  std::string kind;
  NoteFieldsView fields;
  Omissible<std::map<std::string, std::vector<std::string>>> choices;  // choice notes only
  Omissible<std::int64_t> answer;                                      // choice notes only
  std::vector<std::string> tags;
  std::int64_t created_ms = 0;
  std::int64_t modified_ms = 0;
  std::optional<std::int64_t> deleted_ms;  // null while live
  std::vector<NoteCardView> cards;
  Omissible<NoteTypeView> note_type;  // anki notes only
};
BOOST_DESCRIBE_STRUCT(NoteView, (),
                      (id, deck, kind, fields, choices, answer, tags, created_ms, modified_ms,
                       deleted_ms, cards, note_type))

// A note to add, without its deck: note.add's params less `deck`, and each entry of
// note.add_many's `notes`.
struct NewNote {
  std::string kind;
  std::optional<std::string> id;  // default: a new random id
  NoteFieldsView fields;
  std::optional<std::map<std::string, std::vector<std::string>>> choices;
  std::optional<std::int64_t> answer;
  std::optional<std::vector<std::string>> tags;
  static constexpr std::array kHelp{
      FieldHelp{"kind", "basic, reverse, basic-optional-reverse, cloze, typed or choice"},
      FieldHelp{"id", "the note's id (default: a new one)"},
      FieldHelp{"fields", "field name -> language -> text"},
      FieldHelp{"choices", "choice notes: language -> the choices"},
      FieldHelp{"answer", "choice notes: the right choice, counting from 1"},
      FieldHelp{"tags", "the note's tags"}};
};
BOOST_DESCRIBE_STRUCT(NewNote, (), (kind, id, fields, choices, answer, tags))

// A note's content as note.add takes it.
struct NoteAddParams : NewNote {
  std::string deck;
  static constexpr auto kHelp =
      joined_help(std::array{FieldHelp{"deck", "the deck to add it to (its id)"}}, NewNote::kHelp);
};
BOOST_DESCRIBE_STRUCT(NoteAddParams, (NewNote), (deck))

// Many notes added to one deck in one write: all of them or, when one is refused, none.
struct NoteAddManyParams {
  std::string deck;
  RequestList<NewNote> notes;
  static constexpr std::array kHelp{
      FieldHelp{"deck", "the deck to add them to (its id)"},
      FieldHelp{"notes", "the notes, each as note.add's params less 'deck'; at most 10000"}};
};
BOOST_DESCRIBE_STRUCT(NoteAddManyParams, (), (deck, notes))

// One note note.add_many added: its id and its cards' ids, in the order the note makes them.
struct AddedNote {
  std::string id;
  std::vector<std::int64_t> cards;
};
BOOST_DESCRIBE_STRUCT(AddedNote, (), (id, cards))

struct NoteAddManyResult {
  std::vector<AddedNote> notes;  // in the order they were sent
};
BOOST_DESCRIBE_STRUCT(NoteAddManyResult, (), (notes))

// What a save did to the note's cards.
struct NoteSaveResult {
  NoteView note;
  std::vector<std::int64_t> added;    // cards made for the first time
  std::vector<std::int64_t> retired;  // cards the note no longer makes: suspended, kept
  std::vector<std::int64_t> revived;  // retired cards it makes again
  bool changed = false;               // false: the note was already so; nothing was written
};
BOOST_DESCRIBE_STRUCT(NoteSaveResult, (), (note, added, retired, revived, changed))

// The note's whole content, replacing what it had: fields left out are emptied.
struct NoteUpdateParams {
  std::string note;
  std::optional<std::string> deck;
  std::optional<std::string> kind;  // default: unchanged
  NoteFieldsView fields;
  std::optional<std::map<std::string, std::vector<std::string>>> choices;
  std::optional<std::int64_t> answer;
  std::optional<std::vector<std::string>> tags;  // default: unchanged
  std::optional<std::int64_t> modified_ms;       // the note's as the client read it
  static constexpr std::array kHelp{
      kNoteHelp,
      kNoteDeckHelp,
      FieldHelp{"kind", "the note's new kind (default: unchanged)"},
      FieldHelp{"fields", "field name -> language -> text: the whole new content"},
      FieldHelp{"choices", "choice notes: language -> the choices"},
      FieldHelp{"answer", "choice notes: the right choice, counting from 1"},
      FieldHelp{"tags", "the note's tags (default: unchanged)"},
      FieldHelp{"modified_ms",
                "the note's modified_ms as read before the edit: refused (-32003) when the note "
                "changed since"}};
};
BOOST_DESCRIBE_STRUCT(NoteUpdateParams, (),
                      (note, deck, kind, fields, choices, answer, tags, modified_ms))

struct NoteGetParams {
  std::string note;
  std::optional<std::string> deck;
  static constexpr std::array kHelp{kNoteHelp, kNoteDeckHelp};
};
BOOST_DESCRIBE_STRUCT(NoteGetParams, (), (note, deck))

struct NoteFindParams {
  std::optional<std::string> deck;
  std::optional<std::string> tag;
  std::optional<std::string> text;
  std::optional<bool> deleted;
  std::optional<std::int64_t> limit;
  std::optional<std::int64_t> offset;
  static constexpr std::array kHelp{
      FieldHelp{"deck", "only this deck's notes"},
      FieldHelp{"tag", "only notes with this tag or a tag under it, in any case"},
      FieldHelp{"text", "only notes with this text in a field (or this id)"},
      FieldHelp{"deleted", "deleted notes instead of live ones (default false)"},
      FieldHelp{"limit", "at most this many, 1-1000 (default 100)"},
      FieldHelp{"offset", "skip this many first (default 0)"}};
};
BOOST_DESCRIBE_STRUCT(NoteFindParams, (), (deck, tag, text, deleted, limit, offset))

struct NoteFindResult {
  std::vector<NoteView> notes;
  bool more = false;  // there are more past `limit`
};
BOOST_DESCRIBE_STRUCT(NoteFindResult, (), (notes, more))

struct NoteDeleteResult {
  NoteView note;
  bool changed = false;  // false: it already was so
};
BOOST_DESCRIBE_STRUCT(NoteDeleteResult, (), (note, changed))

struct CardGetParams {
  std::int64_t card = 0;
  std::optional<std::string> lang;
  static constexpr std::array kHelp{FieldHelp{"card", "the card's id"}, kLangHelp};
};
BOOST_DESCRIBE_STRUCT(CardGetParams, (), (card, lang))

struct CardGetResult {
  CardToStudy card;
  std::string note;  // the note's id
  std::string template_;
  bool retired = false;
};
BOOST_DESCRIBE_STRUCT(CardGetResult, (), (card, note, template_, retired))

inline constexpr MethodType<NoteAddParams, NoteSaveResult> kNoteAdd{
    "note.add", "Adds a note to a deck and makes its cards."};
inline constexpr MethodType<NoteAddManyParams, NoteAddManyResult> kNoteAddMany{
    "note.add_many",
    "Adds many notes to a deck in one write: all of them, or none when one is refused."};
inline constexpr MethodType<NoteUpdateParams, NoteSaveResult> kNoteUpdate{
    "note.update",
    "Replaces a note's content; its cards keep their ids and history, ones it no longer makes "
    "are retired."};
inline constexpr MethodType<NoteGetParams, NoteView> kNoteGet{"note.get",
                                                              "Returns a note and its cards."};
inline constexpr MethodType<NoteFindParams, NoteFindResult> kNoteFind{
    "note.find", "Lists notes by deck, tag or text."};
inline constexpr MethodType<NoteGetParams, NoteDeleteResult> kNoteDelete{
    "note.delete",
    "Deletes a note softly: it and its cards' history stay, out of the queue, until "
    "note.restore."};
inline constexpr MethodType<NoteGetParams, NoteDeleteResult> kNoteRestore{
    "note.restore", "Undoes note.delete: the note's cards return to the queue."};
inline constexpr MethodType<CardGetParams, CardGetResult> kCardGet{
    "card.get", "Returns one card as review.next shows it, with its note."};

}  // namespace kioku::protocol
