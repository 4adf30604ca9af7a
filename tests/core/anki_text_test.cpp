// Tests for the Anki text reader and its notes: every header, quoting, BOM, CRLF, sniffing, the
// hand-written exports in tests/fixtures/anki-text/, and each malformed input with its error.
#include <catch2/catch.hpp>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/anki_html_text.hpp"
#include "core/anki_note_type.hpp"
#include "core/anki_text_notes.hpp"
#include "core/anki_text_reader.hpp"
#include "core/byte_source.hpp"
#include "core/error.hpp"

namespace kioku {
namespace {

std::vector<AnkiTextRow> rows_of(const std::string& text, std::size_t chunk = 7) {
  StringByteSource source(text, chunk);
  AnkiTextReader reader(source, "f.txt");
  std::vector<AnkiTextRow> rows;
  AnkiTextRow row;
  while (reader.next(row)) rows.push_back(row);
  return rows;
}

std::vector<std::vector<std::string>> fields_of(const std::string& text, std::size_t chunk = 7) {
  std::vector<std::vector<std::string>> fields;
  for (const AnkiTextRow& row : rows_of(text, chunk)) fields.push_back(row.fields);
  return fields;
}

std::vector<AnkiTextNote> notes_of(const std::string& text, AnkiTextOptions options = {},
                                   std::size_t chunk = 5) {
  StringByteSource source(text, chunk);
  AnkiTextReader reader(source, "f.txt");
  if (options.fallback_deck.empty()) options.fallback_deck = "f";
  AnkiTextNotes notes(reader, options);
  std::vector<AnkiTextNote> all;
  AnkiTextNote note;
  while (notes.next(note)) all.push_back(note);
  return all;
}

std::vector<AnkiTextNote> fixture_notes(const std::string& name, AnkiTextOptions options = {}) {
  std::ifstream file(std::string(KIOKU_SOURCE_DIR) + "/tests/fixtures/anki-text/" + name,
                     std::ios::binary);
  REQUIRE(file);
  std::stringstream text;
  text << file.rdbuf();
  return notes_of(text.str(), options);
}

std::string input_error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

std::string text_of(const AnkiTextNote& note, const std::string& field) {
  return note.note.text(field, "en");
}

char separator_of(const std::string& text) {
  StringByteSource source(text);
  return AnkiTextReader(source, "f.txt").separator();
}

using FieldRows = std::vector<std::vector<std::string>>;

TEST_CASE("anki text: quoted fields hold separators, doubled quotes and line breaks",
          "[core][anki_text]") {
  const std::string text =
      "#separator:comma\n\"a, b\",\"say \"\"hi\"\"\",\"line 1\nline 2\"\nplain,x\"y,z\n";
  for (std::size_t chunk : {1, 2, 3, 7, 4096}) {
    INFO("chunk " << chunk);
    CHECK(fields_of(text, chunk) ==
          FieldRows{{"a, b", "say \"hi\"", "line 1\nline 2"}, {"plain", "x\"y", "z"}});
  }
  const std::vector<AnkiTextRow> rows = rows_of(text);
  CHECK(rows[0].line == 2);
  CHECK(rows[1].line == 4);
  CHECK(rows[0].field_columns == std::vector<int>{1, 8, 21});
}

TEST_CASE("anki text: a BOM is skipped and CRLF ends rows", "[core][anki_text]") {
  CHECK(fields_of("\xEF\xBB\xBF#separator:tab\r\na\tb\r\nc\td\r\n") ==
        FieldRows{{"a", "b"}, {"c", "d"}});
  // CRLF inside quotes is the field's, turned into "\n" when it becomes a note.
  CHECK(fields_of("#separator:,\r\n\"x\r\ny\",z\r\n") == FieldRows{{"x\r\ny", "z"}});
  const auto notes = notes_of("#separator:,\r\n\"x\r\ny\",z\r\n");
  REQUIRE(notes.size() == 1);
  CHECK(text_of(notes[0], "front") == "x\ny");
  // A BOM and then the legacy tags line.
  CHECK(notes_of("\xEF\xBB\xBFtags:a b\nx\ty\n")[0].note.tags ==
        std::vector<std::string>{"a", "b"});
}

TEST_CASE("anki text: empty lines and comment rows are skipped, anywhere", "[core][anki_text]") {
  CHECK(fields_of("#separator:tab\n\na\tb\n# a comment\tc\n\n\"#quoted\"\tc\n") ==
        FieldRows{{"a", "b"}, {"#quoted", "c"}});
}

TEST_CASE("anki text: a comment row may be longer than a row may", "[core][anki_text]") {
  const std::string text =
      "#separator:tab\na\tb\n#" + std::string(3 * kMaxAnkiTextRowBytes, 'x') + "\nc\td\n";
  CHECK(fields_of(text, 4096) == FieldRows{{"a", "b"}, {"c", "d"}});
}

TEST_CASE("anki text: the separator is sniffed as Anki sniffs it", "[core][anki_text]") {
  CHECK(separator_of("a\tb,c\n") == '\t');
  CHECK(separator_of("a|b;c\n") == '|');
  CHECK(separator_of("a;b:c\n") == ';');
  CHECK(separator_of("a:b,c\n") == ':');
  CHECK(separator_of("a,b c\n") == ',');
  CHECK(separator_of("a b\n") == ' ');
  CHECK(separator_of("ab\n") == ' ');  // none found: Anki's default
  // Only the body is looked at, not the headers.
  CHECK(separator_of("#deck:a|b\nx,y\n") == ',');
  // Only its first 8 KiB.
  CHECK(separator_of(std::string(9000, 'a') + ",b\n") == ' ');
}

TEST_CASE("anki text: #separator by name, any case, or as the character", "[core][anki_text]") {
  CHECK(separator_of("#separator:Tab\na,b\n") == '\t');
  CHECK(separator_of("#separator:COMMA\na\tb\n") == ',');
  CHECK(separator_of("#separator:semicolon\na\n") == ';');
  CHECK(separator_of("#separator:space\na\n") == ' ');
  CHECK(separator_of("#separator: \na\n") == ' ');
  CHECK(separator_of("#separator:pipe\na\n") == '|');
  CHECK(separator_of("#separator:colon\na\n") == ':');
  CHECK(separator_of("#Separator :|\na\n") == '|');
  CHECK(input_error_of([] { separator_of("#separator:slash\na\n"); }) ==
        "f.txt:1:12: #separator: unknown separator \"slash\"; Anki's are tab, comma, semicolon, "
        "space, pipe and colon (by name or as the character)");
}

TEST_CASE("anki text: #html true converts HTML, false keeps the text, absent sniffs it",
          "[core][anki_text]") {
  auto notes = notes_of("#html:true\n#separator:tab\n<b>x</b> &amp; y\ta<br>b\n");
  CHECK(text_of(notes[0], "front") == "**x** & y");
  CHECK(text_of(notes[0], "back") == "a\nb");
  notes = notes_of("#html:FALSE\n#separator:tab\n<b>x</b> &amp; y\ta<br>b\n");
  CHECK(text_of(notes[0], "front") == "<b>x</b> &amp; y");
  // Sniffed: any field of the first five rows with a tag makes the file HTML.
  notes = notes_of("#separator:tab\na &amp; b\tc\nd\t<i>e</i>\n");
  CHECK(text_of(notes[0], "front") == "a & b");
  CHECK(text_of(notes[1], "back") == "*e*");
  notes = notes_of("#separator:tab\na &amp; b\tc\n");
  CHECK(text_of(notes[0], "front") == "a &amp; b");
  CHECK(input_error_of([] { notes_of("#html:yes\na\n"); }) ==
        "f.txt:1:7: #html: must be true or false, not \"yes\"");
}

TEST_CASE("anki text: HTML to kioku text", "[core][anki_text]") {
  CHECK(anki_html_to_text("<div>one</div><div>two</div>") == "one\ntwo");
  CHECK(anki_html_to_text("<ul><li>a</li><li>b</li></ul>") == "- a\n- b");
  CHECK(anki_html_to_text("x<script>alert(1)</script><style>p{}</style>y") == "xy");
  CHECK(anki_html_to_text("<img src=\"cat.jpg\">") == "[image: cat.jpg]");
  CHECK(anki_html_to_text("a < b &unknown; &#65;&#x3042; &#0;") == "a < b &unknown; Aあ &#0;");
  CHECK(anki_html_to_text("<!-- note -->text<span style=\"x\">more</span>") == "textmore");
  CHECK(anki_html_to_text("<code>f()</code> <em>e</em> <strong>s</strong>") == "`f()` *e* **s**");
}

TEST_CASE("anki text: #deck, --deck and the file's name give the deck", "[core][anki_text]") {
  CHECK(notes_of("#deck:Japanese::Vocab\na\tb\n")[0].deck_name == "Japanese::Vocab");
  CHECK(notes_of("#deck:Japanese::Vocab\na\tb\n")[0].note.deck == "japanese-vocab");
  AnkiTextOptions options;
  options.deck = "Mine";
  CHECK(notes_of("#deck:Japanese::Vocab\na\tb\n", options)[0].note.deck == "mine");
  CHECK(notes_of("a\tb\n")[0].note.deck == "f");
  CHECK(anki_deck_slug("日本語").rfind("anki-", 0) == 0);
  CHECK(anki_deck_slug("日本語") != anki_deck_slug("中国語"));
  CHECK(anki_deck_slug("Kanji 日本").rfind("kanji-", 0) == 0);
  CHECK(anki_deck_slug(std::string(100, 'a')).size() <= 64);
}

TEST_CASE("anki text: #notetype and --kind pick the kind", "[core][anki_text]") {
  CHECK(notes_of("#notetype:Basic (and reversed card)\na\tb\n")[0].note.kind == NoteKind::kReverse);
  CHECK(notes_of("#notetype:Basic (optional reversed card)\na\tb\ty\n")[0].note.kind ==
        NoteKind::kBasicOptionalReverse);
  CHECK(notes_of("#notetype:Basic (type in the answer)\na\tb\n")[0].note.kind == NoteKind::kTyped);
  CHECK(notes_of("#notetype:basic\na\tb\n")[0].note.kind == NoteKind::kBasic);
  const auto cloze = notes_of("#notetype:Cloze\n{{c1::a}}\tb\n");
  CHECK(cloze[0].note.kind == NoteKind::kCloze);
  CHECK(text_of(cloze[0], "text") == "{{c1::a}}");
  CHECK(text_of(cloze[0], "extra") == "b");
  AnkiTextOptions options;
  options.kind = NoteKind::kTyped;
  CHECK(notes_of("#notetype:Cloze\na\tb\n", options)[0].note.kind == NoteKind::kTyped);
  CHECK(input_error_of([] { notes_of("#separator:tab\n#notetype:Image Occlusion\na\tb\n"); }) ==
        "f.txt:2: #notetype: note type \"Image Occlusion\" is not one kioku reads; kioku reads "
        "Basic, Basic (and reversed card), Basic (optional reversed card), Basic (type in the "
        "answer), Cloze, or a kioku kind: basic, reverse, basic-optional-reverse, typed, cloze "
        "(or give --kind)");
}

TEST_CASE("anki text: #tags and the tags line add tags to every note", "[core][anki_text]") {
  CHECK(notes_of("#tags:a b\u3000c\nx\ty\n")[0].note.tags ==
        std::vector<std::string>{"a", "b", "c"});
  CHECK(notes_of("tags:old\n#tags:new\nx\ty\n")[0].note.tags == std::vector<std::string>{"new"});
  // The first free column after the fields holds tags, with the headers' tags first.
  CHECK(notes_of("#tags:all\nx\ty\tone two\n")[0].note.tags ==
        std::vector<std::string>{"all", "one", "two"});
}

TEST_CASE("anki text: #columns and --columns name the columns", "[core][anki_text]") {
  auto notes = notes_of("#separator:tab\n#columns:Back\tFront\tTags\nb\tf\tt\n");
  CHECK(text_of(notes[0], "front") == "f");
  CHECK(text_of(notes[0], "back") == "b");
  CHECK(notes[0].note.tags == std::vector<std::string>{"t"});
  // Read with the file's separator even when #columns comes first.
  notes = notes_of("#columns:Front;Back\n#separator:;\nf;b\n");
  CHECK(text_of(notes[0], "back") == "b");
  // A label no field has: the column is left out.
  notes = notes_of("#separator:tab\n#columns:Front\tComment\tBack\nf\tignored\tb\n");
  CHECK(text_of(notes[0], "back") == "b");
  AnkiTextOptions options;
  options.columns = {"back", "-", "front", "tags"};
  notes = notes_of("#separator:tab\nb\tdropped\tf\tx y\n", options);
  CHECK(text_of(notes[0], "front") == "f");
  CHECK(text_of(notes[0], "back") == "b");
  CHECK(notes[0].note.tags == std::vector<std::string>{"x", "y"});
  // A row of another width is told against what --columns names, not a #columns the file lacks.
  CHECK(input_error_of([&] { notes_of("#separator:tab\nb\tdropped\tf\n", options); }) ==
        "f.txt:2: has 3 columns where --columns names 4; a separator in a field must be inside "
        "quotes");
  options.columns = {"front", "reading"};
  CHECK(input_error_of([&] { notes_of("a\tb\n", options); }) ==
        "f.txt: --columns: no field \"reading\" in kind basic (name its fields, tags, deck, guid, "
        "notetype, or - to leave a column out)");
}

TEST_CASE("anki text: a column labelled notetype makes each row name its kind",
          "[core][anki_text]") {
  // As `#notetype column` does: the labels' note type column is not dropped for basic.
  AnkiTextOptions options;
  options.columns = {"front", "back", "notetype"};
  auto notes =
      notes_of("#separator:tab\nf\tb\tBasic (and reversed card)\n{{c1::x}}\t\tcloze\n", options);
  REQUIRE(notes.size() == 2);
  CHECK(notes[0].note.kind == NoteKind::kReverse);
  CHECK(text_of(notes[0], "front") == "f");
  CHECK(text_of(notes[0], "back") == "b");
  CHECK(notes[1].note.kind == NoteKind::kCloze);
  CHECK(text_of(notes[1], "text") == "{{c1::x}}");
  // The same from #columns, and over #notetype, which says the default only when no column
  // names the type.
  notes = notes_of(
      "#separator:tab\n#notetype:Basic\n#columns:Note Type\tFront\tBack\n"
      "Basic (type in the answer)\tf\tb\n");
  CHECK(notes[0].note.kind == NoteKind::kTyped);
  // A column left out with "-" is no field's, whatever the row's kind.
  options.columns = {"kind", "-", "front", "back"};
  notes = notes_of("#separator:tab\nreverse\tdropped\tf\tb\n", options);
  CHECK(notes[0].note.kind == NoteKind::kReverse);
  CHECK(text_of(notes[0], "front") == "f");
  CHECK(text_of(notes[0], "back") == "b");
  // Labels that name fields of the row's kind are matched by name, not taken in order.
  options.columns = {"back", "front", "notetype"};
  notes = notes_of("#separator:tab\nb\tf\tBasic\n", options);
  CHECK(text_of(notes[0], "front") == "f");
  CHECK(text_of(notes[0], "back") == "b");
  // A label that is no field of a row's kind it otherwise names is refused at that row.
  options.columns = {"front", "bakc", "notetype"};
  CHECK(input_error_of([&] { notes_of("#separator:tab\nf\tb\tBasic\n", options); }) ==
        "f.txt:2:3: --columns: no field \"bakc\" in kind basic, this row's (name its fields, "
        "tags, deck, guid, notetype, or - to leave a column out)");
  // A label on a column a header has taken is not the note type column: #notetype still holds.
  options.columns = {"front", "back", "notetype"};
  notes = notes_of(
      "#separator:tab\n#notetype:Basic (and reversed card)\n#tags column:3\n"
      "f\tb\tt1 t2\n",
      options);
  CHECK(notes[0].note.kind == NoteKind::kReverse);
  CHECK(notes[0].note.tags == std::vector<std::string>{"t1", "t2"});
  // --kind says every note's kind: the column is then not read.
  options.kind = NoteKind::kBasic;
  options.columns = {"front", "back", "notetype"};
  notes = notes_of("#separator:tab\nf\tb\tCloze\n", options);
  CHECK(notes[0].note.kind == NoteKind::kBasic);
  // A column left out with "-" never becomes the first field.
  options.columns = {"-", "back"};
  CHECK(input_error_of([&] { notes_of("#separator:tab\nx\tb\n", options); }) ==
        "f.txt: --columns: no column left for field front of kind basic");
}

TEST_CASE("anki text: #guid column gives the note's id, else the first field does",
          "[core][anki_text]") {
  auto notes = notes_of("#guid column:1\ng1\tf\tb\n");
  CHECK(notes[0].note.id == "g1");
  CHECK(text_of(notes[0], "front") == "f");
  // Without a guid: the same first field and kind is the same note, whatever the back says.
  const auto first = notes_of("x\ty\n");
  const auto second = notes_of("x\tz\n");
  CHECK(first[0].note.id == second[0].note.id);
  CHECK(notes_of("other\ty\n")[0].note.id != first[0].note.id);
  CHECK(input_error_of([] { notes_of("#guid column:1\ng 1\tf\tb\n"); }) ==
        "f.txt:2:1: id: only printable ASCII without spaces may make an id");
}

TEST_CASE("anki text: #deck column, #notetype column and #tags column", "[core][anki_text]") {
  AnkiTextOptions fallback;
  fallback.deck = "Fallback";
  auto notes = notes_of("#deck column:1\nA::B\tf\tb\n\tf2\tb2\n", fallback);
  CHECK(notes[0].deck_name == "A::B");
  CHECK(notes[1].deck_name == "Fallback");
  notes = notes_of("#notetype column:2\nf\tBasic (and reversed card)\tb\n{{c1::x}}\tCloze\t\n");
  CHECK(notes[0].note.kind == NoteKind::kReverse);
  CHECK(text_of(notes[0], "back") == "b");
  CHECK(notes[1].note.kind == NoteKind::kCloze);
  CHECK(text_of(notes[1], "text") == "{{c1::x}}");
  CHECK(input_error_of([] { notes_of("#notetype column:1\nOcclusion\tf\tb\n"); }) ==
        "f.txt:2:1: notetype: note type \"Occlusion\" is not one kioku reads; kioku reads Basic, "
        "Basic (and reversed card), Basic (optional reversed card), Basic (type in the answer), "
        "Cloze, or a kioku kind: basic, reverse, basic-optional-reverse, typed, cloze");
  // An empty cell is the file's #notetype, else basic, as in Anki.
  notes = notes_of("#notetype column:2\nf\t\tb\ng\t \th\n");
  CHECK(notes[0].note.kind == NoteKind::kBasic);
  CHECK(text_of(notes[0], "back") == "b");
  CHECK(notes[1].note.kind == NoteKind::kBasic);
  CHECK(text_of(notes[1], "back") == "h");
  notes = notes_of("#notetype:Cloze\n#notetype column:2\n{{c1::x}}\t\te\nf\tBasic\tb\n");
  CHECK(notes[0].note.kind == NoteKind::kCloze);
  CHECK(text_of(notes[0], "extra") == "e");
  CHECK(notes[1].note.kind == NoteKind::kBasic);
  CHECK(input_error_of(
            [] { notes_of("#notetype:Occlusion\n#notetype column:1\nBasic\tf\tb\n\tf\tb\n"); }) ==
        "f.txt:4:1: notetype: the row names no note type, and #notetype's \"Occlusion\" is "
        "not one kioku reads; kioku reads Basic, Basic (and reversed card), Basic "
        "(optional reversed card), Basic (type in the answer), Cloze, or a kioku kind: "
        "basic, reverse, basic-optional-reverse, typed, cloze");
  notes = notes_of("#tags column:1\nt1 t2\tf\tb\n");
  CHECK(notes[0].note.tags == std::vector<std::string>{"t1", "t2"});
  CHECK(text_of(notes[0], "front") == "f");
  CHECK(input_error_of([] { notes_of("#tags column:zero\na\n"); }) ==
        "f.txt:1:14: #tags column: must be a column number from 1 to 1000, not \"zero\"");
  CHECK(input_error_of([] { notes_of("#guid column:0\na\n"); }) ==
        "f.txt:1:14: #guid column: must be a column number from 1 to 1000, not \"0\"");
}

TEST_CASE("anki text: unknown headers are ignored, if matches other than update is refused",
          "[core][anki_text]") {
  CHECK(
      notes_of("#future key:1\n#match scope:notetype\n#if matches:update current\na\tb\n").size() ==
      1);
  CHECK(input_error_of([] { notes_of("#if matches:keep both\na\tb\n"); }) ==
        "f.txt:1:13: #if matches: kioku always updates a note the file has again (\"update "
        "current\"); \"keep both\" is not read");
}

TEST_CASE("anki text: malformed files name the file, line and column", "[core][anki_text]") {
  CHECK(input_error_of([] { notes_of(""); }) ==
        "f.txt: has no notes: nothing but headers, comments or empty lines (an empty file?)");
  CHECK(input_error_of([] { notes_of("#separator:tab\n# only a comment\n\n"); }) ==
        "f.txt: has no notes: nothing but headers, comments or empty lines (an empty file?)");
  CHECK(input_error_of([] { notes_of("a\tb\nc\td\te\n"); }) ==
        "f.txt:2:5: has 3 columns where the file has 2 (its first row's); a separator in a field "
        "must be inside quotes");
  CHECK(input_error_of([] { notes_of("a\tb\nc\n"); }) ==
        "f.txt:2: has 1 columns where the file has 2 (its first row's); a separator in a field "
        "must be inside quotes");
  CHECK(input_error_of([] { notes_of("a\tb\n\"c\td\n\ne\tf\n"); }) ==
        "f.txt:2:1: the quote that opens this field is never closed");
  CHECK(input_error_of([] { notes_of("a\tb\nc\td\xff\n"); }) ==
        "f.txt:2:4: is not valid UTF-8 (byte 0xFF); Anki's text files are UTF-8: save the file "
        "as UTF-8 and import it again");
  CHECK(input_error_of([] { notes_of("#deck:\xc3\n a\tb\n"); }) ==
        "f.txt:1:7: is not valid UTF-8 (byte 0xC3); Anki's text files are UTF-8: save the file "
        "as UTF-8 and import it again");
  CHECK(input_error_of([] { notes_of("#separator:tab\nf\tb\textra\tmore\n"); }) ==
        "f.txt:2:11: column 4 has text that no field of kind basic takes; name the columns with "
        "--columns (- leaves one out)");
  // A note its kind refuses: a cloze without a deletion, named at its column.
  CHECK(input_error_of([] {
          notes_of("#notetype:cloze\n#separator:tab\nx\tno cloze\nno cloze\tx\n");
        }).rfind("f.txt:3:1: text: ", 0) == 0);
  CHECK(input_error_of([] { notes_of("\t\n"); }).rfind("f.txt:1:1: front: ", 0) == 0);
  // A deck's name keeps to a deck file's rules: from the header (named at the row), from a
  // column (at its cell).
  CHECK(input_error_of([] { notes_of("#deck:" + std::string(300, 'd') + "\na\tb\n"); }) ==
        "f.txt:2: deck: the deck name is 300 bytes long; at most 256 bytes are allowed");
  CHECK(input_error_of([] {
          notes_of("#separator:tab\n#deck column:3\na\tb\tA\x1b]0;title\x07\n");
        }).rfind("f.txt:3:5: deck: the deck name contains the control character U+001B (ESC)", 0) ==
        0);
}

// The error's English (what()) and its Japanese, "no error" in both when there is none.
std::pair<std::string, std::string> anki_text_error_in_both(const std::function<void()>& action) {
  try {
    action();
  } catch (const InputError& error) {
    return {error.what(), error.japanese()};
  }
  return {"no error", "no error"};
}

TEST_CASE("anki text: the errors are worded in Japanese too, the English as it was",
          "[core][anki_text]") {
  using Both = std::pair<std::string, std::string>;
  CHECK(anki_text_error_in_both([] { separator_of("#separator:slash\na\n"); }) ==
        Both{"f.txt:1:12: #separator: unknown separator \"slash\"; Anki's are tab, comma, "
             "semicolon, space, pipe and colon (by name or as the character)",
             "f.txt:1:12: #separator: 区切り文字 \"slash\" は不明です。Anki の区切り文字は tab、"
             "comma、semicolon、space、pipe、colon です（名前か、その文字そのもので指定します）"});
  CHECK(anki_text_error_in_both([] { notes_of("#html:yes\na\n"); }) ==
        Both{"f.txt:1:7: #html: must be true or false, not \"yes\"",
             "f.txt:1:7: #html: true か false にしてください（\"yes\" になっています）"});
  CHECK(anki_text_error_in_both([] { notes_of(""); }) ==
        Both{"f.txt: has no notes: nothing but headers, comments or empty lines (an empty file?)",
             "f.txt: ノートがありません: ヘッダー、コメント、空行しかありません"
             "（空のファイルでは？）"});
  CHECK(anki_text_error_in_both([] { notes_of("a\tb\nc\td\te\n"); }) ==
        Both{"f.txt:2:5: has 3 columns where the file has 2 (its first row's); a separator in a "
             "field must be inside quotes",
             "f.txt:2:5: 列が 3 個ありますが、このファイルは 2 列です（最初の行の列数）。"
             "フィールド内の区切り文字は引用符で囲んでください"});
  CHECK(anki_text_error_in_both([] { notes_of("a\tb\n\"c\td\n\ne\tf\n"); }) ==
        Both{"f.txt:2:1: the quote that opens this field is never closed",
             "f.txt:2:1: このフィールドを始める引用符が閉じられていません"});
  CHECK(anki_text_error_in_both([] { notes_of("a\tb\nc\td\xff\n"); }) ==
        Both{"f.txt:2:4: is not valid UTF-8 (byte 0xFF); Anki's text files are UTF-8: save the "
             "file as UTF-8 and import it again",
             "f.txt:2:4: UTF-8 として正しくありません（バイト 0xFF）。Anki のテキストファイルは "
             "UTF-8 です。ファイルを UTF-8 で保存して、もう一度取り込んでください"});
  CHECK(anki_text_error_in_both([] { notes_of("#separator:tab\nf\tb\textra\tmore\n"); }) ==
        Both{"f.txt:2:11: column 4 has text that no field of kind basic takes; name the columns "
             "with --columns (- leaves one out)",
             "f.txt:2:11: 列 4 のテキストは種類 basic のどのフィールドにも入りません。--columns "
             "で列に名前を付けてください（- でその列を除けます）"});
  AnkiTextOptions options;
  options.columns = {"front", "reading"};
  CHECK(anki_text_error_in_both([&] { notes_of("a\tb\n", options); }) ==
        Both{"f.txt: --columns: no field \"reading\" in kind basic (name its fields, tags, deck, "
             "guid, notetype, or - to leave a column out)",
             "f.txt: --columns: 種類 basic にフィールド \"reading\" はありません（そのフィールド名"
             "か tags、deck、guid、notetype を指定するか、- で列を除いてください）"});
  // A note its kind refuses (core/note_validation.cpp), its Japanese carried into the file's
  // error: an id, a cloze that does not read (core/cloze.cpp) and a tag.
  CHECK(anki_text_error_in_both([] { notes_of("#guid column:1\ng 1\tf\tb\n"); }) ==
        Both{"f.txt:2:1: id: only printable ASCII without spaces may make an id",
             "f.txt:2:1: id: ID に使えるのは空白を除く印字可能な ASCII 文字だけです"});
  CHECK(anki_text_error_in_both([] {
          notes_of("#notetype:cloze\n#separator:tab\nx {{c1::open\tx\n");
        }) == Both{"f.txt:3:1: text: {{c1:: is never closed (a deletion ends with }})",
                   "f.txt:3:1: text: {{c1:: が閉じられていません（穴埋めは }} で終わります）"});
  CHECK(anki_text_error_in_both([] { notes_of("#separator:tab\n#tags:a\u202Eb\nf\tb\n"); }) ==
        Both{"f.txt:3: tags: the tag \"a\\u202eb\" contains the bidirectional control U+202E "
             "(RIGHT-TO-LEFT OVERRIDE) at character 2, which would reorder how a terminal shows "
             "the text",
             "f.txt:3: tags: タグ \"a\\u202eb\" の 2 文字目に双方向制御文字 U+202E"
             "（RIGHT-TO-LEFT OVERRIDE）があります。端末での文字の表示順を入れ替えてしまいます"});
  // The note types kioku reads are worded in each language (core/anki_note_type.cpp).
  const Both unread = anki_text_error_in_both(
      [] { notes_of("#separator:tab\n#notetype:Image Occlusion\na\tb\n"); });
  CHECK(unread.first.rfind("f.txt:2: #notetype: note type \"Image Occlusion\" is not one kioku "
                           "reads; kioku reads Basic, ",
                           0) == 0);
  CHECK(unread.second.rfind("f.txt:2: #notetype: ノートタイプ \"Image Occlusion\" は kioku が"
                            "読めるものではありません。kioku が読めるのは Basic",
                            0) == 0);
}

// A first row, then an opened quote and 'x' without end; counts what was read.
class EndlessQuoteSource : public ByteSource {
 public:
  std::size_t read(char* buffer, std::size_t size) override {
    const std::string start = "a\tb\n\"";
    std::size_t count = 0;
    for (; count < size; ++count, ++offset_) {
      buffer[count] = offset_ < start.size() ? start[offset_] : 'x';
    }
    return count;
  }
  std::size_t offset_ = 0;
};

TEST_CASE("anki text: a row past the limit is refused before the file is read whole",
          "[core][anki_text]") {
  EndlessQuoteSource source;
  const std::string error = input_error_of([&] {
    AnkiTextReader reader(source, "f.txt");
    AnkiTextRow row;
    while (reader.next(row)) {
    }
  });
  CHECK(error == "f.txt:2: a row longer than 1048576 bytes (a quote that is never closed?)");
  // What a file without end gives: the reader stopped within a read or two of the limit.
  CHECK(source.offset_ < 2 * kMaxAnkiTextRowBytes);
}

TEST_CASE("anki text: a row of more fields than columns can be named is refused",
          "[core][anki_text]") {
  const std::string row_of_commas = std::string(kMaxAnkiTextColumns, ',');
  CHECK(input_error_of([&] { fields_of("#separator:comma\na,b\n" + row_of_commas + "\n"); }) ==
        "f.txt:3: a row with more than 1000 fields; kioku maps at most that many columns");
  // As many as may be named is still a row.
  CHECK(fields_of("#separator:comma\n" + std::string(kMaxAnkiTextColumns - 1, ',') + "\n")
            .at(0)
            .size() == static_cast<std::size_t>(kMaxAnkiTextColumns));
}

TEST_CASE("anki text: header lines end at a CR alone, as rows do", "[core][anki_text]") {
  const auto notes = notes_of("#separator:tab\r#deck:Kanji\rone\t1\rtwo\t2\r");
  REQUIRE(notes.size() == 2);
  CHECK(notes[0].deck_name == "Kanji");
  CHECK(text_of(notes[1], "back") == "2");
  // Lines are counted the same way in errors.
  CHECK(input_error_of([] { notes_of("#separator:tab\ra\tb\rc\td\xff\r"); }) ==
        "f.txt:3:4: is not valid UTF-8 (byte 0xFF); Anki's text files are UTF-8: save the file "
        "as UTF-8 and import it again");
}

TEST_CASE("anki text: a header's value is quoted and cut in its error", "[core][anki_text]") {
  const std::string error =
      input_error_of([] { notes_of("#html:" + std::string(100000, 'y') + "\e[2J\na\tb\n"); });
  CHECK(error.rfind("f.txt:1:7: #html: must be true or false, not \"yyy", 0) == 0);
  CHECK(error.size() < 200);
}

TEST_CASE("anki text: HTML of a megabyte of stray '&' and '<' comes through as text",
          "[core][anki_text]") {
  const std::string ampersands(1024 * 1024, '&');
  CHECK(anki_html_to_text(ampersands) == ampersands);
  std::string opened;
  for (int i = 0; i < 512 * 1024; ++i) opened += "<a";
  CHECK(anki_html_to_text(opened) == opened);
  std::string scripts;
  for (int i = 0; i < 100000; ++i) scripts += "<script>x</SCRIPT>y";
  CHECK(anki_html_to_text(scripts) == std::string(100000, 'y'));
}

TEST_CASE("anki text: Anki's note types and field names", "[core][anki_text]") {
  CHECK(kind_of_anki_note_type("Basic") == NoteKind::kBasic);
  CHECK(kind_of_anki_note_type("cloze") == NoteKind::kCloze);
  CHECK_FALSE(kind_of_anki_note_type("choice"));
  CHECK_FALSE(kind_of_anki_note_type("Basic-12345"));
  CHECK(field_of_anki_name(NoteKind::kCloze, "Back Extra") == "extra");
  CHECK(field_of_anki_name(NoteKind::kBasicOptionalReverse, "Add Reverse") == "add_reverse");
  CHECK(field_of_anki_name(NoteKind::kBasic, "Text").empty());
}

TEST_CASE("anki text: each hand-written export reads as its header says", "[core][anki_text]") {
  auto notes = fixture_notes("separator-comma.csv");
  REQUIRE(notes.size() == 2);
  CHECK(text_of(notes[1], "front") == "one, two");
  CHECK(text_of(notes[1], "back") == "いち、に");
  CHECK(fixture_notes("separator-semicolon.txt").size() == 2);
  CHECK(text_of(fixture_notes("separator-pipe.txt")[1], "back") == "あお");
  notes = fixture_notes("html-true.txt");
  CHECK(text_of(notes[0], "front") == "**bold** & more");
  CHECK(text_of(notes[1], "front") == "block\nnext");
  CHECK(text_of(notes[1], "back") == "<tag> あ");
  CHECK(text_of(fixture_notes("html-false.txt")[0], "back") == "<b>stays</b>");
  notes = fixture_notes("deck.txt");
  CHECK(notes[0].note.deck == "japanese-vocab");
  notes = fixture_notes("notetype.txt");
  CHECK(notes[1].note.kind == NoteKind::kCloze);
  CHECK(fixture_notes("tags.txt")[0].note.tags == std::vector<std::string>{"jlpt", "n5"});
  notes = fixture_notes("columns.txt");
  CHECK(text_of(notes[0], "front") == "水");
  CHECK(notes[0].note.tags == std::vector<std::string>{"noun"});
  CHECK(fixture_notes("guid-column.txt")[1].note.id == "QwE456rTy");
  notes = fixture_notes("deck-column.txt");
  CHECK(notes[0].note.deck == "verbs");
  CHECK(notes[1].note.deck == "nouns");
  notes = fixture_notes("notetype-column.txt");
  REQUIRE(notes.size() == 3);
  CHECK(notes[1].note.kind == NoteKind::kReverse);
  CHECK(notes[2].note.kind == NoteKind::kCloze);
  CHECK(text_of(notes[2], "extra") == "mountain");
  CHECK(fixture_notes("tags-column.txt")[0].note.tags ==
        std::vector<std::string>{"nature", "water"});
  notes = fixture_notes("anki-export.txt");
  REQUIRE(notes.size() == 3);
  CHECK(notes[0].note.id == "f5Kp!x`A1q");
  CHECK(notes[0].deck_name == "Japanese::Kanji");
  CHECK(text_of(notes[0], "back") == "sun\nday");
  CHECK(notes[0].note.tags == std::vector<std::string>{"kanji", "n5"});
  CHECK(notes[1].note.kind == NoteKind::kReverse);
  CHECK(notes[2].note.kind == NoteKind::kCloze);
  CHECK(notes[2].note.deck == "japanese-grammar");
  CHECK(fixture_notes("tags-line.txt")[0].note.tags ==
        std::vector<std::string>{"legacy", "imported"});
  CHECK(fixture_notes("sniffed.tsv").size() == 2);
  notes = fixture_notes("bom-crlf.csv");
  REQUIRE(notes.size() == 2);
  CHECK(text_of(notes[0], "back") == "line one\nline two");
  CHECK(text_of(notes[1], "front") == "say \"hi\"");
}

}  // namespace
}  // namespace kioku

TEST_CASE("anki text: a field of nothing but spaces is an empty field, as Anki shows it",
          "[core][anki_text]") {
  const auto notes = notes_of("#separator:tab\nfront\t   \nother\t \r\n");
  REQUIRE(notes.size() == 2);
  for (const AnkiTextNote& note : notes) CHECK_FALSE(note.note.has_text("back"));
}
