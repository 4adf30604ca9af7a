// The words of kioku add, edit, notes and note delete/restore/show: what they print, the
// comments of the TOML a note is edited as, and what is wrong with that TOML or the arguments.
// Patterns are filled in with fill_in() (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct NoteMessages {
  // What a save did: {note} the note's id, {deck} its deck, {cards} card_one/card_many
  const char* added;
  const char* saved;
  const char* no_change;  // {note}
  const char* card_one;   // {count}
  const char* card_many;
  const char* card_line;      // {card}, {template}: one of the note's cards
  const char* retired_mark;   // after a card_line of a retired card
  const char* cards_added;    // {cards}: ids
  const char* cards_retired;  // {cards}
  const char* cards_revived;  // {cards}
  // kioku add's arguments: {argument}
  const char* bad_field_argument;
  const char* field_given_twice;
  const char* choices_only_for_choice;
  const char* no_such_note;  // {note}
  const char* edit_deleted;  // {note}, {arguments}: note_command_arguments()
  // kioku edit's save, refused because the note changed since the editor opened: {note}
  const char* edit_changed_elsewhere;
  const char* no_such_deck;  // {deck}
  // kioku notes
  const char* column_id;
  const char* column_kind;
  const char* column_deck;
  const char* column_text;
  const char* column_cards;
  const char* column_tags;
  const char* no_notes;
  const char* no_deleted_notes;
  const char* more_notes;  // {limit}, {next} (the --offset of the next page)
  // kioku note delete / restore: {note}, {cards}
  const char* deleted;
  const char* already_deleted;
  const char* restored;
  const char* not_deleted;
};
BOOST_DESCRIBE_STRUCT(NoteMessages, (),
                      (added, saved, no_change, card_one, card_many, card_line, retired_mark,
                       cards_added, cards_retired, cards_revived, bad_field_argument,
                       field_given_twice, choices_only_for_choice, no_such_note, edit_deleted,
                       edit_changed_elsewhere, no_such_deck, column_id, column_kind, column_deck,
                       column_text, column_cards, column_tags, no_notes, no_deleted_notes,
                       more_notes, deleted, already_deleted, restored, not_deleted))

// The editor's file: its comments, what is wrong in it, and how an edit ends without a save.
struct NoteFileMessages {
  // Ending an edit without saving
  const char* template_unchanged;
  const char* template_emptied;
  const char* note_emptied;  // {arguments}: note_command_arguments()
  const char* unchanged_after_error;
  const char* too_many_problems;   // {rounds}
  const char* editor_failed;       // {editor}, {status}
  const char* editor_killed;       // {editor}, {signal}
  const char* editor_not_started;  // {editor}, {error}
  const char* cannot_write_file;   // {error}
  const char* cannot_read_file;    // {error}
  const char* file_too_large;      // {limit}
  // The error comment at the top of a reopened file
  const char* error_heading;
  // The TOML's comments
  const char* heading_add;    // {kind}, {deck}
  const char* heading_edit;   // {note}, {kind}, {deck}
  const char* heading_texts;  // {languages}
  const char* heading_multiline;
  const char* heading_cancel_add;
  const char* heading_cancel_edit;
  const char* heading_cards;  // {cards}: the note's cards, "12 (forward), 13 (backward)"
  const char* comment_id;
  const char* comment_kind;  // {kinds}
  const char* comment_tags;
  const char* comment_required;  // after a field's comment
  const char* field_front;
  const char* field_back;
  const char* field_typed_back;
  const char* field_add_reverse;
  const char* field_text;
  const char* field_extra;
  const char* field_question;
  const char* field_explanation;
  const char* field_source;  // written only for a note that has one
  const char* field_choices;
  const char* field_answer;
  // An Anki note kept as its note type: {type} is the type's name
  const char* comment_anki_kind;
  const char* comment_anki_fields;
  // What is wrong with the TOML: {field}, and what it should be
  const char* toml_not_text;
  const char* toml_not_texts;  // a field: text, or one text per language
  const char* toml_not_list;   // tags, and choices per language
  const char* toml_not_number;
  const char* toml_unknown_key;  // {kind}, {fields}
  const char* toml_id_changed;   // {id}
  const char* toml_no_kind;
  const char* toml_no_tables;  // a [[…]] header in a note's file
};
BOOST_DESCRIBE_STRUCT(
    NoteFileMessages, (),
    (template_unchanged, template_emptied, note_emptied, unchanged_after_error, too_many_problems,
     editor_failed, editor_killed, editor_not_started, cannot_write_file, cannot_read_file,
     file_too_large, error_heading, heading_add, heading_edit, heading_texts, heading_multiline,
     heading_cancel_add, heading_cancel_edit, heading_cards, comment_id, comment_kind, comment_tags,
     comment_required, field_front, field_back, field_typed_back, field_add_reverse, field_text,
     field_extra, field_question, field_explanation, field_source, field_choices, field_answer,
     comment_anki_kind, comment_anki_fields, toml_not_text, toml_not_texts, toml_not_list,
     toml_not_number, toml_unknown_key, toml_id_changed, toml_no_kind, toml_no_tables))

const NoteMessages& note_messages_for(const std::string& language);
const NoteFileMessages& note_file_messages_for(const std::string& language);

}  // namespace kioku::cli
