// What kioku add, edit, notes and note delete/restore print (cli/note_printing.hpp), through the
// command table's `show` where the command has one: the daemon's texts made safe, the table
// measured in terminal columns.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "cli/command_table.hpp"
#include "cli/note_messages.hpp"
#include "cli/note_printing.hpp"
#include "cli/terminal/text_width.hpp"
#include "protocol/note_types.hpp"

using namespace kioku;
using namespace kioku::cli;

namespace {

protocol::NoteCardView card(std::int64_t id, std::string template_name, bool retired = false) {
  protocol::NoteCardView view;
  view.id = id;
  view.template_ = std::move(template_name);
  view.kind = "basic";
  view.retired = retired;
  view.state.phase = "new";
  return view;
}

protocol::NoteView note(std::string id, std::string kind, protocol::NoteFieldsView fields) {
  protocol::NoteView view;
  view.id = std::move(id);
  view.deck = "words";
  view.kind = std::move(kind);
  view.fields = std::move(fields);
  return view;
}

std::string note_shown(const std::vector<std::string>& words, const boost::json::value& result) {
  const CommandTable table = command_table();
  const CommandSpec* at = &table.program;
  for (const std::string& word : words) {
    const CommandSpec* found = nullptr;
    for (const CommandSpec& command : at->subcommands) {
      if (command.name == word) found = &command;
    }
    REQUIRE(found != nullptr);
    at = found;
  }
  REQUIRE(at->show);
  std::ostringstream out;
  at->show(result, out);
  return out.str();
}

}  // namespace

TEST_CASE("printing notes: an added note and its cards", "[cli][note-print]") {
  protocol::NoteSaveResult result;
  result.note = note("N1", "reverse", {{"front", {{"en", "a"}}}, {"back", {{"en", "b"}}}});
  result.note.cards = {card(12, "forward"), card(13, "backward")};
  result.added = {12, 13};
  result.changed = true;
  CHECK(note_shown({"add"}, protocol::encode(result)) ==
        "Added note N1 to deck words: 2 cards\n  card 12: forward\n  card 13: backward\n");
}

TEST_CASE("printing notes: a save says which cards were added, retired and brought back",
          "[cli][note-print]") {
  protocol::NoteSaveResult result;
  result.note = note("N\x1b[2J", "cloze", {{"text", {{"en", "{{c1::a}} {{c3::c}}"}}}});
  result.note.cards = {card(20, "c1"), card(21, "c2", true), card(22, "c3")};
  result.added = {22};
  result.retired = {21};
  result.changed = true;
  const std::string text = note_shown({"edit"}, protocol::encode(result));
  CHECK(text ==
        "Saved note N\\u001b[2J: 2 cards\n  card 20: c1\n"
        "  card 21: c2 (retired: suspended, history kept)\n  card 22: c3\n"
        "New cards: 22\nRetired cards (suspended, their history kept): 21\n");
  result.changed = false;
  CHECK(note_shown({"edit"}, protocol::encode(result)) ==
        "No change to note N\\u001b[2J: nothing saved.\n");
}

TEST_CASE("printing notes: the table fits the width, Japanese text measured in columns",
          "[cli][note-print]") {
  protocol::NoteFindResult result;
  result.notes.push_back(note("N1", "basic", {{"front", {{"en", "to eat"}, {"ja", "食べる"}}}}));
  result.notes.back().cards = {card(1, "card")};
  result.notes.back().tags = {"verbs", "n5"};
  result.notes.push_back(
      note("N2", "cloze",
           {{"text",
             {{"en", std::string(200, 'x') + "\nsecond line"},
              {"ja", "東京は{{c1::日本}}の首都です。とても長い文がここに続きます。" +
                         std::string(100, 'y')}}}}));
  result.notes.back().cards = {card(2, "c1"), card(3, "c2", true)};
  result.more = true;
  std::ostringstream out;
  print_notes(result, false, 40, note_messages_for("en"), "en", 80, out);
  std::istringstream lines(out.str());
  std::string line;
  std::vector<std::string> all;
  while (std::getline(lines, line)) all.push_back(line);
  REQUIRE(all.size() == 4);
  CHECK(all[0].rfind("ID  KIND   DECK   TEXT", 0) == 0);
  CHECK(all[1].find("to eat") != std::string::npos);
  CHECK(all[1].find("verbs n5") != std::string::npos);
  for (std::size_t at = 0; at < 3; ++at) CHECK(display_width(all[at]) <= 80);
  CHECK(all[2].find("…") != std::string::npos);  // cut to the width
  INFO(out.str());
  // The retired card is not counted; no tags leave no spaces at the end.
  CHECK(all[2].substr(all[2].size() - 3) == "  1");
  // The next page starts past the 40 skipped and the 2 shown.
  CHECK(all[3] ==
        "More notes match than the 2 shown: the next with --offset 42, or narrow the "
        "search.");

  std::ostringstream japanese;
  print_notes(result, false, 40, note_messages_for("ja"), "ja", 60, japanese);
  CHECK(japanese.str().find("--offset 42") != std::string::npos);
  CHECK(japanese.str().find("種類") != std::string::npos);
  CHECK(japanese.str().find("食べる") != std::string::npos);
  std::istringstream japanese_lines(japanese.str());
  while (std::getline(japanese_lines, line)) {
    if (line.rfind("表示した", 0) != 0) CHECK(display_width(line) <= 60);
  }

  CHECK(note_shown({"notes"}, protocol::encode(protocol::NoteFindResult{})) == "No notes found.\n");
}

TEST_CASE("printing notes: delete and restore, and doing either twice", "[cli][note-print]") {
  protocol::NoteDeleteResult result;
  result.note = note("N1", "basic", {{"front", {{"en", "a"}}}});
  result.note.cards = {card(1, "card")};
  result.changed = true;
  CHECK(note_shown({"note", "delete"}, protocol::encode(result)) ==
        "Deleted note N1 (1 card); kioku note restore --deck words N1 brings it back.\n");
  CHECK(note_shown({"note", "restore"}, protocol::encode(result)) ==
        "Restored note N1 (1 card).\n");
  result.changed = false;
  CHECK(note_shown({"note", "delete"}, protocol::encode(result)) ==
        "Note N1 was deleted already.\n");
  CHECK(note_shown({"note", "restore"}, protocol::encode(result)) ==
        "Note N1 is not deleted: nothing to restore.\n");
}
