// kioku add, edit, notes and note delete/restore from the command line: --field's forms, the
// default language, the params sent, card ids, and the options parsed into the table's fields.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_table.hpp"
#include "cli/note_arguments.hpp"
#include "cli/note_messages.hpp"
#include "core/error.hpp"
#include "tests/cli/cli_helpers.hpp"

using namespace kioku;
using namespace kioku::cli;

namespace {

using kioku::test::english_note_messages;

std::string arguments_error(const std::vector<std::string>& arguments) {
  try {
    fields_from_arguments(arguments, "en", english_note_messages);
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kInvalidParams);
    return error.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("add arguments: --field NAME=TEXT in the default language, NAME.LANGUAGE=TEXT in that",
          "[cli][note-arguments]") {
  const protocol::NoteFieldsView fields = fields_from_arguments(
      {"front=to eat", "front.ja=食べる", "back=x = y.z", "extra="}, "en", english_note_messages);
  CHECK(fields == protocol::NoteFieldsView{{"front", {{"en", "to eat"}, {"ja", "食べる"}}},
                                           {"back", {{"en", "x = y.z"}}}});
  CHECK(fields_from_arguments({"front=a"}, "ja", english_note_messages).at("front").count("ja") ==
        1);
  CHECK(arguments_error({"front"}) == "--field front: expected NAME=TEXT or NAME.LANGUAGE=TEXT");
  CHECK(arguments_error({"=text"}) == "--field =text: expected NAME=TEXT or NAME.LANGUAGE=TEXT");
  CHECK(arguments_error({"front.=text"}) ==
        "--field front.=text: expected NAME=TEXT or NAME.LANGUAGE=TEXT");
  CHECK(arguments_error({"front=a", "front.en=b"}) ==
        "--field front.en=b: this field and language was given already");
}

TEST_CASE(
    "add arguments: the default language is kioku's when the deck has it, else the deck's "
    "first",
    "[cli][note-arguments]") {
  CHECK(default_text_language({"en", "ja"}, "ja") == "ja");
  CHECK(default_text_language({"en", "ja"}, "en") == "en");
  CHECK(default_text_language({"ja"}, "en") == "ja");
  CHECK(default_text_language({"de", "fr"}, "en") == "de");
  CHECK(default_text_language({}, "ja") == "ja");  // no such deck: the daemon will say so
  CHECK(languages_for_editing({"en", "ja"}, "ja") == std::vector<std::string>{"ja", "en"});
  CHECK(languages_for_editing({}, "en") == std::vector<std::string>{"en"});
}

TEST_CASE("add arguments: the params of note.add and note.update", "[cli][note-arguments]") {
  NoteContent note;
  note.kind = "choice";
  note.fields = {{"question", {{"en", "Which?"}}}};
  note.choices = {{"en", {"a", "b"}}};
  note.answer = 2;
  note.tags = {"t"};
  // The same members and values, in whatever order (JSON objects have none).
  CHECK(boost::json::value(note_add_params("d", note)) ==
        boost::json::parse(
            R"({"deck":"d","kind":"choice","fields":{"question":{"en":"Which?"}},"tags":["t"],)"
            R"("choices":{"en":["a","b"]},"answer":2})"));
  note.id = "N1";
  note.kind = "basic";
  note.choices.clear();
  note.answer.reset();
  CHECK(boost::json::value(note_update_params(note, "")) ==
        boost::json::parse(
            R"({"note":"N1","kind":"basic","fields":{"question":{"en":"Which?"}},"tags":["t"]})"));
  CHECK(note_update_params(note, "d").at("deck") == "d");
  CHECK(note_add_params("d", note).at("id") == "N1");
}

TEST_CASE("edit arguments: a card as N or card:N", "[cli][note-arguments]") {
  CHECK(card_id_of("12") == 12);
  CHECK(card_id_of("card:7") == 7);
  CHECK_FALSE(card_id_of("card:"));
  CHECK_FALSE(card_id_of("gc-001"));
  CHECK_FALSE(card_id_of("0"));
  CHECK_FALSE(card_id_of("-3"));
  CHECK_FALSE(card_id_of("99999999999999999999999"));
}

TEST_CASE("note commands: the command line parses into the commands' options",
          "[cli][note-arguments]") {
  const auto parses = [](const std::vector<std::string>& arguments) {
    const CommandTable table = command_table();
    std::ostringstream out;
    std::ostringstream err;
    const ParsedLine line = parse_command_line(table, "kioku", arguments, out, err);
    INFO(err.str());
    return !line.exit_code.has_value() && !line.path.empty();
  };
  CHECK(parses({"add", "--deck", "d", "--field", "front=a", "--field", "back=b", "--tag", "x"}));
  CHECK(parses({"add", "--deck", "d", "--kind", "cloze", "--field", "text={{c1::a}}"}));
  CHECK(parses({"add", "--deck", "d", "--kind", "choice", "--field", "question=q", "--choice", "a",
                "--choice", "b", "--answer", "2", "--json"}));
  CHECK(parses({"add", "--deck", "d"}));
  CHECK_FALSE(parses({"add", "--field", "front=a"}));             // --deck is required
  CHECK_FALSE(parses({"add", "--deck", "d", "--kind", "flip"}));  // no such kind
  CHECK_FALSE(parses({"add", "--deck", "d", "--answer", "0"}));   // counts from 1
  CHECK(parses({"edit", "card:3"}));
  CHECK_FALSE(parses({"edit"}));
  CHECK(parses({"notes"}));
  CHECK(parses({"notes", "eat", "--deck", "d", "--tag", "t", "--deleted", "--limit", "5"}));
  CHECK_FALSE(parses({"notes", "--limit", "0"}));
  CHECK(parses({"notes", "--limit", "5", "--offset", "0"}));
  CHECK(parses({"notes", "--offset", "100000"}));
  CHECK_FALSE(parses({"notes", "--offset", "-1"}));
  CHECK_FALSE(parses({"notes", "--offset", "many"}));
  CHECK(parses({"note", "delete", "N1"}));
  CHECK(parses({"note", "restore", "N1", "--deck", "d"}));
  CHECK_FALSE(parses({"note"}));
}
