// review.next's session options through the dispatcher: `deck` by name with its subdecks, `tag`,
// and cram sessions (`cram`, `cram_after`, review.answer's `cram`), which study cards without
// changing their schedule, the day's counts or what a rebuild from the log gives.
#include <algorithm>
#include <set>
#include <vector>

#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

// A deck `id` named `name` (English, and Japanese when given) of choice cards, one per entry
// of `tags` (each the card's space-separated tags), c-1..c-N.
void import_named_deck(DaemonFixture& fixture, const std::string& id, const std::string& name,
                       const std::vector<std::string>& tags, const std::string& japanese = "") {
  Deck deck;
  deck.id = id;
  deck.languages = {"en"};
  deck.name = {{"en", name}};
  if (!japanese.empty()) deck.name["ja"] = japanese;
  for (std::size_t i = 0; i < tags.size(); ++i) {
    DeckCard card;
    card.id = "c-" + std::to_string(i + 1);
    card.kind = "choice";
    card.question = {{"en", id + " Q" + std::to_string(i + 1)}};
    card.choices = {{"en", {"right", "wrong"}}};
    card.answer = 1;
    card.explanation = {{"en", "E"}};
    std::size_t start = 0;
    while (start < tags[i].size()) {
      const std::size_t end = std::min(tags[i].find(' ', start), tags[i].size());
      card.tags.push_back(tags[i].substr(start, end - start));
      start = end + 1;
    }
    deck.cards.push_back(card);
  }
  fixture.collection.import_deck(deck, "test", fixture.clock.now());
}

std::int64_t new_count(DaemonFixture& fixture, json::object params) {
  return fixture.result("review.next", std::move(params)).at("counts").at("new").as_int64();
}

std::string error_of(DaemonFixture& fixture, json::object params) {
  const json::value response = fixture.call("review.next", std::move(params));
  INFO(json::serialize(response));
  REQUIRE(response.as_object().contains("error"));
  CHECK(response.at("error").at("code").as_int64() == -32001);  // not found
  return std::string(response.at("error").at("message").as_string());
}

// Japanese (2 cards), Japanese::Vocab (3), Japanese::Vocab::N5 (1), Spanish (1) and spanish (1).
void hierarchy(DaemonFixture& fixture) {
  import_named_deck(fixture, "jp", "Japanese", {"grammar", "verbs"}, "日本語");
  import_named_deck(fixture, "jp-vocab", "Japanese::Vocab", {"jlpt::n5 verbs", "JLPT::N4", "x"});
  import_named_deck(fixture, "jp-vocab-n5", "Japanese::Vocab::N5", {"jlpt::n5::kanji"});
  import_named_deck(fixture, "es-1", "Spanish", {"verbs"});
  import_named_deck(fixture, "es-2", "spanish", {"verbs"});
}

std::int64_t card_of(DaemonFixture& fixture, const std::string& deck, int number) {
  for (const std::int64_t id :
       fixture.collection.cards().ids_in_deck(fixture.collection.decks().by_slug(deck)->id)) {
    if (fixture.collection.cards().card(id).external_id == "c-" + std::to_string(number)) {
      return id;
    }
  }
  FAIL("no card " << number << " in " << deck);
  return 0;
}

}  // namespace

TEST_CASE("review.next deck: an id or a name in any language takes the decks under it too",
          "[daemon][session_options]") {
  DaemonFixture fixture;
  hierarchy(fixture);
  CHECK(new_count(fixture, {}) == 8);
  CHECK(new_count(fixture, {{"deck", "jp"}}) == 6);
  CHECK(new_count(fixture, {{"deck", "japanese"}}) == 6);
  CHECK(new_count(fixture, {{"deck", "日本語"}}) == 6);
  CHECK(new_count(fixture, {{"deck", "Japanese::Vocab"}}) == 4);
  CHECK(new_count(fixture, {{"deck", "japanese::vocab::n5"}}) == 1);
  CHECK(new_count(fixture, {{"deck", "es-2"}}) == 1);
  // The session's summary counts the same decks (due.counts).
  CHECK(fixture.result("due.counts", {{"deck", "Japanese::Vocab"}}).at("new").as_int64() == 4);
  // Every card shown comes from the chosen decks.
  const auto next = fixture.result("review.next", {{"deck", "Japanese::Vocab"}});
  CHECK(next.at("card").at("deck").as_string().starts_with("jp-vocab"));
}

TEST_CASE("review.next deck: an unknown or ambiguous name is refused, naming it",
          "[daemon][session_options]") {
  DaemonFixture fixture;
  hierarchy(fixture);
  CHECK(error_of(fixture, {{"deck", "French"}}) == "no deck with id or name 'French'");
  CHECK(error_of(fixture, {{"deck", "SPANISH"}}) ==
        "deck name 'SPANISH' is ambiguous: it names es-1, es-2");
  CHECK(fixture.call("due.counts", {{"deck", "French"}}).at("error").at("code").as_int64() ==
        -32001);
}

TEST_CASE("review.next tag: only cards whose tags match, its children included, any case",
          "[daemon][session_options]") {
  DaemonFixture fixture;
  hierarchy(fixture);
  CHECK(new_count(fixture, {{"tag", "verbs"}}) == 4);
  CHECK(new_count(fixture, {{"tag", "VERBS"}, {"deck", "Japanese"}}) == 2);
  CHECK(new_count(fixture, {{"tag", "jlpt"}}) == 3);
  CHECK(new_count(fixture, {{"tag", "jlpt::n5"}}) == 2);
  CHECK(new_count(fixture, {{"tag", "jlpt::n5"}, {"deck", "Japanese::Vocab::N5"}}) == 1);
  CHECK(new_count(fixture, {{"tag", "nothing"}}) == 0);
  // Studying with the tag shows only those cards, then none.
  std::set<std::int64_t> shown;
  for (int i = 0; i < 5; ++i) {
    const auto next = fixture.result("review.next", {{"tag", "jlpt::n5"}});
    if (next.at("card").is_null()) break;
    const std::int64_t card = next.at("card").at("id").as_int64();
    shown.insert(card);
    fixture.result("review.answer", {{"card", card}, {"choice", 1}, {"rating", "easy"}});
  }
  CHECK(shown == std::set<std::int64_t>{card_of(fixture, "jp-vocab", 1),
                                        card_of(fixture, "jp-vocab-n5", 1)});
  const auto empty = fixture.call("review.next", {{"tag", ""}});
  CHECK(empty.at("error").at("code").as_int64() == -32602);
}

TEST_CASE("review.next cram: cards that are not new, due or not, by due time, walked once",
          "[daemon][session_options]") {
  DaemonFixture fixture;
  hierarchy(fixture);
  // Three cards of Japanese::Vocab studied: c-1 Easy (due latest), c-2 Good, c-3 Again.
  const std::int64_t easy = card_of(fixture, "jp-vocab", 1);
  const std::int64_t good = card_of(fixture, "jp-vocab", 2);
  const std::int64_t again = card_of(fixture, "jp-vocab", 3);
  fixture.result("review.answer", {{"card", easy}, {"choice", 1}, {"rating", "easy"}});
  fixture.result("review.answer", {{"card", good}, {"choice", 1}, {"rating", "good"}});
  fixture.result("review.answer", {{"card", again}, {"choice", 2}});
  fixture.clock.advance_ms(3'600'000);  // learning cards due, the review not
  const json::object cram{{"deck", "Japanese"}, {"cram", true}};

  std::vector<std::int64_t> order;
  std::optional<std::int64_t> after;
  for (int i = 0; i < 5; ++i) {
    json::object params = cram;
    if (after) params["cram_after"] = *after;
    const auto next = fixture.result("review.next", params);
    if (next.at("card").is_null()) {
      CHECK(next.at("cram_left").as_int64() == 0);
      break;
    }
    CHECK(next.at("cram_left").as_int64() == 3 - i);
    after = next.at("card").at("id").as_int64();
    order.push_back(*after);
  }
  // By due: the Again card's step, then Good's, then the Easy review days away; no new card.
  CHECK(order == std::vector<std::int64_t>{again, good, easy});
  // Only with cram.
  CHECK(fixture.call("review.next", {{"cram_after", easy}}).at("error").at("code").as_int64() ==
        -32602);
  // A tag narrows it.
  const auto tagged = fixture.result("review.next", {{"cram", true}, {"tag", "jlpt"}});
  CHECK(tagged.at("cram_left").as_int64() == 2);
}

TEST_CASE("review.answer cram: logged as cram, the card, the counts and a rebuild stay",
          "[daemon][session_options]") {
  DaemonFixture fixture;
  hierarchy(fixture);
  const std::int64_t card = card_of(fixture, "jp", 1);
  fixture.result("review.answer", {{"card", card}, {"choice", 1}, {"rating", "easy"}});
  const daemon::CardRecord before = fixture.collection.cards().card(card);
  const std::int64_t today = fixture.context.calendar.day_number(fixture.clock.now());
  const DayTally tally_before = fixture.collection.daily_stats().tally(today);
  const auto counts_before = fixture.result("due.counts");
  const auto history_before = fixture.result("card.history", {{"card", card}});

  fixture.clock.advance_ms(60'000);
  const auto crammed = fixture.result(
      "review.answer", {{"card", card}, {"choice", 2}, {"cram", true}, {"duration_ms", 4000}});
  CHECK(crammed.at("correct").as_bool() == false);
  CHECK(crammed.at("rating").as_string() == "again");
  CHECK(crammed.at("state").at("due_ms").as_int64() == before.state.due);
  CHECK(fixture.collection.cards().card(card).state == before.state);
  CHECK(fixture.collection.daily_stats().tally(today).reviews == tally_before.reviews);
  CHECK(fixture.collection.daily_stats().tally(today).new_cards == tally_before.new_cards);
  CHECK(fixture.result("due.counts") == counts_before);

  const auto history = fixture.result("card.history", {{"card", card}});
  REQUIRE(history.at("answers").as_array().size() == 2);
  CHECK(history.at("answers").at(1).at("kind").as_string() == "cram");
  CHECK(history.at("answers").at(0).at("kind").as_string() == "learning");
  // A rebuild from the log changes nothing: the cram row is no answer to the schedule.
  CHECK(fixture.result("doctor.rebuild").at("changed").as_int64() == 0);
  CHECK(fixture.collection.cards().card(card).state == before.state);

  // review.choose takes it too: a wrong choice recorded at once, as cram.
  const auto chose =
      fixture.result("review.choose", {{"card", card}, {"choice", 2}, {"cram", true}});
  CHECK(chose.at("recorded").at("state").at("due_ms").as_int64() == before.state.due);
  CHECK(fixture.collection.cards().card(card).state == before.state);

  // Undo takes the cram answers back, leaving the card and the roll-up as they were.
  const auto undone = fixture.result("review.undo", {{"card", card}});
  CHECK(undone.at("state").at("due_ms").as_int64() == before.state.due);
  fixture.result("review.undo", {{"card", card}});
  CHECK(fixture.collection.cards().card(card).state == before.state);
  CHECK(fixture.collection.daily_stats().tally(today).reviews == tally_before.reviews);
  CHECK(fixture.result("card.history", {{"card", card}}) == history_before);
  // The third undo takes the scheduled answer back: the card is new again.
  CHECK(fixture.result("review.undo", {{"card", card}}).at("state").at("phase").as_string() ==
        "new");
}

TEST_CASE("stats.report: cram answers are counted as cram and left out of true retention",
          "[daemon][session_options]") {
  DaemonFixture fixture;
  hierarchy(fixture);
  const std::int64_t card = card_of(fixture, "jp", 1);
  fixture.result("review.answer", {{"card", card}, {"choice", 1}, {"rating", "easy"}});
  fixture.clock.advance_days(10);
  const auto reviewed =
      fixture.result("review.answer", {{"card", card}, {"choice", 1}, {"rating", "good"}});
  REQUIRE(reviewed.at("state").at("phase").as_string() == "review");
  const auto before = fixture.result("stats.report");
  fixture.clock.advance_ms(60'000);
  for (int i = 0; i < 3; ++i) {
    fixture.result("review.answer", {{"card", card}, {"choice", 2}, {"cram", true}});
  }
  const auto after = fixture.result("stats.report");
  CHECK(after.at("true_retention") == before.at("true_retention"));
  CHECK(after.at("today").at("cram").as_int64() == 3);
  CHECK(before.at("today").at("cram").as_int64() == 0);
  CHECK(after.at("reviews").at("total_count").at("cram").as_int64() == 3);
}
