// kioku edit NOTE|CARD: the note as TOML in $EDITOR, saved through note.update; its cards keep
// their ids and history.
#include <iostream>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/messages.hpp"
#include "cli/note_arguments.hpp"
#include "cli/note_editing.hpp"
#include "cli/note_lookup.hpp"
#include "cli/note_printing.hpp"
#include "cli/note_toml.hpp"
#include "cli/shell_words.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "protocol/note_types.hpp"

namespace kioku::cli {

namespace {

struct EditArgs {
  std::string note;
  std::string deck;
};

// "12 (forward), 13 (backward, retired)" for the file's heading.
std::string cards_heading(const protocol::NoteView& note, const NoteMessages& words,
                          const NoteFileMessages& file_words) {
  std::string cards;
  for (const protocol::NoteCardView& card : note.cards) {
    if (!cards.empty()) cards += ", ";
    cards += std::to_string(card.id) + " (" + card.template_ + ")";
    if (card.retired) cards += words.retired_mark;
  }
  return fill_in(file_words.heading_cards, {{"cards", cards}});
}

void show_saved(CliContext& context, const boost::json::value& result, const NoteMessages& words) {
  show_result(context, protocol::kNoteUpdate, result,
              [&](const protocol::NoteSaveResult& saved, std::ostream& out) {
                print_note_saved(saved, words, out);
              });
}

int edit_note(CliContext& context, const EditArgs& args) {
  const NoteMessages& words = note_messages_for(context.language);
  const NoteFileMessages& file_words = note_file_messages_for(context.language);
  const protocol::NoteView note = find_note(context, args.note, args.deck, words);
  // kiokud would refuse the save: said before the user writes anything.
  if (note.deleted_ms) {
    throw Error(
        ErrorCode::kConflict,
        fill_in(words.edit_deleted, {{"note", safe_line(note.id)},
                                     {"arguments", note_command_arguments(note.deck, note.id)}}));
  }
  const std::vector<std::string> languages = deck_languages(context, note.deck, words);
  const std::string language = default_text_language(languages, context.language);
  const NoteContent original = note_content(note);
  NoteTomlLayout layout;
  layout.languages = languages_for_editing(languages, language);
  // One line each in the file, whatever the daemon's texts hold.
  layout.heading = {fill_in(file_words.heading_edit, {{"note", safe_line(note.id)},
                                                      {"kind", safe_line(note.kind)},
                                                      {"deck", safe_line(note.deck)}}),
                    safe_line(cards_heading(note, words, file_words)),
                    file_words.heading_cancel_edit};
  std::optional<boost::json::value> saved;
  // The note's last change as this edit knows it: kiokud refuses the save when it is older.
  std::int64_t read_modified_ms = note.modified_ms;
  const EditEnd end = edit_note_text(
      context, write_note_toml(original, layout, file_words), language, file_words,
      [&](const ReadNote& read) {
        NoteContent edited = read.note;
        if (edited.id.empty()) edited.id = original.id;
        // An Anki note's type is not the file's to change.
        edited.type_name = original.type_name;
        edited.type_fields = original.type_fields;
        if (edited.id != original.id) {
          throw NoteTomlError(read.lines.at("id"), 0, "id",
                              fill_in(file_words.toml_id_changed, {{"id", original.id}}));
        }
        // Only comments or the layout changed: nothing to send.
        if (edited == original) return;
        boost::json::object params = note_update_params(edited, note.deck);
        params["modified_ms"] = read_modified_ms;
        try {
          saved = context.daemon().call(protocol::kNoteUpdate.name, params);
        } catch (const Error& error) {
          if (error.code() != ErrorCode::kConflict) throw;
          // Changed or deleted by another client since the editor opened: said in the
          // reopened file, the user's text kept. Saved again, it replaces the other change.
          // By what the edit resolved, not the user's argument: a card id, or an id another
          // deck has since, would find another note or none.
          const protocol::NoteView now = find_note(context, note.id, note.deck, words);
          const char* problem = now.deleted_ms ? words.edit_deleted : words.edit_changed_elsewhere;
          read_modified_ms = now.modified_ms;
          throw Error(
              ErrorCode::kConflict,
              fill_in(problem, {{"note", safe_line(note.id)},
                                {"arguments", note_command_arguments(note.deck, note.id)}}));
        }
      });
  if (end == EditEnd::kAccepted && saved) {
    show_saved(context, *saved, words);
    return kExitOk;
  }
  switch (end) {
    case EditEnd::kAccepted:
    case EditEnd::kUnchanged: {
      protocol::NoteSaveResult unchanged;
      unchanged.note = note;
      show_saved(context, protocol::encode(unchanged), words);
      return kExitOk;
    }
    case EditEnd::kEmptied:
      std::cerr << "kioku: "
                << fill_in(file_words.note_emptied,
                           {{"arguments", note_command_arguments(note.deck, note.id)}})
                << '\n';
      break;
    case EditEnd::kUnchangedAfterError:
    case EditEnd::kTooManyProblems:
      std::cerr << "kioku: " << problems_end_text(end, file_words) << '\n';
      break;
  }
  return kExitFailure;
}

}  // namespace

CommandGroup edit_commands() {
  return {Command<EditArgs>("edit", {"Edit a note in $EDITOR; its cards keep their history",
                                     "ノートを $EDITOR で編集する（カードの履歴は保たれる）"})
              .option(&EditArgs::note, "NOTE",
                      {"the note's id, or a card's as N or card:N (when no note has that id)",
                       "ノートの ID。カードの ID（N または card:N）でもよい（その ID "
                       "のノートがなければ）"},
                      required())
              .option(&EditArgs::deck, "--deck",
                      {"the note's deck, when two decks have a note of this id",
                       "同じ ID のノートが二つのデッキにあるときの、ノートのデッキ"})
              .shows(protocol::kNoteUpdate,
                     [](const protocol::NoteSaveResult& result, std::ostream& out) {
                       print_note_saved(result, note_messages_for("en"), out);
                     })
              .runs([](CliContext& context, const EditArgs& args) -> int {
                return edit_note(context, args);
              })};
}

}  // namespace kioku::cli
