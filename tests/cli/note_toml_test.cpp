// A note as TOML for the editor (cli/note_toml.hpp): written and read back to the same note,
// every field of the kind in the file, and what is wrong named with its line and column.
#include <catch2/catch.hpp>
#include <string>

#include "cli/note_messages.hpp"
#include "cli/note_toml.hpp"
#include "core/note_kind.hpp"
#include "tests/cli/cli_helpers.hpp"

using namespace kioku;
using namespace kioku::cli;

namespace {

using kioku::test::english_file_messages;

NoteTomlLayout bilingual() {
  NoteTomlLayout layout;
  layout.languages = {"en", "ja"};
  layout.heading = {"A heading"};
  return layout;
}

NoteContent round_trip(const NoteContent& note, const NoteTomlLayout& layout = bilingual()) {
  return read_note_toml(write_note_toml(note, layout, english_file_messages), "en",
                        english_file_messages)
      .note;
}

// The NoteTomlError reading `text` throws.
NoteTomlError toml_error_of(const std::string& text) {
  try {
    read_note_toml(text, "en", english_file_messages);
  } catch (const NoteTomlError& error) {
    return error;
  }
  FAIL("no error for: " << text);
  return NoteTomlError(0, 0, "", "");
}

}  // namespace

TEST_CASE("note toml: a note written and read back is the same note", "[cli][note-toml]") {
  NoteContent basic;
  basic.id = "Fx3#k";
  basic.kind = "basic";
  basic.fields = {{"front", {{"en", "to eat"}, {"ja", "食べる"}}}, {"back", {{"en", "taberu"}}}};
  basic.tags = {"verbs", "n5"};
  CHECK(round_trip(basic) == basic);

  SECTION("texts with quotes, backslashes, newlines, tabs and controls") {
    NoteContent tricky = basic;
    tricky.fields["front"]["en"] = "say \"hi\" \\ or ''' or \"\"\" \t end";
    tricky.fields["back"]["en"] = "line one\nline \"two\"\\\n\nend\n";
    tricky.fields["back"]["ja"] = "esc \x1b[31m, del \x7f, C1 \xc2\x9b, bidi \xe2\x80\xae, cr \r";
    CHECK(round_trip(tricky) == tricky);
    const std::string text = write_note_toml(tricky, bilingual(), english_file_messages);
    // A text over several lines reads as itself in the editor.
    CHECK(text.find("back.en = \"\"\"\nline one\nline \\\"two\\\"\\\\\n\nend\n\"\"\"") !=
          std::string::npos);
    // Nothing raw that a terminal editor would act on.
    CHECK(text.find('\x1b') == std::string::npos);
    CHECK(text.find("\xc2\x9b") == std::string::npos);
    CHECK(text.find("\\u001b") != std::string::npos);
  }
  SECTION("a choice note's choices and answer") {
    NoteContent choice;
    choice.id = "gc-001";
    choice.kind = "choice";
    choice.fields = {{"question", {{"en", "Which?"}, {"ja", "どれ？"}}},
                     {"explanation", {{"en", "Because."}}}};
    choice.choices = {{"en", {"A", "B, \"b\""}}, {"ja", {"あ", "い"}}};
    choice.answer = 2;
    CHECK(round_trip(choice) == choice);
  }
  SECTION("a note's source is kept, though a new note's template has none") {
    NoteContent sourced = basic;
    sourced.fields["source"] = {{"en", "Chen et al. 2016, sec. 4.3"}, {"ja", "Chen ら 4.3 節"}};
    CHECK(round_trip(sourced) == sourced);
    const std::string text = write_note_toml(sourced, bilingual(), english_file_messages);
    CHECK(text.find("# source: where the note's fact comes from") != std::string::npos);
    CHECK(write_note_toml(basic, bilingual(), english_file_messages).find("source") ==
          std::string::npos);
  }
  SECTION("a cloze note, and a language the deck does not list") {
    NoteContent cloze;
    cloze.kind = "cloze";
    cloze.fields = {{"text",
                     {{"en", "{{c1::Tokyo}} is in {{c2::Japan::country}}"},
                      {"fr", "{{c1::Tokyo}} est au {{c2::Japon}}"}}}};
    CHECK(round_trip(cloze) == cloze);
  }
}

TEST_CASE("note toml: every field of the kind is in the file, in each language, with its help",
          "[cli][note-toml]") {
  NoteContent empty;
  empty.kind = "reverse";
  const std::string text = write_note_toml(empty, bilingual(), english_file_messages);
  CHECK(text.find("# A heading\n") == 0);
  for (const char* line : {"kind = \"reverse\"\n", "tags = []\n", "front.en = \"\"\n",
                           "front.ja = \"\"\n", "back.en = \"\"\n", "back.ja = \"\"\n"}) {
    INFO(line);
    CHECK(text.find(line) != std::string::npos);
  }
  CHECK(text.find("# front: the question side. (required)") != std::string::npos);
  CHECK(text.find("id = ") == std::string::npos);  // a new note has no id yet
  // Read back, the empty texts are no texts.
  CHECK(read_note_toml(text, "en", english_file_messages).note.fields.empty());

  NoteContent typed = empty;
  typed.kind = "typed";
  CHECK(write_note_toml(typed, bilingual(), english_file_messages).find("typed in and compared") !=
        std::string::npos);
  // In Japanese, the comments are Japanese.
  CHECK(write_note_toml(typed, bilingual(), note_file_messages_for("ja")).find("問題の面") !=
        std::string::npos);
  // Every kind writes a file that reads back as that kind.
  for (const NoteKindSpec& spec : note_kinds()) {
    NoteContent note;
    note.kind = std::string(spec.name);
    INFO(note.kind);
    CHECK(read_note_toml(write_note_toml(note, bilingual(), english_file_messages), "en",
                         english_file_messages)
              .note.kind == note.kind);
  }
}

TEST_CASE("note toml: a plain text is in the default language - an inline table works too",
          "[cli][note-toml]") {
  const ReadNote read =
      read_note_toml("kind = \"basic\"\nfront = \"hello\"\nback = {en = \"a\", ja = \"あ\"}\n",
                     "ja", english_file_messages);
  CHECK(read.note.fields.at("front") == std::map<std::string, std::string>{{"ja", "hello"}});
  CHECK(read.note.fields.at("back").at("ja") == "あ");
  CHECK(read.lines.at("front") == 2);
  CHECK(read.lines.at("front.ja") == 2);
  CHECK(read.lines.at("back") == 3);
}

TEST_CASE("note toml: what is wrong is named with its line, column and field", "[cli][note-toml]") {
  SECTION("TOML that does not parse") {
    const NoteTomlError error = toml_error_of("kind = \"basic\"\nfront.en = \"unclosed\n");
    CHECK(error.line() == 2);
    CHECK(std::string(error.what()).find("note.toml:2:") == 0);
  }
  SECTION("a field the kind does not have") {
    const NoteTomlError error = toml_error_of("kind = \"basic\"\n\nfornt.en = \"x\"\n");
    CHECK(error.line() == 3);
    CHECK(error.column() == 1);
    CHECK(error.field() == "fornt");
    CHECK(error.problem() ==
          "a basic note has no field of this name (it has front, back, source, tags)");
    CHECK(std::string(error.what()) ==
          "note.toml:3:1: fornt: a basic note has no field of this name (it has front, back, "
          "source, tags)");
  }
  SECTION("choices are a choice note's only") {
    CHECK(toml_error_of("kind = \"cloze\"\nchoices.en = [\"a\"]\n").field() == "choices");
  }
  SECTION("a kind that does not exist, or none") {
    const NoteTomlError unknown = toml_error_of("kind = \"flip\"\n");
    CHECK(unknown.field() == "kind");
    CHECK(unknown.line() == 1);
    CHECK(unknown.problem().find("no kind \"flip\"") != std::string::npos);
    CHECK(toml_error_of("front.en = \"x\"\n").problem() == english_file_messages.toml_no_kind);
  }
  SECTION("values of the wrong type") {
    const NoteTomlError number = toml_error_of("kind = \"basic\"\nfront.en = 3\n");
    CHECK(number.field() == "front.en");
    CHECK(number.line() == 2);
    CHECK(number.problem() == english_file_messages.toml_not_text);
    CHECK(toml_error_of("kind = \"basic\"\ntags = \"a\"\n").problem() ==
          english_file_messages.toml_not_list);
    CHECK(toml_error_of("kind = \"basic\"\ntags = [\"a\", 1]\n").problem() ==
          english_file_messages.toml_not_list);
    CHECK(toml_error_of("kind = \"choice\"\nanswer = \"2\"\n").problem() ==
          english_file_messages.toml_not_number);
    CHECK(toml_error_of("kind = \"basic\"\nfront.en.x = \"a\"\n").problem() ==
          english_file_messages.toml_not_texts);
    CHECK(toml_error_of("kind = 1\n").field() == "kind");
  }
}

TEST_CASE("note toml: a hostile file is refused before toml++ reads it, and read in linear time",
          "[cli][note-toml]") {
  // 50,000 levels of dotted keys overflowed toml++'s stack (docs/faults.md, "Deck files").
  std::string deep = "kind = \"basic\"\nfront";
  for (int level = 0; level < 50'000; ++level) deep += ".a";
  deep += " = \"x\"\n";
  const NoteTomlError too_deep = toml_error_of(deep);
  CHECK(too_deep.line() == 2);
  CHECK_FALSE(too_deep.problem().empty());
  CHECK(toml_error_of("kind = \"basic\"\n[[notes]]\nfront = \"x\"\n").problem() ==
        english_file_messages.toml_no_tables);
  // Many values on one line: each text's place found in one walk, not one walk each.
  std::string wide = "kind = \"basic\"\nfront = {";
  for (int value = 0; value < 20'000; ++value) {
    wide += (value == 0 ? "" : ", ") + std::string("l") + std::to_string(value) + " = \"t\"";
  }
  wide += "}\n";
  const ReadNote read = read_note_toml(wide, "en", english_file_messages);
  CHECK(read.text_starts.at("front.l19999") ==
        FilePlace{2, static_cast<int>(wide.rfind("\"t\"") - wide.find('\n')) + 1});
}

TEST_CASE("note toml: the daemon's problem with a field points at its place in the file",
          "[cli][note-toml]") {
  const ReadNote read = read_note_toml(R"(kind = "cloze"

text.en = "{{c1::x"
text.ja = """
first
  {{c2::y"""
extra.ja = '''ab'''
)",
                                       "en", english_file_messages);
  CHECK(read.text_starts.at("text.en") == FilePlace{3, 12});
  CHECK(read.text_starts.at("text.ja") == FilePlace{5, 1});
  CHECK(read.text_starts.at("extra.ja") == FilePlace{7, 15});
  // A place in the text is that place in the file: on the value's line, or the lines after.
  CHECK(place_of_daemon_problem("invalid note: field text.en: column 1: {{c1:: is never closed",
                                read) == FilePlace{3, 12});
  CHECK(place_of_daemon_problem("field text.ja: line 2, column 3: {{c2:: is never closed", read) ==
        FilePlace{6, 3});
  // A field's problem without a place points at the field's line; one not in the file, at
  // nothing.
  CHECK(place_of_daemon_problem("field text.ja: no cloze", read) == FilePlace{4, 0});
  CHECK(place_of_daemon_problem("field text: no cloze", read) == FilePlace{3, 0});
  CHECK(place_of_daemon_problem("field extra.en: no text", read) == FilePlace{7, 0});
  CHECK(place_of_daemon_problem("field back.en: required", read) == FilePlace{});
  CHECK(place_of_daemon_problem("no deck \"x\"", read) == FilePlace{});
  CHECK(place_of_daemon_problem("field text.en: column 99999999999: x", read).line == 3);
}
