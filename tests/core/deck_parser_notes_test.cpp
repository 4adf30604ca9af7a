// Tests for deck format 2 (docs/deck-format.md): a deck of every kind in two languages and in
// one, and each error a note can have naming the file, line, column and field.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/card_generation.hpp"
#include "core/deck_parser.hpp"
#include "core/deck_parser_limits.hpp"
#include "core/error.hpp"
#include "tests/support/deck_texts.hpp"

namespace kioku {
namespace {

constexpr const char* kNotesDeckFile = "decks/notes.toml";

struct NoteFailure {
  int line = -1;
  int column = -1;
  std::string field;
  std::string what;
  std::string japanese;
};

NoteFailure note_failure(const std::string& text) {
  try {
    parse_deck(text, kNotesDeckFile);
  } catch (const InputError& error) {
    CHECK(error.file() == kNotesDeckFile);
    CHECK(error.code() == ErrorCode::kInvalidInput);
    return {error.line(), error.column(), error.field(), error.what(), error.japanese()};
  }
  FAIL("the deck parsed without an error");
  return {};
}

// A format 2 deck in English with `notes` after its head (lines 1 to 6): the first note's
// header is on line 7.
std::string english_deck(const std::string& notes) {
  return "format = 2\nlanguages = [\"en\"]\n\n[deck]\nid = \"errors\"\nname = \"Errors\"\n" + notes;
}

// The same in English and Japanese.
std::string bilingual_deck(const std::string& notes) {
  return "format = 2\nlanguages = [\"en\", \"ja\"]\n\n[deck]\nid = \"errors\"\nname.en = "
         "\"Errors\"\nname.ja = \"エラー\"\n" +
         notes;
}

std::vector<std::string> field_names(const Note& note) {
  std::vector<std::string> names;
  for (const NoteField& field : note.fields) names.push_back(field.name);
  return names;
}

TEST_CASE("deck_parser notes: a bilingual deck of every kind", "[core][deck_parser][notes]") {
  const Deck deck = parse_deck(test::kBilingualNotes, kNotesDeckFile);
  CHECK(deck.format == 2);
  CHECK(deck.id == "every-kind");
  CHECK(deck.name.at("ja") == "すべての種類");
  CHECK(deck.cards.empty());
  REQUIRE(deck.notes.size() == 6);

  const std::vector<NoteKind> kinds{
      NoteKind::kBasic, NoteKind::kReverse, NoteKind::kBasicOptionalReverse,
      NoteKind::kCloze, NoteKind::kTyped,   NoteKind::kChoice};
  const std::vector<int> lines{10, 20, 30, 41, 52, 61};
  const std::vector<std::size_t> card_counts{1, 2, 2, 2, 1, 1};
  for (std::size_t i = 0; i < deck.notes.size(); ++i) {
    const DeckNote& entry = deck.notes[i];
    INFO("note " << i + 1);
    CHECK(entry.note.kind == kinds[i]);
    CHECK(entry.note.deck == "every-kind");
    CHECK(entry.line == lines[i]);
    CHECK(entry.column == 1);
    CHECK(entry.sibling_group.empty());
    CHECK(generate_cards(entry.note).size() == card_counts[i]);
    for (const NoteField& field : entry.note.fields) {
      INFO(field.name);
      CHECK(field.text.size() == 2);
    }
  }

  const Note& basic = deck.notes[0].note;
  CHECK(basic.id == "basic-1");
  CHECK(basic.tags == std::vector<std::string>{"geography", "capitals"});
  CHECK(field_names(basic) == std::vector<std::string>{"front", "back"});
  CHECK(basic.text("front", "ja") == "日本の首都は？");
  CHECK(basic.text("back", "en") == "Tokyo");

  // A sub-table gives a field as well as dotted keys do.
  CHECK(deck.notes[1].note.text("back", "ja") == "いぬ");
  CHECK(field_names(deck.notes[2].note) ==
        std::vector<std::string>{"front", "back", "add_reverse"});

  // A multi-line string loses its first newline, as TOML says.
  const Note& cloze = deck.notes[3].note;
  CHECK(field_names(cloze) == std::vector<std::string>{"text", "extra"});
  CHECK(cloze.text("text", "en") == "{{c1::Tokyo}} is the capital\nof {{c2::Japan::country}}.");
  CHECK(cloze.text("extra", "ja") == "1868年から。");

  CHECK(generate_cards(deck.notes[4].note).front().typed_answer);

  const Note& choice = deck.notes[5].note;
  CHECK(field_names(choice) == std::vector<std::string>{"question", "explanation"});
  CHECK(choice.choices.at("ja") == std::vector<std::string>{"順伝播", "逆伝播", "どちらでもない"});
  CHECK(choice.answer == 2);
  CHECK(choice.text("explanation", "en") == "The backward pass.");
}

TEST_CASE("deck_parser notes: a deck of one language writes plain strings",
          "[core][deck_parser][notes]") {
  const Deck deck = parse_deck(test::kOneLanguageNotes, kNotesDeckFile);
  CHECK(deck.name == LocalizedText{{"en", "One language"}});
  REQUIRE(deck.notes.size() == 6);
  CHECK(deck.notes[0].note.id == "Ab3$x/9!");
  CHECK(deck.notes[0].note.text("front", "en") == "Capital of France?");
  CHECK(deck.notes[1].note.id == "r{2}");
  CHECK(generate_cards(deck.notes[1].note).size() == 2);
  // No add_reverse: one card.
  CHECK(generate_cards(deck.notes[2].note).size() == 1);
  CHECK(generate_cards(deck.notes[3].note).size() == 2);
  CHECK(deck.notes[3].note.fields.size() == 1);
  CHECK(deck.notes[4].note.kind == NoteKind::kTyped);
  const Note& choice = deck.notes[5].note;
  CHECK(choice.choices == LocalizedChoices{{"en", {"Green", "Seven"}}});
  CHECK(choice.answer == 1);
  CHECK(choice.tags == std::vector<std::string>{"colours"});
  CHECK(field_names(choice) == std::vector<std::string>{"question"});
}

TEST_CASE("deck_parser notes: notes may sit in the head as an array of inline tables",
          "[core][deck_parser][notes]") {
  const Deck deck = parse_deck(
      "format = 2\nlanguages = [\"en\"]\nnotes = [\n  { id = \"a\", kind = \"basic\", front = "
      "\"A\" },\n  { id = \"b\", kind = \"cloze\", text = \"{{c1::B}}\" },\n]\n[deck]\nid = "
      "\"inline\"\nname = \"Inline\"\n",
      kNotesDeckFile);
  REQUIRE(deck.notes.size() == 2);
  CHECK(deck.notes[0].line == 4);
  CHECK(deck.notes[0].column == 3);
  CHECK(deck.notes[1].note.text("text", "en") == "{{c1::B}}");
}

TEST_CASE("deck_parser notes: an error reads file:line:column: field: message",
          "[core][deck_parser][notes]") {
  const NoteFailure failure = note_failure(english_deck(
      "[[notes]]\nid = \"c\"\nkind = \"cloze\"\ntext = \"Paris is {{c1::the capital\"\n"));
  CHECK(failure.what ==
        "decks/notes.toml:10:18: notes[1].text: {{c1:: is never closed (a deletion ends with }})");
  CHECK(failure.line == 10);
  CHECK(failure.column == 18);
  CHECK(failure.field == "notes[1].text");
}

TEST_CASE("deck_parser notes: each broken rule names its line, column and field",
          "[core][deck_parser][notes]") {
  struct Row {
    const char* name;
    std::string notes;  // after english_deck's head, from line 7
    int line;
    int column;
    const char* field;
    const char* message;  // a part of the message
  };
  const auto row = GENERATE(values<Row>({
      {"a cloze note with no cloze",
       "[[notes]]\nid = \"c\"\nkind = \"cloze\"\ntext = \"Paris is the capital\"\n", 10, 8,
       "notes[1].text", "no cloze: mark what to ask as {{c1::text}}"},
      {"a cloze numbered 0", "[[notes]]\nid = \"c\"\nkind = \"cloze\"\ntext = \"a {{c0::b}}\"\n",
       10, 11, "notes[1].text", "{{c0:: makes no card"},
      {"an unclosed cloze after escapes",
       "[[notes]]\nid = \"c\"\nkind = \"cloze\"\ntext = \"\\\"q\\\" \\u00e9 {{c1::x\"\n", 10, 22,
       "notes[1].text", "{{c1:: is never closed"},
      {"an unclosed cloze on a multi-line string's second line",
       "[[notes]]\nid = \"c\"\nkind = \"cloze\"\ntext = \"\"\"\nfirst line\nthen {{c2::x\"\"\"\n",
       12, 6, "notes[1].text", "{{c2:: is never closed"},
      {"an unclosed cloze in a literal string",
       "[[notes]]\nid = \"c\"\nkind = \"cloze\"\n  text = 'a\\b {{c1::x'\n", 10, 15,
       "notes[1].text", "{{c1:: is never closed"},
      {"a field the kind does not have",
       "[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\"\nquestion = \"Q\"\n", 11, 12,
       "notes[1].question", "a basic note has no such field (it has front, back, source)"},
      {"a kind that does not exist", "[[notes]]\nid = \"b\"\nkind = \"flashcard\"\nfront = \"F\"\n",
       9, 8, "notes[1].kind", "no kind \"flashcard\" (there are basic, reverse,"},
      {"a required field missing", "[[notes]]\nid = \"b\"\nkind = \"reverse\"\nfront = \"F\"\n", 7,
       1, "notes[1].back", "a reverse note needs it"},
      {"an empty field", "[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"  \"\n", 10, 9,
       "notes[1].front", "must not be empty"},
      {"no id", "[[notes]]\nkind = \"basic\"\nfront = \"F\"\n", 7, 1, "notes[1].id",
       "missing (required)"},
      {"an id with a space", "[[notes]]\nid = \"a b\"\nkind = \"basic\"\nfront = \"F\"\n", 8, 6,
       "notes[1].id", "only printable ASCII without spaces"},
      {"no kind", "[[notes]]\nid = \"b\"\nfront = \"F\"\n", 7, 1, "notes[1].kind",
       "missing (required)"},
      {"one choice",
       "[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nchoices = [\"A\"]\nanswer = "
       "1\n",
       11, 11, "notes[1].choices", "between 2 and 8 choices, got 1"},
      {"an empty choice",
       "[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nchoices = [\"A\", "
       "\"\"]\nanswer = "
       "1\n",
       11, 11, "notes[1].choices", "choice 2 is empty"},
      {"an answer past the choices",
       "[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nchoices = [\"A\", "
       "\"B\"]\nanswer "
       "= 3\n",
       12, 10, "notes[1].answer", "one of the choices, 1 to 2, got 3"},
      {"no answer",
       "[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nchoices = [\"A\", \"B\"]\n", 7,
       1, "notes[1].answer", "missing (required)"},
      {"a huge answer",
       "[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nchoices = [\"A\", "
       "\"B\"]\nanswer "
       "= 99999999999\n",
       12, 10, "notes[1].answer", "got 99999999999"},
      {"no choices", "[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nanswer = 1\n", 7,
       1, "notes[1].choices", "a choice note needs choices"},
      {"choices on a basic note",
       "[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\"\nchoices = [\"A\", \"B\"]\n", 11, 11,
       "notes[1].choices", "only a choice note has choices"},
      {"an answer on a basic note, even 0",
       "[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\"\nanswer = 0\n", 11, 10,
       "notes[1].answer", "only a choice note has an answer"},
      {"choices not a list",
       "[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nchoices = \"A\"\nanswer = 1\n",
       11, 11, "notes[1].choices", "must be written choices = […] or choices.en = […]"},
      {"a field not a string", "[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = 3\n", 10, 9,
       "notes[1].front", "must be written front = \"…\" or front.en = \"…\""},
      {"a text in a language not listed",
       "[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront.en = \"F\"\nfront.fr = \"F\"\n", 11, 12,
       "notes[1].front.fr", "language is not listed in `languages`"},
      {"a tag with a space",
       "[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\"\ntags = [\"a b\"]\n", 11, 8,
       "notes[1].tags", "without spaces"},
      {"a control character in a field",
       "[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\\u001b[2J\"\n", 10, 9,
       "notes[1].front", "control character U+001B (ESC)"},
      {"add_reverse without a back",
       "[[notes]]\nid = \"o\"\nkind = \"basic-optional-reverse\"\nfront = \"F\"\nadd_reverse = "
       "\"y\"\n",
       7, 1, "notes[1].back", "add_reverse needs it"},
      {"two notes with one id",
       "[[notes]]\nid = \"same\"\nkind = \"basic\"\nfront = \"F\"\n\n[[notes]]\nid = "
       "\"same\"\nkind = \"basic\"\nfront = \"G\"\n",
       13, 6, "notes[2].id", "duplicate note id \"same\" (first used at line 7)"},
      {"a [[cards]] table in format 2",
       "[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\"\n[[cards]]\nid = \"c\"\n", 11, 1,
       "cards", "a format 2 deck has [[notes]]; [[cards]] are format 1's"},
  }));
  INFO(row.name);
  const NoteFailure failure = note_failure(english_deck(row.notes));
  INFO(failure.what);
  CHECK(failure.line == row.line);
  CHECK(failure.column == row.column);
  CHECK(failure.field == row.field);
  CHECK_THAT(failure.what, Catch::Contains(row.message));
}

TEST_CASE("deck_parser notes: an error reads the same in Japanese, the English kept as it was",
          "[core][deck_parser][notes]") {
  struct Row {
    std::string deck;
    const char* english;
    const char* japanese;
  };
  const std::vector<Row> rows{
      {english_deck("[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nchoices = "
                    "\"A\"\nanswer = 1\n"),
       "decks/notes.toml:11:11: notes[1].choices: must be written choices = […] or choices.en = "
       "[…]",
       "decks/notes.toml:11:11: notes[1].choices: choices = […] または choices.en = […] "
       "と書かなければなりません"},
      {bilingual_deck("[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\"\n"),
       "decks/notes.toml:11:9: notes[1].front: must give one per language (front.en = \"…\", "
       "front.ja = \"…\"); a plain string is for a deck of one language",
       "decks/notes.toml:11:9: notes[1].front: 言語ごとに 1 つずつ指定しなければなりません"
       "（front.en = \"…\", front.ja = \"…\"）。ただの文字列は言語が 1 つのデッキで使います"},
      {english_deck("[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\"\nanswer = 0\n"),
       "decks/notes.toml:11:10: notes[1].answer: only a choice note has an answer",
       "decks/notes.toml:11:10: notes[1].answer: answer を持つのは choice のノートだけです"},
      {english_deck("[[notes]]\nid = \"a\"\nkind = \"anki\"\nnote_type = \"Basic\"\n"),
       R"(decks/notes.toml:10:13: notes[1].note_type: no note type "Basic" in the file's )"
       "[[note_types]]",
       R"(decks/notes.toml:10:13: notes[1].note_type: ファイルの [[note_types]] にノートタイプ )"
       R"("Basic" はありません)"},
      {english_deck("[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nchoices = "
                    "[\"A\", \"B\\u202e\"]\nanswer = 1\n"),
       "decks/notes.toml:11:17: notes[1].choices: choice 2 contains the bidirectional control "
       "U+202E (RIGHT-TO-LEFT OVERRIDE) at character 2, which would reorder how a terminal shows "
       "the text",
       "decks/notes.toml:11:17: notes[1].choices: 選択肢 2 の 2 文字目に双方向制御文字 U+202E"
       "（RIGHT-TO-LEFT OVERRIDE）があります。端末での文字の表示順を入れ替えてしまいます"},
      {english_deck("[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion = \"Q\"\nchoices = "
                    "[\"A\", \"B\\u2028C\"]\nanswer = 1\n"),
       "decks/notes.toml:11:17: notes[1].choices: choice 2 contains the line break U+2028 (LINE "
       "SEPARATOR) at character 2; this text must be one line",
       "decks/notes.toml:11:17: notes[1].choices: 選択肢 2 の 2 文字目に改行文字 U+2028"
       "（LINE SEPARATOR）があります。このテキストは 1 行でなければなりません"},
      {english_deck("[[notes]]\nx = " + std::string(40, '[')),
       "decks/notes.toml:8: notes[1]: tables, arrays and key parts are nested more than 32 levels "
       "deep (a deck needs 5)",
       "decks/notes.toml:8: notes[1]: テーブル、配列、キーの部分の入れ子が 32 段を超えています"
       "（デッキに必要なのは 5 段です）"},
  };
  for (const Row& row : rows) {
    INFO(row.english);
    const NoteFailure failure = note_failure(row.deck);
    CHECK(failure.what == row.english);
    CHECK(failure.japanese == row.japanese);
  }
}

TEST_CASE("deck_parser notes: errors in a bilingual deck name the language",
          "[core][deck_parser][notes]") {
  SECTION("a cloze in one language that is not closed") {
    const NoteFailure failure = note_failure(bilingual_deck(
        "[[notes]]\nid = \"c\"\nkind = \"cloze\"\ntext.en = \"{{c1::a}}\"\ntext.ja = "
        "\"東京は{{c1::首都\"\n"));
    CHECK(failure.line == 12);
    // Columns count characters: 東京は is three.
    CHECK(failure.column == 15);
    CHECK(failure.field == "notes[1].text.ja");
  }
  SECTION("a field missing a language") {
    const NoteFailure failure =
        note_failure(bilingual_deck("[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront.en = \"F\"\n"));
    CHECK(failure.line == 11);
    CHECK(failure.column == 1);
    CHECK(failure.field == "notes[1].front.ja");
    CHECK_THAT(failure.what, Catch::Contains("missing (required)"));
  }
  SECTION("a plain string in a deck of two languages") {
    const NoteFailure failure =
        note_failure(bilingual_deck("[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\"\n"));
    CHECK(failure.line == 11);
    CHECK(failure.column == 9);
    CHECK(failure.field == "notes[1].front");
    CHECK_THAT(failure.what, Catch::Contains("front.en = \"…\", front.ja = \"…\""));
  }
  SECTION("choices of different lengths") {
    const NoteFailure failure = note_failure(bilingual_deck(
        "[[notes]]\nid = \"q\"\nkind = \"choice\"\nquestion.en = \"Q\"\nquestion.ja = "
        "\"問\"\nchoices.en = [\"A\", \"B\"]\nchoices.ja = [\"あ\", \"い\", \"う\"]\nanswer = "
        "1\n"));
    CHECK(failure.line == 14);
    CHECK(failure.column == 14);
    CHECK(failure.field == "notes[1].choices.ja");
    CHECK_THAT(failure.what, Catch::Contains("3 choices, but another language has 2"));
  }
}

TEST_CASE("deck_parser notes: the formats do not mix", "[core][deck_parser][notes]") {
  SECTION("[[notes]] in format 1") {
    const NoteFailure failure = note_failure(
        "format = 1\nlanguages = [\"en\"]\n[deck]\nid = \"a\"\nname.en = \"A\"\n[[notes]]\nid = "
        "\"n\"\n");
    CHECK(failure.line == 6);
    CHECK(failure.column == 0);  // format 1's errors keep their form: no column
    CHECK(failure.field == "notes");
    CHECK_THAT(failure.what, Catch::Contains("a format 1 deck has [[cards]]"));
  }
  SECTION("a format this kioku does not read") {
    const NoteFailure failure = note_failure(english_deck("").replace(9, 1, "3"));
    CHECK(failure.line == 1);
    CHECK(failure.field == "format");
    CHECK_THAT(failure.what, Catch::Contains("reads deck formats 1 and 2, got 3"));
  }
  SECTION("a format 2 deck without notes") {
    const NoteFailure failure = note_failure(english_deck(""));
    CHECK(failure.field == "notes");
    CHECK_THAT(failure.what, Catch::Contains("missing (required)"));
  }
}

TEST_CASE("deck_parser notes: the limits of format 1 hold for notes",
          "[core][deck_parser][notes]") {
  SECTION("a field past its length") {
    const std::string front(kMaxQuestionBytes + 1, 'x');
    const NoteFailure failure = note_failure(
        english_deck("[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"" + front + "\"\n"));
    CHECK(failure.line == 10);
    CHECK(failure.field == "notes[1].front");
    CHECK_THAT(failure.what, Catch::Contains("at most 131072 bytes (128 KiB) are allowed"));
  }
  SECTION("too many tags") {
    std::string tags = "tags = [";
    for (std::size_t i = 0; i <= kMaxTagsPerCard; ++i) tags += "\"t" + std::to_string(i) + "\",";
    const NoteFailure failure = note_failure(
        english_deck("[[notes]]\nid = \"b\"\nkind = \"basic\"\nfront = \"F\"\n" + tags + "]\n"));
    CHECK(failure.field == "notes[1].tags");
    CHECK_THAT(failure.what, Catch::Contains("at most 256 are allowed"));
  }
  SECTION("too many notes") {
    std::string notes;
    for (std::size_t i = 0; i <= kMaxNotes; ++i) notes += "[[notes]]\n";
    const NoteFailure failure = note_failure(english_deck(notes));
    CHECK(failure.field == "notes[100001]");
    CHECK_THAT(failure.what, Catch::Contains("a deck holds at most 100000 notes"));
  }
}

}  // namespace
}  // namespace kioku
