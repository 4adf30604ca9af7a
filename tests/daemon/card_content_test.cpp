// Stored card content read by the daemon's own JSON handler (card_content_reader.cpp) against
// the plainest reading of the same rules through a boost::json::value tree, on what kiokud
// writes and on what a damaged or hand-edited collection might hold.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/deck_notes.hpp"
#include "core/deck_parser.hpp"
#include "core/error.hpp"
#include "daemon/store/card_content.hpp"
#include "daemon/store/card_store.hpp"

using namespace kioku;
using namespace kioku::daemon;
namespace json = boost::json;

namespace {

LocalizedText texts_of(const json::value& value) {
  LocalizedText text;
  if (!value.is_object()) return text;
  for (const auto& [language, entry] : value.as_object()) {
    if (entry.is_string()) text[std::string(language)] = std::string(entry.as_string());
  }
  return text;
}

// The rules, read off a value tree.
CardContent through_tree(const std::string& text) {
  json::error_code error;
  const json::value value = json::parse(text, error);
  if (error || !value.is_object()) throw Error(ErrorCode::kStorage, "not an object");
  const json::object& object = value.as_object();
  CardContent content;
  if (const auto* question = object.if_contains("question")) content.question = texts_of(*question);
  if (const auto* explanation = object.if_contains("explanation")) {
    content.explanation = texts_of(*explanation);
  }
  if (const auto* choices = object.if_contains("choices"); choices && choices->is_object()) {
    for (const auto& [language, list] : choices->as_object()) {
      if (!list.is_array()) continue;
      auto& target = content.choices[std::string(language)];
      for (const json::value& choice : list.as_array()) {
        if (choice.is_string()) target.emplace_back(choice.as_string());
      }
    }
  }
  if (const auto* answer = object.if_contains("answer"); answer && answer->is_int64()) {
    content.answer = static_cast<int>(answer->as_int64());
  }
  return content;
}

std::map<std::string, std::size_t> counts_of(const LocalizedChoices& choices) {
  std::map<std::string, std::size_t> counts;
  for (const auto& [language, list] : choices) counts[language] = list.size();
  return counts;
}

void check_same(const std::string& text) {
  INFO(text);
  CardContent expected;
  try {
    expected = through_tree(text);
  } catch (const Error&) {
    CHECK_THROWS_AS(content_from_json(text), Error);
    CHECK_THROWS_AS(content_from_json(text, ContentParts::kGrading), Error);
    return;
  }
  const CardContent all = content_from_json(text);
  CHECK(all.question == expected.question);
  CHECK(all.choices == expected.choices);
  CHECK(all.answer == expected.answer);
  CHECK(all.explanation == expected.explanation);
  const CardContent grading = content_from_json(text, ContentParts::kGrading);
  CHECK(grading.question.empty());
  CHECK(counts_of(grading.choices) == counts_of(expected.choices));
  CHECK(grading.answer == expected.answer);
  CHECK(grading.explanation == expected.explanation);
}

}  // namespace

TEST_CASE("card content: what kiokud stores reads back as the tree reads it", "[daemon][store]") {
  const Deck deck = read_deck_file(std::string(KIOKU_SOURCE_DIR) +
                                   "/tests/fixtures/gradient-checkpointing-format1.toml");
  REQUIRE_FALSE(deck.cards.empty());
  const std::vector<DeckNote> notes = deck_notes(deck);
  REQUIRE(notes.size() == deck.cards.size());
  for (std::size_t index = 0; index < notes.size(); ++index) {
    const DeckCard& card = deck.cards[index];
    const std::string stored = content_to_json(notes[index].note);
    check_same(stored);
    const CardContent read = content_from_json(stored);
    CHECK(read.question == card.question);
    CHECK(read.choices == card.choices);
    CHECK(read.answer == card.answer);
    CHECK(read.explanation == card.explanation);
  }
}

TEST_CASE("card content: a choice note's source ends its card's explanation", "[daemon][store]") {
  Note note;
  note.id = "n";
  note.kind = NoteKind::kChoice;
  note.fields = {{"question", {{"en", "Q"}, {"ja", "問"}}},
                 {"explanation", {{"en", "E."}, {"ja", "説明。"}}},
                 {"source", {{"en", "Chen 2016, sec. 4.3"}, {"ja", "Chen ら 4.3 節"}}}};
  note.choices = {{"en", {"a", "b"}}, {"ja", {"あ", "い"}}};
  note.answer = 2;
  const CardContent read = content_from_json(content_to_json(note));
  CHECK(read.explanation.at("en") == "E.\n\nSource: Chen 2016, sec. 4.3");
  CHECK(read.explanation.at("ja") == "説明。\n\n出典: Chen ら 4.3 節");
  CHECK(read.question.at("en") == "Q");
  // A note with a source but no explanation shows the source alone.
  note.fields.erase(note.fields.begin() + 1);
  CHECK(content_from_json(content_to_json(note)).explanation.at("en") ==
        "Source: Chen 2016, sec. 4.3");
}

TEST_CASE("card content: odd and damaged content is read by the same rules", "[daemon][store]") {
  const std::vector<std::string> texts = {
      R"({})",
      R"({"answer":2})",
      R"({"answer":2.0,"question":{"en":"Q"}})",
      R"({"answer":-3,"choices":{"en":["a","b"]}})",
      R"({"answer":18446744073709551615})",
      R"({"answer":"2","explanation":"not an object"})",
      R"({"question":{"en":"one","en":"two"},"question":{"ja":"三"}})",
      R"({"question":{"en":"kept","en":7}})",
      R"({"choices":{"en":["a",1,null,["x"],{"y":"z"},"b"],"ja":"not a list","de":[]}})",
      R"({"choices":{"en":["a"],"en":{"not":"a list"}}})",
      R"({"choices":["a","b"],"explanation":{"en":{"nested":"E"},"ja":"説明"}})",
      R"({"other":{"question":{"en":"deep"}},"question":{"en":"\u00e9\ud83d\ude00\n\"q\""}})",
      R"({"explanation":{"en":"E"},"answer":1,"answer":null})",
      R"([{"answer":1}])",
      R"("text")",
      R"(null)",
      R"({"answer":1} {"answer":2})",
      R"({"answer":1)",
      "{\"question\":{\"en\":\"\xff\"},\"explanation\":{\"en\":\"E\"}}",
      "{\"explanation\":{\"\xe3\x81\":\"E\"}}",
      R"()",
  };
  for (const std::string& text : texts) check_same(text);
}

TEST_CASE("card content: a card's hash is the one its joined parts give", "[daemon][store]") {
  // card_content_hash hashes the row's parts one after another instead of joining them: the
  // hashes collections already hold must not change (a re-import would count every card as
  // updated). The joined form, as it was written before, is the reference.
  const auto joined = [](const NoteCardRow& row) {
    return content_hash(
        row.content_json,
        {row.kind + "\n" + row.tags +
         (row.sibling_group.empty() ? "" : "\nnote " + row.sibling_group) +
         (row.template_key == "card" ? "" : "\nas " + row.external_id) +
         (!row.note_content || row.note_content->empty() ? "" : "\nfields " + *row.note_content)});
  };
  const auto row = [](std::string template_key, std::string external_id, std::string kind,
                      std::string content_json, std::string tags, std::string sibling_group,
                      std::string note_content) {
    NoteCardRow made;
    made.template_key = std::move(template_key);
    made.external_id = std::move(external_id);
    made.kind = std::move(kind);
    made.content_json = std::move(content_json);
    made.tags = std::move(tags);
    made.sibling_group = std::move(sibling_group);
    if (!note_content.empty()) {
      made.note_content = std::make_shared<const std::string>(std::move(note_content));
    }
    return made;
  };
  const std::vector<NoteCardRow> rows{
      row("card", "c1", "choice", "{\"q\":1}", "", "", ""),
      row("card", "n", "basic", "{}", "a b", "", "[{\"name\":\"front\",\"text\":{\"en\":\"x\"}}]"),
      row("backward", "n/backward", "reverse", "{}", "", "n", "[]"),
      row("c2", "k/c2", "cloze", "", "", "g", "")};
  for (const NoteCardRow& each : rows) CHECK(card_content_hash(each) == joined(each));
  // The parts still count where one ends: "ab" then "c" is not "a" then "bc".
  CHECK(content_hash("ab", {"c"}) != content_hash("a", {"bc"}));
}
