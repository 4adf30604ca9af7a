// note.* and card.get on an in-memory collection: notes of every kind added, edited with their
// cards' history kept, retired and revived, found, deleted softly and restored; typed answers
// compared and recorded.
#include <algorithm>

#include "daemon/store/prepared_note.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/json_rpc_calls.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

std::vector<std::string> templates_of(const json::value& note) {
  std::vector<std::string> templates;
  for (const json::value& card : note.at("cards").as_array()) {
    templates.emplace_back(card.at("template").as_string());
  }
  return templates;
}

std::int64_t card_with_template(const json::value& note, const std::string& key) {
  for (const json::value& card : note.at("cards").as_array()) {
    if (card.at("template").as_string() == key) return card.at("id").as_int64();
  }
  FAIL("no card " << key);
  return 0;
}

std::int64_t answers_of(DaemonFixture& fixture, std::int64_t card) {
  auto count = fixture.database.prepare("SELECT count(*) FROM revlog WHERE card_id = ?1");
  count.bind(1, card);
  return daemon::sqlite::integer_result(count);
}

}  // namespace

TEST_CASE("notes: each kind makes its cards, in the deck's queue", "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  const auto basic =
      fixture.result("note.add", {{"deck", "d"},
                                  {"kind", "basic"},
                                  {"fields", english_fields({{"front", "F"}, {"back", "B"}})}});
  CHECK(templates_of(basic.at("note")) == std::vector<std::string>{"card"});
  CHECK(basic.at("added").as_array().size() == 1);
  CHECK(basic.at("note").at("id").as_string().size() >= 1);
  const auto reverse =
      fixture.result("note.add", {{"deck", "d"},
                                  {"kind", "reverse"},
                                  {"id", "rev-1"},
                                  {"fields", english_fields({{"front", "cat"}, {"back", "猫"}})},
                                  {"tags", json::array{"animals"}}});
  CHECK(templates_of(reverse.at("note")) == std::vector<std::string>{"forward", "backward"});
  const auto cloze = fixture.result(
      "note.add",
      {{"deck", "d"},
       {"kind", "cloze"},
       {"id", "cz"},
       {"fields",
        english_fields({{"text", "{{c1::Checkpointing}} trades {{c2::compute::what}} for memory"},
                        {"extra", "Chen 2016"}})}});
  CHECK(templates_of(cloze.at("note")) == std::vector<std::string>{"c1", "c2"});
  const auto typed = fixture.result(
      "note.add",
      {{"deck", "d"},
       {"kind", "typed"},
       {"id", "ty"},
       {"fields", english_fields({{"front", "Capital of Japan?"}, {"back", "Tokyo"}})}});
  CHECK(templates_of(typed.at("note")) == std::vector<std::string>{"card"});
  CHECK(typed.at("note").at("cards").at(0).at("kind").as_string() == "typed");
  // 1 choice card + 1 + 2 + 2 + 1.
  CHECK(fixture.result("due.counts").at("new").as_int64() == 7);

  // A reversed card's back side asks the back.
  const std::int64_t backward = card_with_template(reverse.at("note"), "backward");
  const auto shown = fixture.result("card.get", {{"card", backward}});
  CHECK(shown.at("card").at("kind").as_string() == "reverse");
  CHECK(shown.at("card").at("question").as_string() == "猫");
  CHECK(shown.at("note").as_string() == "rev-1");
  CHECK(shown.at("template").as_string() == "backward");
  CHECK(shown.at("card").at("external_id").as_string() == "rev-1/backward");

  // The same id twice in a deck is refused; a broken note names its field and place.
  CHECK(fixture
            .call("note.add", {{"deck", "d"},
                               {"kind", "basic"},
                               {"id", "rev-1"},
                               {"fields", english_fields({{"front", "x"}})}})
            .at("error")
            .at("code") == -32003);
  const auto unclosed = fixture.call(
      "note.add",
      {{"deck", "d"}, {"kind", "cloze"}, {"fields", english_fields({{"text", "a {{c1::b"}})}});
  CHECK(unclosed.at("error").at("code") == -32602);
  const std::string message(unclosed.at("error").at("message").as_string());
  CHECK(message.find("field text.en") != std::string::npos);
  CHECK(message.find("column 3") != std::string::npos);
  CHECK(fixture
            .call("note.add",
                  {{"deck", "d"}, {"kind", "basic"}, {"fields", english_fields({{"colour", "x"}})}})
            .at("error")
            .at("code") == -32602);
  // What a deck file may not hold, a client may not send either.
  const auto escape = fixture.call(
      "note.add",
      {{"deck", "d"}, {"kind", "basic"}, {"fields", english_fields({{"front", "\x1b]52;c;x\a"}})}});
  CHECK(escape.at("error").at("code") == -32602);
  CHECK(std::string(escape.at("error").at("message").as_string()).find("U+001B (ESC)") !=
        std::string::npos);
  CHECK(fixture.call("note.add", {{"deck", "d"}, {"kind", "audio"}, {"fields", english_fields({})}})
            .at("error")
            .at("code") == -32602);
  CHECK(fixture
            .call("note.add", {{"deck", "nope"}, {"kind", "basic"}, {"fields", english_fields({})}})
            .at("error")
            .at("code") == -32001);
}

TEST_CASE("notes: an edit keeps the cards' ids and history, retires and revives cards",
          "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  const auto added = fixture.result(
      "note.add", {{"deck", "d"},
                   {"kind", "cloze"},
                   {"id", "cz"},
                   {"fields", english_fields({{"text", "{{c1::A}} {{c2::B}} {{c3::C}}"}})}});
  const std::int64_t c1 = card_with_template(added.at("note"), "c1");
  const std::int64_t c3 = card_with_template(added.at("note"), "c3");
  fixture.result("review.answer", {{"card", c1}, {"rating", "good"}});
  fixture.result("review.answer", {{"card", c3}, {"rating", "easy"}});
  REQUIRE(answers_of(fixture, c1) == 1);

  // c3 removed: retired, suspended, kept with its answer.
  const auto edited = fixture.result(
      "note.update",
      {{"note", "cz"}, {"fields", english_fields({{"text", "{{c1::A!}} {{c2::B}}"}})}});
  CHECK(edited.at("changed").as_bool());
  CHECK(edited.at("retired").as_array() == json::array{c3});
  CHECK(card_with_template(edited.at("note"), "c1") == c1);
  CHECK(answers_of(fixture, c1) == 1);
  CHECK(answers_of(fixture, c3) == 1);
  const auto retired = fixture.result("card.get", {{"card", c3}});
  CHECK(retired.at("retired").as_bool());
  CHECK(retired.at("card").at("state").at("suspended").as_bool());
  CHECK(fixture.call("review.answer", {{"card", c3}, {"rating", "good"}}).at("error").at("code") ==
        -32003);
  // The edited text shows; the answered card's state is the one its answer gave.
  CHECK(fixture.result("card.get", {{"card", c1}}).at("card").at("state").at("reps").as_int64() ==
        1);

  // A broken edit is refused as note.add refuses it, and changes nothing.
  const auto broken = fixture.call(
      "note.update", {{"note", "cz"}, {"fields", english_fields({{"text", "{{c1::A"}})}});
  CHECK(broken.at("error").at("code") == -32602);
  CHECK(std::string(broken.at("error").at("message").as_string())
            .rfind("invalid note: field text.en", 0) == 0);
  CHECK(card_with_template(fixture.result("note.get", {{"note", "cz"}}), "c2") > 0);

  // The same content again changes nothing.
  const auto again = fixture.result(
      "note.update",
      {{"note", "cz"}, {"fields", english_fields({{"text", "{{c1::A!}} {{c2::B}}"}})}});
  CHECK_FALSE(again.at("changed").as_bool());

  // c3 back: the same card, its history and state, in the queue again.
  const auto revived = fixture.result(
      "note.update",
      {{"note", "cz"}, {"fields", english_fields({{"text", "{{c1::A!}} {{c2::B}} {{c3::C}}"}})}});
  CHECK(revived.at("revived").as_array() == json::array{c3});
  const auto back = fixture.result("card.get", {{"card", c3}});
  CHECK_FALSE(back.at("retired").as_bool());
  CHECK_FALSE(back.at("card").at("state").at("suspended").as_bool());
  CHECK(back.at("card").at("state").at("reps").as_int64() == 1);

  // doctor.rebuild agrees with every stored state, retired cards included.
  fixture.result("note.update",
                 {{"note", "cz"}, {"fields", english_fields({{"text", "{{c1::A!}}"}})}});
  const auto rebuilt = fixture.result("doctor.rebuild", {{"deck", "d"}});
  INFO(json::serialize(rebuilt));
  CHECK(rebuilt.at("decks").at(0).at("changed").as_int64() == 0);
}

// The deck and id of each note a note.find result lists, in its order.
std::vector<std::string> listed_notes(const json::value& found) {
  std::vector<std::string> notes;
  for (const auto& note : found.at("notes").as_array()) {
    notes.push_back(std::string(note.at("deck").as_string()) + "/" +
                    std::string(note.at("id").as_string()));
  }
  return notes;
}

TEST_CASE("notes: pages by offset list every note once in the decks' and the notes' order",
          "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("b", 3);
  fixture.import_choice_deck("a", 4);
  int added = 0;
  for (const char* deck : {"a", "b", "a"}) {
    const std::string id = "added-" + std::to_string(++added);
    fixture.result("note.add", {{"deck", deck},
                                {"kind", "basic"},
                                {"id", id},
                                {"fields", english_fields({{"front", id}})},
                                {"tags", json::array{"paged"}}});
  }
  // Decks in the order they were made, each deck's notes in their order in it.
  const std::vector<std::string> expected{"b/c-1", "b/c-2", "b/c-3", "b/added-2", "a/c-1",
                                          "a/c-2", "a/c-3", "a/c-4", "a/added-1", "a/added-3"};
  const auto whole = fixture.result("note.find", {{"limit", 1000}});
  CHECK(listed_notes(whole) == expected);
  CHECK_FALSE(whole.at("more").as_bool());

  std::vector<std::string> paged;
  for (std::int64_t offset = 0;; offset += 3) {
    const auto page = fixture.result("note.find", {{"limit", 3}, {"offset", offset}});
    const std::vector<std::string> notes = listed_notes(page);
    paged.insert(paged.end(), notes.begin(), notes.end());
    const bool more = page.at("more").as_bool();
    CHECK(more == (offset + 3 < static_cast<std::int64_t>(expected.size())));
    if (!more) break;
  }
  CHECK(paged == expected);

  // The filter chooses before the offset skips.
  const auto tagged = fixture.result("note.find", {{"tag", "paged"}, {"limit", 1}, {"offset", 1}});
  CHECK(listed_notes(tagged) == std::vector<std::string>{"a/added-1"});
  CHECK(tagged.at("more").as_bool());
  const auto past_the_end = fixture.result("note.find", {{"offset", 10}});
  CHECK(listed_notes(past_the_end).empty());
  CHECK_FALSE(past_the_end.at("more").as_bool());
}

TEST_CASE("notes: a tag finds its notes and those of the tags under it, in any case",
          "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  int added = 0;
  for (const char* tag : {"jlpt", "JLPT::N5", "jlpt::n5::kanji", "jlpt-extra", "other"}) {
    fixture.result("note.add", {{"deck", "d"},
                                {"kind", "basic"},
                                {"id", "t" + std::to_string(++added)},
                                {"fields", english_fields({{"front", tag}})},
                                {"tags", json::array{tag}}});
  }
  CHECK(listed_notes(fixture.result("note.find", {{"tag", "jlpt"}})) ==
        std::vector<std::string>{"d/t1", "d/t2", "d/t3"});
  CHECK(listed_notes(fixture.result("note.find", {{"tag", "jlpt::N5"}})) ==
        std::vector<std::string>{"d/t2", "d/t3"});
  CHECK(listed_notes(fixture.result("note.find", {{"tag", "Jlpt-Extra"}})) ==
        std::vector<std::string>{"d/t4"});
  CHECK(listed_notes(fixture.result("note.find", {{"tag", "jlpt::n"}})).empty());
  // LIKE's wildcards are a tag's own characters.
  CHECK(listed_notes(fixture.result("note.find", {{"tag", "jlpt%"}})).empty());
}

TEST_CASE("notes: find by deck, tag and text, delete softly and restore", "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 2);
  fixture.result("note.add", {{"deck", "d"},
                              {"kind", "basic"},
                              {"id", "n1"},
                              {"fields", english_fields({{"front", "Gradient checkpointing"}})},
                              {"tags", json::array{"memory", "training"}}});
  fixture.result("note.add", {{"deck", "d"},
                              {"kind", "basic"},
                              {"id", "n2"},
                              {"fields", english_fields({{"front", "100% of 50_x, \"quoted\""}})},
                              {"tags", json::array{"memory-bound"}}});
  const auto by_tag = fixture.result("note.find", {{"tag", "memory"}});
  REQUIRE(by_tag.at("notes").as_array().size() == 1);
  CHECK(by_tag.at("notes").at(0).at("id").as_string() == "n1");
  CHECK(fixture.result("note.find", {{"text", "CHECKPOINT"}}).at("notes").as_array().size() == 1);
  // LIKE's wildcards are the user's text, not patterns.
  CHECK(fixture.result("note.find", {{"text", "0% of 50_"}}).at("notes").as_array().size() == 1);
  CHECK(fixture.result("note.find", {{"text", "0%_of"}}).at("notes").as_array().size() == 0);
  // Text as the user wrote it, not as the stored JSON escapes it.
  CHECK(fixture.result("note.find", {{"text", "\"quoted\""}}).at("notes").as_array().size() == 1);
  CHECK(fixture.result("note.find", {{"text", "c-2"}}).at("notes").at(0).at("kind").as_string() ==
        "choice");
  const auto page = fixture.result("note.find", {{"deck", "d"}, {"limit", 3}});
  CHECK(page.at("notes").as_array().size() == 3);
  CHECK(page.at("more").as_bool());
  CHECK(fixture.call("note.find", {{"limit", 0}}).at("error").at("code") == -32602);

  const std::int64_t due_before = fixture.result("due.counts").at("new").as_int64();
  const auto deleted = fixture.result("note.delete", {{"note", "n1"}});
  CHECK(deleted.at("changed").as_bool());
  CHECK(deleted.at("note").at("deleted_ms").is_int64());
  CHECK(fixture.result("due.counts").at("new").as_int64() == due_before - 1);
  CHECK(fixture.result("note.find", {{"tag", "memory"}}).at("notes").as_array().empty());
  CHECK(fixture.result("note.find", {{"deleted", true}}).at("notes").as_array().size() == 1);
  CHECK(fixture.call("note.update", {{"note", "n1"}, {"fields", english_fields({{"front", "x"}})}})
            .at("error")
            .at("code") == -32003);
  CHECK_FALSE(fixture.result("note.delete", {{"note", "n1"}}).at("changed").as_bool());
  const auto restored = fixture.result("note.restore", {{"note", "n1"}});
  CHECK(restored.at("note").at("deleted_ms").is_null());
  CHECK(fixture.result("due.counts").at("new").as_int64() == due_before);
  CHECK(fixture.call("note.get", {{"note", "nope"}}).at("error").at("code") == -32001);
}

// The ids of the notes note.find lists for `text`, but the choice deck's.
std::vector<std::string> found_by_text(DaemonFixture& fixture, const std::string& text) {
  std::vector<std::string> ids;
  const json::value found = fixture.result("note.find", {{"text", text}});
  for (const json::value& note : found.at("notes").as_array()) {
    if (note.at("kind").as_string() != "choice") ids.emplace_back(note.at("id").as_string());
  }
  return ids;
}

TEST_CASE("notes: a text is looked for in the fields' texts only, in any case, width and form",
          "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  fixture.result(
      "note.add",
      {{"deck", "d"},
       {"kind", "basic"},
       {"id", "gpu"},
       {"fields",
        json::object{{"front", json::object{{"en", "GPU memory"}, {"ja", "ＧＰＵのメモリ"}}},
                     {"back", json::object{{"en", "Straße"}}}}}});
  // An NFD "café" (e and a combining acute accent), and texts on two lines.
  fixture.result("note.add", {{"deck", "d"},
                              {"kind", "basic"},
                              {"id", "cafe"},
                              {"fields", english_fields({{"front", "cafe\u0301 au lait"},
                                                         {"back", "first line\n  second line"}})}});
  // The stored JSON's own words (its keys, the language codes, the field names) are no text.
  for (const std::string word : {"name", "text", "en", "ja", "front", "back", "\"", "{"}) {
    INFO(word);
    CHECK(found_by_text(fixture, word).empty());
  }
  CHECK(found_by_text(fixture, "gpu") == std::vector<std::string>{"gpu"});
  CHECK(found_by_text(fixture, "ｇｐｕ ｍｅｍｏｒｙ") == std::vector<std::string>{"gpu"});
  CHECK(found_by_text(fixture, "gpuのメモリ") == std::vector<std::string>{"gpu"});
  CHECK(found_by_text(fixture, "STRASSE") == std::vector<std::string>{"gpu"});
  CHECK(found_by_text(fixture, "caf\u00e9") == std::vector<std::string>{"cafe"});
  CHECK(found_by_text(fixture, "line first").empty());
  CHECK(found_by_text(fixture, "first line second") == std::vector<std::string>{"cafe"});
  // The id matches exactly, in its own case only.
  CHECK(found_by_text(fixture, "cafe") == std::vector<std::string>{"cafe"});
  CHECK(found_by_text(fixture, "GPU") == std::vector<std::string>{"gpu"});
  CHECK(found_by_text(fixture, "pu mem") == std::vector<std::string>{"gpu"});
}

TEST_CASE("notes: a note id in two decks needs its deck named", "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("a", 1);
  fixture.import_choice_deck("b", 1);
  const auto ambiguous = fixture.call("note.get", {{"note", "c-1"}});
  CHECK(ambiguous.at("error").at("code") == -32003);
  CHECK(std::string(ambiguous.at("error").at("message").as_string()).find("a, b") !=
        std::string::npos);
  CHECK(fixture.result("note.get", {{"note", "c-1"}, {"deck", "b"}}).at("deck").as_string() == "b");
}

TEST_CASE("notes: a typed answer is compared after normalising, and rated by it",
          "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  json::object texts{{"front", json::object{{"en", "Capital?"}, {"ja", "首都は？"}}},
                     {"back", json::object{{"en", "Tokyo"}, {"ja", "東京"}}}};
  const auto typed = fixture.result(
      "note.add", {{"deck", "d"}, {"kind", "typed"}, {"id", "t"}, {"fields", texts}});
  const std::int64_t card = typed.at("note").at("cards").at(0).at("id").as_int64();

  // Full-width and case do not matter; nothing is recorded by a check.
  const auto check = fixture.result("review.check", {{"card", card}, {"typed", "  ＴＯＫＹＯ "}});
  CHECK(check.at("correct").as_bool());
  CHECK(check.at("typed").at("right").as_bool());
  CHECK(answers_of(fixture, card) == 0);
  const auto japanese =
      fixture.result("review.check", {{"card", card}, {"typed", "東京"}, {"lang", "ja"}});
  CHECK(japanese.at("correct").as_bool());
  const auto wrong = fixture.result("review.check", {{"card", card}, {"typed", "Tokio"}});
  CHECK_FALSE(wrong.at("correct").as_bool());
  const json::array& given = wrong.at("typed").at("given").as_array();
  CHECK(std::any_of(given.begin(), given.end(),
                    [](const json::value& s) { return s.at("kind").as_string() == "extra"; }));

  // Wrong and unrated: again. The user may rate a near miss anyway.
  const auto recorded =
      fixture.result("review.answer", {{"card", card}, {"typed", "Tokio"}, {"answer_id", "t-1"}});
  CHECK(recorded.at("rating").as_string() == "again");
  CHECK_FALSE(recorded.at("correct").as_bool());
  CHECK(recorded.at("typed").at("expected_text").as_string() == "Tokyo");
  fixture.clock.advance_ms(120'000);
  const auto hard =
      fixture.result("review.answer", {{"card", card}, {"typed", "Tokio"}, {"rating", "hard"}});
  CHECK(hard.at("rating").as_string() == "hard");
  CHECK(answers_of(fixture, card) == 2);
}

TEST_CASE("notes: note.add's reply shows the note as note.get reads it back", "[daemon][notes]") {
  // note.add builds its reply from what it saved instead of reading the note back; the two must
  // not differ, whatever the kind, and however untidy the request (an empty language, a field
  // with no text, a tag given twice).
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  const json::object requests[] = {
      {{"deck", "d"},
       {"kind", "basic"},
       {"fields", json::object{{"front", json::object{{"en", "F"}, {"ja", ""}}},
                               {"back", json::object{{"en", ""}}}}},
       {"tags", json::array{"b", "a", "b"}}},
      {{"deck", "d"},
       {"kind", "reverse"},
       {"id", "rev"},
       {"fields", json::object{{"back", json::object{{"en", "cat"}, {"ja", "猫"}}},
                               {"front", json::object{{"en", "neko"}}}}}},
      {{"deck", "d"},
       {"kind", "cloze"},
       {"id", "cz"},
       {"fields",
        english_fields({{"text", "{{c2::a}} {{c1::b::hint}} {{c3::c}}"}, {"extra", "x"}})}},
      {{"deck", "d"},
       {"kind", "typed"},
       {"id", "ty"},
       {"fields", english_fields({{"front", "Capital?"}, {"back", "Tokyo"}})}},
      {{"deck", "d"},
       {"kind", "choice"},
       {"id", "ch"},
       {"fields", english_fields({{"question", "Which?"}})},
       {"choices", json::object{{"en", json::array{"one", "two"}}}},
       {"answer", 2}}};
  for (const json::object& request : requests) {
    CAPTURE(json::serialize(request));
    const auto added = fixture.result("note.add", request);
    const std::string id(added.at("note").at("id").as_string());
    CHECK(added.at("note") == fixture.result("note.get", {{"note", id}}));
    CHECK(added.at("changed").as_bool());
  }
}

namespace {

// `count` notes of every kind in turn (a reverse note makes two cards, a cloze note one to
// three), named note-0, note-1, ...: more than one multi-row INSERT's worth (32).
json::array notes_of_every_kind(int count) {
  json::array notes;
  for (int at = 0; at < count; ++at) {
    const std::string n = std::to_string(at);
    json::object note{{"id", "note-" + n}, {"tags", json::array{"t" + std::to_string(at % 3)}}};
    switch (at % 4) {
      case 0:
        note["kind"] = "basic";
        note["fields"] = english_fields({{"front", "front " + n}, {"back", "back " + n}});
        break;
      case 1:
        note["kind"] = "reverse";
        note["fields"] = english_fields({{"front", "word " + n}, {"back", "語 " + n}});
        break;
      case 2: {
        std::string text = "{{c1::one " + n + "}}";
        for (int deletion = 2; deletion <= 1 + at % 3; ++deletion) {
          text += " and {{c" + std::to_string(deletion) + "::more}}";
        }
        note["kind"] = "cloze";
        note["fields"] = english_fields({{"text", text}});
        break;
      }
      default:
        note["kind"] = "typed";
        note["fields"] = english_fields({{"front", "type " + n}, {"back", "answer " + n}});
    }
    notes.push_back(std::move(note));
  }
  return notes;
}

// Every row of `table` by id, each as one text: equal lists are equal rows.
std::vector<std::string> rows_by_id(DaemonFixture& fixture, const std::string& table,
                                    const std::string& id) {
  std::string columns;
  auto names =
      fixture.database.prepare("SELECT name FROM pragma_table_info('" + table + "') ORDER BY cid");
  while (names.step()) {
    columns += (columns.empty() ? "quote(" : " || '|' || quote(") + names.column_text(0) + ")";
  }
  auto select =
      fixture.database.prepare("SELECT " + columns + " FROM " + table + " ORDER BY " + id);
  std::vector<std::string> rows;
  while (select.step()) rows.push_back(select.column_text(0));
  return rows;
}

// Two collections with the same deck "d": one that takes notes in a batch, one a note at a
// time, to compare what each wrote.
struct DeckTwice {
  DaemonFixture batched;
  DaemonFixture one_by_one;
  DeckTwice() {
    batched.import_choice_deck("d", 1);
    one_by_one.import_choice_deck("d", 1);
  }
};

}  // namespace

TEST_CASE("notes: note.add_many writes the rows note.add writes one note at a time",
          "[daemon][notes]") {
  // add_many's notes go in with multi-row INSERTs and ids it gives them: the same ids,
  // positions, rows and states as one note.add after another.
  DeckTwice twice;
  DaemonFixture& batched = twice.batched;
  DaemonFixture& one_by_one = twice.one_by_one;
  const json::array notes = notes_of_every_kind(75);
  const auto added = batched.result("note.add_many", {{"deck", "d"}, {"notes", notes}});
  REQUIRE(added.at("notes").as_array().size() == notes.size());
  std::size_t cards = 0;
  for (std::size_t at = 0; at < notes.size(); ++at) {
    json::object single = notes[at].as_object();
    single["deck"] = "d";
    const json::value note = one_by_one.result("note.add", single).at("note");
    const json::array& reported = added.at("notes").as_array()[at].at("cards").as_array();
    REQUIRE(reported.size() == note.at("cards").as_array().size());
    for (std::size_t card = 0; card < reported.size(); ++card) {
      CHECK(reported[card].as_int64() == note.at("cards").as_array()[card].at("id").as_int64());
    }
    cards += reported.size();
  }
  CHECK(cards > 2 * 32);  // several statements' worth of cards too
  for (const auto& [table, id] : std::vector<std::pair<std::string, std::string>>{
           {"notes", "id"}, {"cards", "id"}, {"card_state", "card_id"}}) {
    INFO(table);
    CHECK(rows_by_id(batched, table, id) == rows_by_id(one_by_one, table, id));
  }
  // The card hashes made with the note are the ones a save of the same note makes: saving each
  // note again as it is changes no card row (a hash that differed would be rewritten).
  const std::vector<std::string> cards_before = rows_by_id(one_by_one, "cards", "id");
  for (const json::value& note : notes) {
    const json::object& added_note = note.as_object();
    const json::value saved = one_by_one.result("note.update", {{"note", added_note.at("id")},
                                                                {"deck", "d"},
                                                                {"fields", added_note.at("fields")},
                                                                {"tags", added_note.at("tags")}});
    CHECK_FALSE(saved.at("changed").as_bool());
  }
  CHECK(rows_by_id(one_by_one, "cards", "id") == cards_before);
}

TEST_CASE("notes: a batch's saves give each card's row as one note's save gives it",
          "[daemon][notes]") {
  // Collection::add_notes writes the rows prepared with each note; what it reports of them
  // (NoteSave::Card::row) is what add_note reports for the same note.
  DeckTwice twice;
  DaemonFixture& batched = twice.batched;
  DaemonFixture& one_by_one = twice.one_by_one;
  const std::int64_t deck_id = batched.collection.decks().by_slug("d")->id;
  REQUIRE(one_by_one.collection.decks().by_slug("d")->id == deck_id);
  const auto note_of = [](int at) {
    Note note;
    note.id = "note-" + std::to_string(at);
    note.kind = at % 2 == 0 ? NoteKind::kReverse : NoteKind::kBasic;
    note.fields = {{"front", {{"en", "front " + std::to_string(at)}}},
                   {"back", {{"en", "back " + std::to_string(at)}}}};
    note.tags = {"t" + std::to_string(at % 3)};
    note.deck = "d";
    return note;
  };
  std::vector<daemon::Collection::NoteToAdd> notes;
  for (int at = 0; at < 40; ++at) {
    notes.push_back({daemon::prepare_new_note(note_of(at)), deck_id, std::nullopt});
  }
  std::int64_t next = 1;
  const std::vector<daemon::NoteSave> saves = batched.collection.add_notes(
      notes, [&](std::int64_t) -> std::int64_t& { return next; }, 0);
  REQUIRE(saves.size() == notes.size());
  std::int64_t position = 1;
  for (int at = 0; at < 40; ++at) {
    const daemon::NoteSave single =
        one_by_one.collection.add_note(deck_id, note_of(at), position, 0);
    position += static_cast<std::int64_t>(single.cards.size());
    const daemon::NoteSave& batch = saves[static_cast<std::size_t>(at)];
    REQUIRE(batch.cards.size() == single.cards.size());
    for (std::size_t card = 0; card < batch.cards.size(); ++card) {
      const daemon::NoteCardRow& row = batch.cards[card].row;
      const daemon::NoteCardRow& expected = single.cards[card].row;
      CHECK(row.deck_id == expected.deck_id);
      CHECK(row.note_id == expected.note_id);
      CHECK(row.template_key == expected.template_key);
      CHECK(row.external_id == expected.external_id);
      CHECK(row.kind == expected.kind);
      CHECK(row.tags == expected.tags);
      CHECK(row.sibling_group == expected.sibling_group);
      CHECK(row.position == expected.position);
      CHECK(daemon::card_content_hash(row) == daemon::card_content_hash(expected));
    }
  }
}

TEST_CASE("notes: note.add_many names the first refused note past its first 32",
          "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  fixture.result("note.add", {{"deck", "d"},
                              {"id", "kept"},
                              {"kind", "basic"},
                              {"fields", english_fields({{"front", "kept"}})}});
  const auto count_notes = [&] {
    auto count = fixture.database.prepare("SELECT count(*) FROM notes");
    return daemon::sqlite::integer_result(count);
  };
  const std::int64_t before = count_notes();
  const auto refusal = [&](json::array notes) {
    const auto response = fixture.call("note.add_many", {{"deck", "d"}, {"notes", notes}});
    CHECK(count_notes() == before);
    return response.at("error");
  };
  const auto named = [](const json::value& error) {
    return std::string(error.at("message").as_string());
  };
  // One the deck has, and one the batch holds twice: each in a later statement's rows.
  json::array notes = notes_of_every_kind(70);
  notes[40].as_object()["id"] = "kept";
  const auto in_deck = refusal(notes);
  CHECK(in_deck.at("code") == -32003);
  CHECK(named(in_deck).find("notes[40]: deck d already has a note kept") == 0);
  notes = notes_of_every_kind(70);
  notes[50].as_object()["id"] = "note-10";
  const auto twice = refusal(notes);
  CHECK(twice.at("code") == -32003);
  CHECK(named(twice).find("notes[50]: ") == 0);
  // Whichever comes first is the error: a note in the deck before a broken one, and after.
  notes[60].as_object()["fields"] = english_fields({{"back", "no front"}});
  CHECK(named(refusal(notes)).find("notes[50]: deck d already has a note note-10") == 0);
  notes[30].as_object()["fields"] = english_fields({{"back", "no front"}});
  const auto broken = refusal(notes);
  CHECK(broken.at("code") == -32602);
  CHECK(named(broken).find("notes[30]: invalid note") == 0);
}

TEST_CASE("notes: note.add_many adds every note in one write, or none", "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  const json::array notes{
      json::object{{"kind", "basic"}, {"fields", english_fields({{"front", "F"}, {"back", "B"}})}},
      json::object{{"kind", "reverse"},
                   {"id", "rev"},
                   {"fields", english_fields({{"front", "cat"}, {"back", "猫"}})},
                   {"tags", json::array{"animals"}}},
      json::object{{"kind", "cloze"},
                   {"id", "cz"},
                   {"fields", english_fields({{"text", "{{c1::a}} and {{c2::b}}"}})}}};
  const auto added = fixture.result("note.add_many", {{"deck", "d"}, {"notes", notes}});
  const json::array& reported = added.at("notes").as_array();
  REQUIRE(reported.size() == 3);
  CHECK(reported.at(1).at("id").as_string() == "rev");
  CHECK(reported.at(2).at("id").as_string() == "cz");
  // Each note as note.get reads it back: its cards, in the order the reply gives them, and
  // after the deck's one choice card in the queue, in the order the notes were sent.
  std::vector<std::int64_t> reported_cards;
  for (const json::value& note : reported) {
    const auto stored = fixture.result("note.get", {{"note", note.at("id")}});
    std::vector<std::int64_t> stored_cards;
    for (const json::value& card : stored.at("cards").as_array()) {
      stored_cards.push_back(card.at("id").as_int64());
    }
    std::vector<std::int64_t> cards;
    for (const json::value& card : note.at("cards").as_array()) cards.push_back(card.as_int64());
    CHECK(cards == stored_cards);
    reported_cards.insert(reported_cards.end(), cards.begin(), cards.end());
  }
  CHECK(reported_cards.size() == 5);
  auto positions = fixture.database.prepare(
      "SELECT id FROM cards WHERE deck_id = (SELECT id FROM decks WHERE slug = 'd') "
      "ORDER BY position");
  std::vector<std::int64_t> queue;
  while (positions.step()) queue.push_back(positions.column_int(0));
  REQUIRE(queue.size() == 6);
  CHECK(std::vector<std::int64_t>(queue.begin() + 1, queue.end()) == reported_cards);
  CHECK(fixture.result("due.counts").at("new").as_int64() == 6);

  // One bad note refuses the whole request, named by its place; nothing of it lands.
  const auto count_notes = [&] {
    auto count = fixture.database.prepare("SELECT count(*) FROM notes");
    return daemon::sqlite::integer_result(count);
  };
  const std::int64_t before = count_notes();
  const auto broken = fixture.call(
      "note.add_many",
      {{"deck", "d"},
       {"notes",
        json::array{json::object{{"kind", "basic"}, {"fields", english_fields({{"front", "ok"}})}},
                    json::object{{"kind", "cloze"},
                                 {"fields", english_fields({{"text", "a {{c1::b"}})}}}}});
  CHECK(broken.at("error").at("code") == -32602);
  const std::string message(broken.at("error").at("message").as_string());
  CHECK(message.rfind("notes[1]: invalid note: field text.en", 0) == 0);
  CHECK(count_notes() == before);
  // An id the deck has, or one the request gives twice, is a conflict.
  const auto again = fixture.call(
      "note.add_many",
      {{"deck", "d"},
       {"notes", json::array{json::object{{"kind", "basic"},
                                          {"id", "new"},
                                          {"fields", english_fields({{"front", "x"}})}},
                             json::object{{"kind", "basic"},
                                          {"id", "new"},
                                          {"fields", english_fields({{"front", "y"}})}}}}});
  CHECK(again.at("error").at("code") == -32003);
  CHECK(std::string(again.at("error").at("message").as_string()).rfind("notes[1]: ", 0) == 0);
  CHECK(count_notes() == before);
  // An entry is checked as note.add's params are: no deck of its own, nothing unknown.
  const auto unknown = fixture.call(
      "note.add_many",
      {{"deck", "d"},
       {"notes",
        json::array{json::object{
            {"kind", "basic"}, {"deck", "d"}, {"fields", english_fields({{"front", "x"}})}}}}});
  CHECK(unknown.at("error").at("code") == -32602);
  CHECK(std::string(unknown.at("error").at("message").as_string()).find("notes[0]: ") == 0);
  const auto missing = fixture.call(
      "note.add_many", {{"deck", "d"}, {"notes", json::array{json::object{{"kind", "basic"}}}}});
  CHECK(missing.at("error").at("code") == -32602);
  CHECK(fixture.call("note.add_many", {{"deck", "d"}, {"notes", json::array{1}}})
            .at("error")
            .at("code") == -32602);
  CHECK(fixture.call("note.add_many", {{"deck", "nope"}, {"notes", json::array{}}})
            .at("error")
            .at("code") == -32001);
  CHECK(count_notes() == before);
  // Nothing to add is no error.
  CHECK(fixture.result("note.add_many", {{"deck", "d"}, {"notes", json::array{}}})
            .at("notes")
            .as_array()
            .empty());

  // A deleted note keeps its id: adding it again is a conflict, for note.add as for
  // note.add_many, and the deleted note stays as it was.
  fixture.result("note.delete", {{"note", "rev"}});
  const auto deleted_before = fixture.result("note.get", {{"note", "rev"}});
  const json::object again_rev{
      {"kind", "basic"}, {"id", "rev"}, {"fields", english_fields({{"front", "new"}})}};
  CHECK(fixture.call("note.add_many", {{"deck", "d"}, {"notes", json::array{again_rev}}})
            .at("error")
            .at("code") == -32003);
  json::object single = again_rev;
  single["deck"] = "d";
  const auto refused = fixture.call("note.add", single);
  CHECK(refused.at("error").at("code") == -32003);
  // It says how to get the note back rather than to update it, which a deleted note refuses.
  CHECK(std::string(refused.at("error").at("message").as_string())
            .find("has a deleted note rev: bring it back with note.restore") != std::string::npos);
  CHECK(fixture.result("note.get", {{"note", "rev"}, {"deck", "d"}}) == deleted_before);
  // The same id in another deck is another note.
  fixture.import_choice_deck("e", 1);
  const auto elsewhere =
      fixture.result("note.add_many", {{"deck", "e"}, {"notes", json::array{again_rev}}});
  CHECK(elsewhere.at("notes").at(0).at("id").as_string() == "rev");
  // What note.add_many saved is what a replay of the (empty) logs gives.
  CHECK(fixture.result("doctor.rebuild").at("changed").as_int64() == 0);
}

TEST_CASE("notes: note.add_many takes at most 10000 notes", "[daemon][notes]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  json::array notes;
  for (int index = 0; index < 10'001; ++index) {
    notes.push_back(json::object{{"kind", "basic"}, {"fields", english_fields({{"front", "x"}})}});
  }
  const auto refused = fixture.call("note.add_many", {{"deck", "d"}, {"notes", notes}});
  CHECK(refused.at("error").at("code") == -32602);
  CHECK(std::string(refused.at("error").at("message").as_string()).find("at most 10000") !=
        std::string::npos);
  notes.pop_back();
  CHECK(fixture.result("note.add_many", {{"deck", "d"}, {"notes", notes}})
            .at("notes")
            .as_array()
            .size() == 10'000);
  auto cards = fixture.database.prepare("SELECT count(*) FROM cards");
  CHECK(daemon::sqlite::integer_result(cards) == 10'001);
}

TEST_CASE("notes: an update of an older copy is refused, saves in one millisecond included",
          "[daemon][notes]") {
  DaemonFixture fixture;  // its clock stands still: every save in the same millisecond
  fixture.import_choice_deck("d", 1);
  fixture.result("note.add", {{"deck", "d"},
                              {"kind", "basic"},
                              {"id", "n"},
                              {"fields", english_fields({{"front", "F"}, {"back", "B"}})}});
  const std::int64_t read =
      fixture.result("note.get", {{"note", "n"}}).at("modified_ms").as_int64();
  // Two clients read the note; the first saves.
  const auto first =
      fixture.result("note.update", {{"note", "n"},
                                     {"fields", english_fields({{"front", "F1"}, {"back", "B"}})},
                                     {"modified_ms", read}});
  CHECK(first.at("note").at("modified_ms").as_int64() > read);
  // The second's copy is older, though no millisecond passed: refused, nothing written.
  const auto second =
      fixture.call("note.update", {{"note", "n"},
                                   {"fields", english_fields({{"front", "F2"}, {"back", "B"}})},
                                   {"modified_ms", read}});
  CHECK(second.at("error").at("code").as_int64() == -32003);
  const auto now = fixture.result("note.get", {{"note", "n"}});
  CHECK(now.at("fields").at("front").at("en").as_string() == "F1");
  // With the copy as it is now, the save goes through.
  CHECK(fixture
            .result("note.update", {{"note", "n"},
                                    {"fields", english_fields({{"front", "F2"}, {"back", "B"}})},
                                    {"modified_ms", now.at("modified_ms")}})
            .at("note")
            .at("fields")
            .at("front")
            .at("en")
            .as_string() == "F2");
}
