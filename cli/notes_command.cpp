// kioku notes [QUERY]: the notes found by deck, tag or text; kioku note delete / restore NOTE:
// the soft delete (the cards leave the queue, their history stays) and its undo.
#include <limits>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/note_lookup.hpp"
#include "cli/note_printing.hpp"
#include "cli/terminal/terminal.hpp"
#include "protocol/note_types.hpp"

namespace kioku::cli {

namespace {

struct NotesArgs {
  std::string deck;
  std::string tag;
  bool deleted = false;
  std::optional<int> limit;
  std::optional<int> offset;
  std::string query;
};

struct NoteArgs {
  std::string note;
  std::string deck;
};

boost::json::object find_params(const NotesArgs& args) {
  boost::json::object params;
  if (!args.deck.empty()) params["deck"] = args.deck;
  if (!args.tag.empty()) params["tag"] = args.tag;
  if (!args.query.empty()) params["text"] = args.query;
  if (args.deleted) params["deleted"] = true;
  if (args.limit) params["limit"] = *args.limit;
  if (args.offset) params["offset"] = *args.offset;
  return params;
}

// The table is as wide as the terminal; 80 columns into a pipe or file.
constexpr int kPrintedWidth = 80;

template <class Print>
CommandSpec note_verb(
    std::string name, Help help, Help note_help,
    const protocol::MethodType<protocol::NoteGetParams, protocol::NoteDeleteResult>& method,
    Print print) {
  return Command<NoteArgs>(std::move(name), std::move(help))
      .option(&NoteArgs::note, "NOTE", std::move(note_help), required())
      .option(&NoteArgs::deck, "--deck",
              {"the note's deck, when two decks have a note of this id",
               "同じ ID のノートが二つのデッキにあるときの、ノートのデッキ"})
      .shows(method, [print](const protocol::NoteDeleteResult& result,
                             std::ostream& out) { print(result, note_messages_for("en"), out); })
      .runs([method = &method, print](CliContext& context, const NoteArgs& args) {
        const NoteMessages& words = note_messages_for(context.language);
        show_result(context, *method,
                    call_on_note(context, method->name, args.note, args.deck, words),
                    [&](const protocol::NoteDeleteResult& result, std::ostream& out) {
                      print(result, words, out);
                    });
      });
}

}  // namespace

CommandGroup notes_commands() {
  const Help note_help{"the note's id, or a card's as N or card:N (when no note has that id)",
                       "ノートの ID。カードの ID（N または card:N）でもよい（その ID "
                       "のノートがなければ）"};
  return {
      Command<NotesArgs>("notes", {"List notes, by deck, tag or text",
                                   "ノートの一覧（デッキ、タグ、テキストで絞り込み）"})
          .option(&NotesArgs::query, "QUERY",
                  {"only notes with this text in a field (or this id)",
                   "フィールドにこのテキストを含むノート（またはこの ID のノート）だけ"})
          .option(&NotesArgs::deck, "--deck", {"only this deck's notes", "このデッキのノートだけ"})
          .option(&NotesArgs::tag, "--tag",
                  {"only notes with this tag or a tag under it (a::b takes a::b::c), in any case",
                   "このタグかその下のタグ（a::b なら a::b::c "
                   "も）のノートだけ。大文字小文字は区別しない"})
          .flag(&NotesArgs::deleted, "--deleted",
                {"deleted notes instead (kioku note restore brings one back)",
                 "代わりに削除されたノート（kioku note restore で元に戻せる）"})
          .option(&NotesArgs::limit, "--limit",
                  {"at most this many (default 100)", "最大件数（既定値 100）"}, between(1, 1000))
          .option(&NotesArgs::offset, "--offset",
                  {"skip this many first, to see the next page (default 0)",
                   "先頭からこの件数を飛ばす。次のページを見るとき（既定値 0）"},
                  between(0, std::numeric_limits<int>::max()))
          .shows(
              protocol::kNoteFind,
              [](const protocol::NoteFindResult& result, const NotesArgs& args, std::ostream& out) {
                print_notes(result, args.deleted, args.offset.value_or(0), note_messages_for("en"),
                            "en", kPrintedWidth, out);
              })
          .runs([](CliContext& context, const NotesArgs& args) {
            call_and_show(context, protocol::kNoteFind, find_params(args),
                          [&](const protocol::NoteFindResult& result, std::ostream& out) {
                            print_notes(result, args.deleted, args.offset.value_or(0),
                                        note_messages_for(context.language), context.language,
                                        stdout_is_terminal() ? terminal_width() : kPrintedWidth,
                                        out);
                          });
          }),
      noun("note", {"Delete a note or bring it back", "ノートの削除と復元"},
           {note_verb("delete",
                      {"Delete a note: its cards leave the queue, their history stays",
                       "ノートを削除する（カードは出題されなくなり、履歴は残る）"},
                      note_help, protocol::kNoteDelete, print_note_deleted),
            note_verb(
                "restore",
                {"Bring back a deleted note and its cards", "削除したノートとそのカードを元に戻す"},
                note_help, protocol::kNoteRestore, print_note_restored)})};
}

}  // namespace kioku::cli
