// The note model: its kinds and their fields, its ids, and the errors an invalid note gets.
#include "core/note.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "core/note_kind.hpp"
#include "core/note_validation.hpp"
#include "tests/core/note_of.hpp"

namespace kioku {
namespace {

Note valid_choice() {
  Note note = note_of(NoteKind::kChoice, {{"question", {{"en", "2 + 2?"}, {"ja", "2 + 2 は?"}}},
                                          {"explanation", {{"en", "Arithmetic."}}}});
  note.choices = {{"en", {"3", "4"}}, {"ja", {"三", "四"}}};
  note.answer = 2;
  return note;
}

NoteError note_error_of(const Note& note) {
  try {
    validate_note(note);
  } catch (const NoteError& error) {
    return error;
  }
  FAIL("the note was valid");
  throw;  // not reached
}

TEST_CASE("note: the kinds and their fields, by name", "[core][note]") {
  const std::vector<std::pair<std::string, std::vector<std::string>>> expected{
      {"basic", {"front", "back"}},
      {"reverse", {"front", "back"}},
      {"basic-optional-reverse", {"front", "back", "add_reverse"}},
      {"cloze", {"text", "extra"}},
      {"typed", {"front", "back"}},
      {"choice", {"question", "explanation"}},
  };
  REQUIRE(note_kinds().size() == expected.size());
  for (std::size_t index = 0; index < expected.size(); ++index) {
    const NoteKindSpec& spec = note_kinds()[index];
    CHECK(spec.name == expected[index].first);
    CHECK(static_cast<std::size_t>(spec.kind) == index);
    CHECK(parse_note_kind(expected[index].first) == spec.kind);
    CHECK(note_kind_name(spec.kind) == expected[index].first);
    std::vector<std::string> names;
    for (const NoteFieldSpec& field : spec.fields) names.emplace_back(field.name);
    CHECK(names == expected[index].second);
    CHECK(spec.has_choices == (spec.kind == NoteKind::kChoice));
  }
  CHECK(find_note_field(NoteKind::kCloze, "text")->required);
  CHECK_FALSE(find_note_field(NoteKind::kCloze, "extra")->required);
  CHECK(find_note_field(NoteKind::kReverse, "back")->required);
  CHECK_FALSE(find_note_field(NoteKind::kBasic, "back")->required);
  CHECK(find_note_field(NoteKind::kBasic, "text") == nullptr);
}

TEST_CASE("note: an unknown kind is an error naming the kinds there are", "[core][note]") {
  try {
    parse_note_kind("Basic");
    FAIL("accepted");
  } catch (const NoteError& error) {
    CHECK(error.field() == "kind");
    CHECK(error.code() == ErrorCode::kInvalidInput);
    CHECK(std::string(error.what()) ==
          "field kind: no kind \"Basic\" (there are basic, reverse, basic-optional-reverse, "
          "cloze, typed, choice)");
  }
}

TEST_CASE("note: new ids are Anki's base 91 of the random bits", "[core][note]") {
  // The values of Anki's test_base91 (rslib/src/notes/mod.rs).
  CHECK(new_note_id(1) == "b");
  CHECK(new_note_id(1234567890) == "saAKk");
  CHECK(new_note_id(UINT64_MAX) == "Rj&Z5m[>Zp");
  // Anki's would be empty; an id is never empty.
  CHECK(new_note_id(0) == "a");
  std::set<std::string> ids;
  for (std::uint64_t bits = 0; bits < 10'000; ++bits) {
    const std::string id = new_note_id(bits * 0x9E3779B97F4A7C15ULL);
    Note note = note_of(NoteKind::kBasic, {{"front", {{"en", "x"}}}});
    note.id = id;
    CHECK_NOTHROW(validate_note(note));
    ids.insert(id);
  }
  CHECK(ids.size() == 10'000);
}

TEST_CASE("note: a valid note of every kind passes", "[core][note]") {
  CHECK_NOTHROW(validate_note(note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}})));
  CHECK_NOTHROW(validate_note(
      note_of(NoteKind::kReverse, {{"front", {{"en", "f"}}}, {"back", {{"ja", "b"}}}})));
  CHECK_NOTHROW(validate_note(note_of(
      NoteKind::kBasicOptionalReverse,
      {{"front", {{"en", "f"}}}, {"back", {{"en", "b"}}}, {"add_reverse", {{"en", "y"}}}})));
  CHECK_NOTHROW(validate_note(note_of(NoteKind::kCloze, {{"text", {{"en", "{{c1::x}}"}}}})));
  CHECK_NOTHROW(validate_note(
      note_of(NoteKind::kTyped, {{"front", {{"en", "f"}}}, {"back", {{"en", "b"}}}})));
  CHECK_NOTHROW(validate_note(valid_choice()));
}

TEST_CASE("note: every kind may have a source, optional and written once", "[core][note]") {
  for (const NoteKindSpec& spec : note_kinds()) {
    INFO(spec.name);
    const NoteFieldSpec* source = find_note_field(spec.kind, "source");
    REQUIRE(source != nullptr);
    CHECK(source->name == kSourceField);
    CHECK_FALSE(source->required);
  }
  Note basic = note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}, {"source", {{"en", "s"}}}});
  CHECK_NOTHROW(validate_note(basic));
  CHECK_NOTHROW(validate_note(
      note_of(NoteKind::kCloze, {{"text", {{"en", "{{c1::x}}"}}}, {"source", {{"en", "s"}}}})));
  Note choice = valid_choice();
  choice.fields.push_back({"source", {{"en", "https://example.org/paper#sec-4"}}});
  CHECK_NOTHROW(validate_note(choice));
  basic.fields.push_back({"source", {{"ja", "s"}}});
  const NoteError twice = note_error_of(basic);
  CHECK(twice.field() == "source");
  CHECK(twice.problem() == "written twice");
  // It takes the rules of every text: no control that would act on a terminal.
  CHECK(note_error_of(note_of(NoteKind::kBasic,
                              {{"front", {{"en", "f"}}}, {"source", {{"en", "a\x1b]0;t\x07"}}}}))
            .field() == "source");
}

TEST_CASE("note: a field the kind does not have, twice, or missing names the field",
          "[core][note]") {
  const NoteError unknown = note_error_of(
      note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}, {"text", {{"en", "{{c1::x}}"}}}}));
  CHECK(unknown.field() == "text");
  CHECK(std::string(unknown.what()) ==
        "field text: a basic note has no such field (it has front, back, source)");

  const NoteError twice = note_error_of(
      note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}, {"front", {{"ja", "f"}}}}));
  CHECK(twice.field() == "front");
  CHECK(twice.problem() == "written twice");

  const NoteError missing = note_error_of(note_of(NoteKind::kReverse, {{"front", {{"en", "f"}}}}));
  CHECK(missing.field() == "back");
  CHECK(missing.problem() == "a reverse note needs it, in at least one language");
  // Present but empty in every language is missing.
  CHECK(note_error_of(note_of(NoteKind::kTyped,
                              {{"front", {{"en", ""}, {"ja", ""}}}, {"back", {{"en", "b"}}}}))
            .field() == "front");
  CHECK(note_error_of(note_of(NoteKind::kCloze, {{"extra", {{"en", "e"}}}})).field() == "text");
  CHECK(note_error_of(note_of(NoteKind::kBasicOptionalReverse,
                              {{"front", {{"en", "f"}}}, {"add_reverse", {{"en", "y"}}}}))
            .field() == "back");
}

TEST_CASE("note: a text of nothing but spaces is refused, as a deck file refuses it",
          "[core][note]") {
  // A deck file's `back = "  "` is refused: a note holding one could be exported but never
  // imported again.
  for (const std::string blank : {" ", "   ", "\t", "\n\n", " \r\n "}) {
    const NoteError error = note_error_of(
        note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}, {"back", {{"en", blank}}}}));
    CHECK(error.field() == "back");
    CHECK(error.language() == "en");
    CHECK(error.problem() == "must not be empty (it is nothing but spaces)");
    CHECK(error.problem_message().japanese == "空であってはなりません（空白だけです）");
  }
  // An empty text is a field left out; other spaces are text (U+3000, a no-break space).
  CHECK_NOTHROW(
      validate_note(note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}, {"back", {{"en", ""}}}})));
  CHECK_NOTHROW(validate_note(
      note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}, {"back", {{"en", "\u3000"}}}})));
}

TEST_CASE("note: a cloze note's errors name the language and the column", "[core][note]") {
  const NoteError unclosed = note_error_of(
      note_of(NoteKind::kCloze, {{"text", {{"en", "{{c1::a}}"}, {"ja", "東京は{{c1::日本"}}}}));
  CHECK(unclosed.field() == "text");
  CHECK(unclosed.language() == "ja");
  CHECK(unclosed.place().column == 4);
  CHECK(unclosed.place().offset == 9);
  CHECK(std::string(unclosed.what()) ==
        "field text.ja: column 4: {{c1:: is never closed (a deletion ends with }})");

  const NoteError none =
      note_error_of(note_of(NoteKind::kCloze, {{"text", {{"en", "no deletion"}}}}));
  CHECK(none.field() == "text");
  CHECK(none.place().column == 0);
  CHECK(std::string(none.what()) == "field text: no cloze: mark what to ask as {{c1::text}}");

  const NoteError zero =
      note_error_of(note_of(NoteKind::kCloze, {{"text", {{"en", "only {{c0::zero}}"}}}}));
  CHECK(zero.language() == "en");
  CHECK(zero.place().column == 6);
  CHECK(zero.problem() == "no cloze: {{c0:: makes no card; numbers start at 1");

  const NoteError almost =
      note_error_of(note_of(NoteKind::kCloze, {{"text", {{"en", "line\nthe {{c1:x}}"}}}}));
  CHECK(almost.place().line == 2);
  CHECK(almost.place().column == 5);
  CHECK(std::string(almost.what()).starts_with("field text.en: line 2, column 5: no cloze"));

  // Clozes in extra are plain text: they make no card.
  CHECK(note_error_of(note_of(NoteKind::kCloze,
                              {{"text", {{"en", "plain"}}}, {"extra", {{"en", "{{c1::x}}"}}}}))
            .field() == "text");
}

TEST_CASE("note: choices and their answer", "[core][note]") {
  Note no_choices = valid_choice();
  no_choices.choices.clear();
  CHECK(note_error_of(no_choices).field() == "choices");

  Note one_choice = valid_choice();
  one_choice.choices["ja"] = {"四"};
  CHECK(note_error_of(one_choice).language() == "ja");
  CHECK(note_error_of(one_choice).problem() == "between 2 and 8 choices, got 1");

  Note uneven = valid_choice();
  uneven.choices["ja"] = {"三", "四", "五"};
  CHECK(note_error_of(uneven).problem() == "3 choices, but another language has 2");

  Note empty_choice = valid_choice();
  empty_choice.choices["en"] = {"3", ""};
  CHECK(note_error_of(empty_choice).problem() == "choice 2 is empty");

  for (int answer : {0, 3, -1}) {
    Note wrong_answer = valid_choice();
    wrong_answer.answer = answer;
    CHECK(note_error_of(wrong_answer).field() == "answer");
  }

  Note basic_with_choices = note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}});
  basic_with_choices.choices = {{"en", {"a", "b"}}};
  CHECK(note_error_of(basic_with_choices).field() == "choices");
  Note basic_with_answer = note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}});
  basic_with_answer.answer = 1;
  CHECK(note_error_of(basic_with_answer).field() == "answer");
}

TEST_CASE("note: id, deck and tags", "[core][note]") {
  const Note base = note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}});
  for (const std::string& id :
       std::vector<std::string>{"", "with space", "tab\tid", "日本", std::string(65, 'a')}) {
    Note note = base;
    note.id = id;
    INFO(id);
    CHECK(note_error_of(note).field() == "id");
  }
  Note longest = base;
  longest.id = std::string(kMaxNoteIdBytes, 'a');
  CHECK_NOTHROW(validate_note(longest));

  Note no_deck = base;
  no_deck.deck.clear();
  CHECK(note_error_of(no_deck).field() == "deck");

  Note tagged = base;
  tagged.tags = {"grammar", "jlpt::n5"};
  CHECK_NOTHROW(validate_note(tagged));
  for (const std::string tag : {"", "two words", "全角\u3000空白"}) {
    Note note = base;
    note.tags = {"ok", tag};
    INFO(tag);
    CHECK(note_error_of(note).field() == "tags");
  }
}

TEST_CASE("note: field and text look-ups", "[core][note]") {
  const Note note = note_of(NoteKind::kBasic, {{"front", {{"en", "f"}, {"ja", "表"}}}});
  REQUIRE(note.field("front") != nullptr);
  CHECK(note.field("back") == nullptr);
  CHECK(note.text("front", "ja") == "表");
  CHECK(note.text("front", "de").empty());
  CHECK(note.text("back", "en").empty());
}

TEST_CASE("note: a text that would act on a terminal, or is too long, is refused from anywhere",
          "[core][note]") {
  // note.add and the editor bring notes no deck parser read: validate_note keeps its rules.
  const NoteError escape =
      note_error_of(note_of(NoteKind::kBasic, {{"front", {{"en", "red \x1b[31m text"}}}}));
  CHECK(escape.field() == "front");
  CHECK(escape.language() == "en");
  CHECK(escape.problem().find("U+001B (ESC)") != std::string::npos);
  CHECK(note_error_of(note_of(NoteKind::kBasic, {{"front", {{"ja", std::string(140'000, 'x')}}}}))
            .problem()
            .find("bytes") != std::string::npos);
  // Newlines and tabs are a field's own.
  CHECK_NOTHROW(validate_note(note_of(NoteKind::kBasic, {{"front", {{"en", "a\n\tb"}}}})));
  Note choice = note_of(NoteKind::kChoice, {{"question", {{"en", "Q"}}}});
  choice.choices = {{"en", {"a", "b\nc"}}};
  choice.answer = 1;
  CHECK(note_error_of(choice).field() == "choices");
  Note tagged = note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}});
  for (int index = 0; index < 257; ++index) tagged.tags.push_back("t" + std::to_string(index));
  CHECK(note_error_of(tagged).field() == "tags");
}

TEST_CASE("note: the errors are worded in Japanese too, the English as it was", "[core][note]") {
  // The whole message, place and problem, in each language.
  const auto check_both = [](const NoteError& error, const std::string& english,
                             const std::string& japanese) {
    CHECK(std::string(error.what()) == english);
    CHECK(error.japanese() == japanese);
  };
  check_both(note_error_of(note_of(NoteKind::kBasic,
                                   {{"front", {{"en", "f"}}}, {"text", {{"en", "{{c1::x}}"}}}})),
             "field text: a basic note has no such field (it has front, back, source)",
             "フィールド text: basic ノートにこのフィールドはありません（あるのは front, back, "
             "source）");
  check_both(
      note_error_of(note_of(NoteKind::kReverse, {{"front", {{"en", "f"}}}})),
      "field back: a reverse note needs it, in at least one language",
      "フィールド back: reverse ノートにはこのフィールドが必要です（少なくとも 1 つの言語で）");
  // A cloze's problem (core/cloze.cpp) and its place.
  check_both(note_error_of(note_of(NoteKind::kCloze, {{"text", {{"ja", "東京は{{c1::日本"}}}})),
             "field text.ja: column 4: {{c1:: is never closed (a deletion ends with }})",
             "フィールド text.ja: 4 列: {{c1:: が閉じられていません（穴埋めは }} で終わります）");
  check_both(
      note_error_of(note_of(NoteKind::kCloze, {{"text", {{"en", "line\nthe {{c1:x}}"}}}})),
      "field text.en: line 2, column 5: no cloze: this {{c is not one (write {{c1::text}} or "
      "{{c1::text::hint}})",
      "フィールド text.en: 2 行 5 列: 穴埋めがありません: この {{c は穴埋めになっていません"
      "（{{c1::text}} または {{c1::text::hint}} と書いてください）");
  Note uneven = valid_choice();
  uneven.choices["ja"] = {"三", "四", "五"};
  check_both(note_error_of(uneven), "field choices.ja: 3 choices, but another language has 2",
             "フィールド choices.ja: 選択肢が 3 個ありますが、別の言語では 2 個です");
  Note wrong_answer = valid_choice();
  wrong_answer.answer = 3;
  check_both(
      note_error_of(wrong_answer), "field answer: one of the choices, 1 to 2, got 3",
      "フィールド answer: 選択肢の番号 1 から 2 のいずれかにしてください（3 になっています）");
  // The text rules (core/deck_parser_text.hpp): the field names the text, a choice and a tag are
  // named in the problem.
  check_both(note_error_of(note_of(NoteKind::kBasic, {{"front", {{"en", "red \x1b[31m"}}}})),
             "field front.en: the text contains the control character U+001B (ESC) at character "
             "5; only newlines and tabs are allowed here",
             "フィールド front.en: 5 文字目に制御文字 U+001B（ESC）があります。ここで使える制御文字"
             "は改行とタブだけです");
  check_both(
      note_error_of(note_of(NoteKind::kBasic, {{"front", {{"en", std::string(140'000, 'x')}}}})),
      "field front.en: the text is 140000 bytes long; at most 131072 bytes (128 KiB) are allowed",
      "フィールド front.en: 長さが 140000 バイトあります。上限は 131072 バイト（128 KiB）です");
  Note choice = valid_choice();
  choice.choices["en"] = {"3", "4\n"};
  check_both(note_error_of(choice),
             "field choices.en: choice 2 contains the control character U+000A (newline) at "
             "character 2; this text must be one line without control characters",
             "フィールド choices.en: 選択肢 2 の 2 文字目に制御文字 U+000A（改行）があります。"
             "このテキストは制御文字を含まない 1 行でなければなりません");
  Note tagged = note_of(NoteKind::kBasic, {{"front", {{"en", "f"}}}});
  tagged.tags = {"two words"};
  check_both(note_error_of(tagged), "field tags: tag \"two words\" has a space in it",
             "フィールド tags: タグ \"two words\" に空白が含まれています");
  // Outside validate_note: a kind's name.
  try {
    parse_note_kind("Basic");
    FAIL("accepted");
  } catch (const NoteError& error) {
    check_both(error,
               "field kind: no kind \"Basic\" (there are basic, reverse, basic-optional-reverse, "
               "cloze, typed, choice)",
               "フィールド kind: 種類 \"Basic\" はありません（あるのは basic, reverse, "
               "basic-optional-reverse, cloze, typed, choice）");
  }
}

}  // namespace
TEST_CASE("note: a text's language is a language code, and a note has at most 16", "[core][note]") {
  for (const std::string& language :
       {std::string(), std::string("a b"), std::string("x\x1b[31mRED"), std::string(5000, 'e')}) {
    INFO(language.size());
    const NoteError error =
        note_error_of(note_of(NoteKind::kBasic, {{"front", {{language, "f"}}}}));
    CHECK(error.field() == "front");
    CHECK(error.problem().find("is not a language code such as \"en\" or \"ja\"") !=
          std::string::npos);
    // Quoted and escaped, never raw.
    CHECK(error.problem().find('\x1b') == std::string::npos);
  }
  LocalizedText many;
  for (char letter = 'a'; letter < 'a' + 17; ++letter) many[std::string("x") + letter] = "f";
  CHECK(note_error_of(note_of(NoteKind::kBasic, {{"front", many}})).problem() ==
        "the note has text in more than 16 languages");
  many.erase("xq");
  CHECK_NOTHROW(validate_note(note_of(NoteKind::kBasic, {{"front", many}})));
}

}  // namespace kioku
