// review.undo: an answer taken back leaves the card, the counts and the roll-ups as they were
// before it, the log holding both the answer and the entry that voids it.
#include "daemon/store/sqlite.hpp"
#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

constexpr std::int64_t kConflictCode = -32003;

std::int64_t count_rows(daemon::sqlite::Database& database, const std::string& table) {
  daemon::sqlite::Statement count = database.prepare("SELECT count(*) FROM " + table);
  return daemon::sqlite::integer_result(count);
}

// Everything an answer changes that an undo must give back, read through the store and the
// methods a client uses.
struct Snapshot {
  CardState state;
  DayTally today;
  json::value counts;
  std::int64_t reviews_total = 0;
  std::size_t history_answers = 0;
  bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(DaemonFixture& fixture, std::int64_t card) {
  const std::int64_t today = fixture.context.calendar.day_number(fixture.clock.now());
  return Snapshot{fixture.collection.cards().card(card).state,
                  fixture.collection.daily_stats().tally(today), fixture.result("due.counts"),
                  fixture.collection.daily_stats().review_count(),
                  fixture.result("card.history", {{"card", card}}).at("answers").as_array().size()};
}

// Card `card` answered right with `rating`, in five seconds.
json::value answer_timed(DaemonFixture& fixture, std::int64_t card, const std::string& rating) {
  return fixture.result("review.answer",
                        {{"card", card}, {"choice", 1}, {"rating", rating}, {"duration_ms", 5000}});
}

}  // namespace

TEST_CASE("undo: the card, the due counts and the day's roll-up go back to before the answer",
          "[daemon][undo]") {
  const std::string algorithm = GENERATE("sm2", "sm2-classic", "fsrs");
  INFO(algorithm);
  DaemonFixture fixture;
  fixture.import_choice_deck("u", 3);
  fixture.result("deck.config", {{"deck", "u"}, {"set", {{"algorithm", algorithm}}}});
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  // A card with a past: out of learning and into reviews, then due again days later.
  answer_timed(fixture, card, "good");
  fixture.clock.advance_ms(10 * 60'000);
  answer_timed(fixture, card, "good");
  fixture.clock.advance_days(5);
  answer_timed(fixture, card, "good");
  fixture.clock.advance_days(30);
  const Snapshot before = snapshot(fixture, card);
  REQUIRE(before.state.phase == Phase::kReview);
  REQUIRE(before.counts.at("review").as_int64() == 1);
  const std::int64_t log_rows = count_rows(fixture.database, "revlog");

  const json::value next_before = fixture.result("review.next").at("card").at("id");
  // A wrong choice: rated again, a lapse.
  const auto lapse = fixture.result("review.answer", {{"card", card}, {"choice", 2}});
  const Snapshot after_answer = snapshot(fixture, card);
  REQUIRE_FALSE(after_answer == before);

  const auto undone = fixture.result("review.undo");
  CHECK(undone.at("review_id") == lapse.at("review_id"));
  CHECK(undone.at("card").as_int64() == card);
  CHECK(undone.at("rating").as_string() == "again");
  CHECK(undone.at("reviewed_ms").as_int64() == fixture.clock.now());
  CHECK(snapshot(fixture, card) == before);
  CHECK(undone.at("state") == fixture.result("card.history", {{"card", card}}).at("state"));
  // The log keeps the answer, and the entry that voids it.
  CHECK(count_rows(fixture.database, "revlog") == log_rows + 1);
  CHECK(count_rows(fixture.database, "revlog_voids") == 1);
  // The queue is back as it was before the answer.
  CHECK(fixture.result("review.next").at("card").at("id") == next_before);
  // The replay agrees with every stored state.
  CHECK(fixture.result("doctor.rebuild").at("changed").as_int64() == 0);
}

TEST_CASE("undo: a second undo walks back further, and with nothing left it is an error",
          "[daemon][undo]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("u", 3);
  const std::int64_t first = fixture.result("review.next").at("card").at("id").as_int64();
  const Snapshot untouched_first = snapshot(fixture, first);
  const auto first_answer = answer_timed(fixture, first, "good");
  const std::int64_t second = fixture.result("review.next").at("card").at("id").as_int64();
  REQUIRE(second != first);
  const Snapshot first_answered = snapshot(fixture, first);
  const Snapshot untouched_second = snapshot(fixture, second);
  const auto second_answer = answer_timed(fixture, second, "easy");

  const auto undo_second = fixture.result("review.undo");
  CHECK(undo_second.at("review_id") == second_answer.at("review_id"));
  CHECK(snapshot(fixture, second) == untouched_second);
  CHECK(snapshot(fixture, first) == first_answered);

  const auto undo_first = fixture.result("review.undo");
  CHECK(undo_first.at("review_id") == first_answer.at("review_id"));
  CHECK(undo_first.at("undo_id").as_int64() > undo_second.at("undo_id").as_int64());
  CHECK(snapshot(fixture, first) == untouched_first);
  CHECK(fixture.collection.daily_stats().review_count() == 0);
  CHECK(fixture.result("stats.summary").at("reviews_total").as_int64() == 0);

  const auto nothing = fixture.call("review.undo");
  CHECK(nothing.at("error").at("code").as_int64() == kConflictCode);
  CHECK(nothing.at("error").at("message").as_string() ==
        "nothing to undo: no answer is left to undo");
  CHECK(count_rows(fixture.database, "revlog_voids") == 2);
  CHECK(fixture.result("doctor.rebuild").at("changed").as_int64() == 0);

  // The undone card is answered as if it never was.
  const auto again = answer_timed(fixture, first, "good");
  CHECK(again.at("state") == first_answer.at("state"));
  CHECK(fixture.collection.daily_stats().review_count() == 1);
  CHECK(fixture.result("card.history", {{"card", first}}).at("answers").as_array().size() == 1);
}

TEST_CASE("undo: limited to a card, it takes that card's latest answer and no other",
          "[daemon][undo]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("u", 2);
  const std::int64_t first = fixture.result("review.next").at("card").at("id").as_int64();
  const Snapshot untouched_first = snapshot(fixture, first);
  const auto first_answer = answer_timed(fixture, first, "good");
  const std::int64_t second = fixture.result("review.next").at("card").at("id").as_int64();
  answer_timed(fixture, second, "good");
  const Snapshot second_answered = snapshot(fixture, second);

  const auto undone = fixture.result("review.undo", {{"card", first}});
  CHECK(undone.at("review_id") == first_answer.at("review_id"));
  CHECK(snapshot(fixture, first).state == untouched_first.state);
  CHECK(snapshot(fixture, first).history_answers == 0);
  CHECK(snapshot(fixture, second).state == second_answered.state);
  CHECK(snapshot(fixture, second).history_answers == 1);
  CHECK(snapshot(fixture, second).reviews_total == 1);

  const auto none_left = fixture.call("review.undo", {{"card", first}});
  CHECK(none_left.at("error").at("code").as_int64() == kConflictCode);
  CHECK(none_left.at("error").at("message").as_string() ==
        "nothing to undo: card " + std::to_string(first) + " has no answer left to undo");
  CHECK(fixture.call("review.undo", {{"card", 999999}}).at("error").at("code").as_int64() ==
        -32001);
}

TEST_CASE("undo: an answer from a day before comes out of that day's roll-up", "[daemon][undo]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("u", 2);
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  const std::int64_t yesterday = fixture.context.calendar.day_number(fixture.clock.now());
  answer_timed(fixture, card, "good");
  REQUIRE(fixture.collection.daily_stats().tally(yesterday).reviews == 1);
  fixture.clock.advance_days(1);
  fixture.result("review.undo");
  CHECK(fixture.collection.daily_stats().tally(yesterday) == DayTally{});
  CHECK(fixture.collection.cards().card(card).state == CardState{});
}

TEST_CASE("undo: undoing the lapse that made a leech lifts its suspension", "[daemon][undo]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("u", 1);
  fixture.result("deck.config", {{"deck", "u"}, {"set", {{"leech_threshold", "1"}}}});
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  answer_timed(fixture, card, "easy");
  fixture.clock.advance_days(10);
  const Snapshot before = snapshot(fixture, card);
  const auto lapse = fixture.result("review.answer", {{"card", card}, {"choice", 2}});
  REQUIRE(lapse.at("state").at("suspended").as_bool());
  const auto undone = fixture.result("review.undo");
  CHECK_FALSE(undone.at("state").at("suspended").as_bool());
  CHECK(snapshot(fixture, card) == before);
}

TEST_CASE("suspend: a suspended card leaves the queue, refuses answers and survives a rebuild",
          "[daemon][suspend]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("s", 2);
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  const auto suspended = fixture.result("card.suspend", {{"cards", json::array{card}}});
  CHECK(suspended.at("cards").at(0).at("card").as_int64() == card);
  CHECK(suspended.at("cards").at(0).at("suspended").as_bool());
  CHECK(fixture.result("due.counts").at("new").as_int64() == 1);
  CHECK(fixture.result("review.next").at("card").at("id").as_int64() != card);
  CHECK(fixture.call("review.answer", {{"card", card}, {"choice", 1}})
            .at("error")
            .at("code")
            .as_int64() == kConflictCode);

  // The replay keeps it suspended, as it keeps a retired card.
  CHECK(fixture.result("doctor.rebuild").at("changed").as_int64() == 0);
  CHECK(fixture.collection.cards().card(card).state.suspended);

  const auto unsuspended = fixture.result("card.unsuspend", {{"cards", json::array{card}}});
  CHECK_FALSE(unsuspended.at("cards").at(0).at("suspended").as_bool());
  CHECK(fixture.result("due.counts").at("new").as_int64() == 2);
  CHECK(fixture.result("doctor.rebuild").at("changed").as_int64() == 0);
  answer_timed(fixture, card, "good");
}

TEST_CASE("suspend: an undo keeps a card suspended by hand suspended", "[daemon][suspend]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("s", 1);
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  answer_timed(fixture, card, "good");
  fixture.result("card.suspend", {{"cards", json::array{card}}});
  const auto undone = fixture.result("review.undo");
  CHECK(undone.at("state").at("suspended").as_bool());
  CHECK(undone.at("state").at("phase").as_string() == "new");
  CHECK(fixture.result("doctor.rebuild").at("changed").as_int64() == 0);
}

TEST_CASE("suspend: unsuspending a leech leaves it suspended, and says so", "[daemon][suspend]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("s", 1);
  fixture.result("deck.config", {{"deck", "s"}, {"set", {{"leech_threshold", "1"}}}});
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  answer_timed(fixture, card, "easy");
  fixture.clock.advance_days(10);
  fixture.result("review.answer", {{"card", card}, {"choice", 2}});
  const auto unsuspended = fixture.result("card.unsuspend", {{"cards", json::array{card}}});
  CHECK(unsuspended.at("cards").at(0).at("suspended").as_bool());
  CHECK(fixture.result("doctor.rebuild").at("changed").as_int64() == 0);
}

TEST_CASE("suspend: an unknown card or an empty list changes nothing", "[daemon][suspend]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("s", 2);
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  const auto unknown = fixture.call("card.suspend", {{"cards", json::array{card, 999999}}});
  CHECK(unknown.at("error").at("code").as_int64() == -32001);
  CHECK_FALSE(fixture.collection.cards().card(card).state.suspended);
  CHECK(fixture.call("card.suspend", {{"cards", json::array{}}}).at("error").at("code") == -32602);
}

TEST_CASE("suspend: a list's cards answer in its order, one listed twice twice, flags alike",
          "[daemon][suspend]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("s", 4);
  const std::vector<std::int64_t> cards =
      fixture.collection.cards().ids_in_deck(fixture.collection.decks().by_slug("s")->id);
  REQUIRE(cards.size() == 4);
  const json::array listed{cards[2], cards[0], cards[2], cards[1]};
  const auto suspended = fixture.result("card.suspend", {{"cards", listed}});
  REQUIRE(suspended.at("cards").as_array().size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(suspended.at("cards").at(i).at("card") == listed[i]);
    CHECK(suspended.at("cards").at(i).at("suspended").as_bool());
  }
  CHECK(fixture.collection.cards().card(cards[2]).state.suspended);
  CHECK_FALSE(fixture.collection.cards().card(cards[3]).state.suspended);
  CHECK(fixture.result("due.counts").at("new").as_int64() == 1);
  const auto missing = fixture.call("card.suspend", {{"cards", json::array{777, cards[3], 555}}});
  CHECK(missing.at("error").at("message") == "no card with id 777, 555");
  CHECK(missing.at("error").at("data").at("cards") == json::array{777, 555});

  fixture.result("card.flag", {{"cards", json::array{cards[1], cards[3]}}, {"flag", 3}});
  CHECK(fixture.collection.cards().card(cards[1]).flag == 3);
  CHECK(fixture.collection.cards().card(cards[3]).flag == 3);
  CHECK(fixture.collection.cards().card(cards[0]).flag == 0);
}

TEST_CASE("undo: by review_id it may be sent again, and refuses an answer that is not the latest",
          "[daemon][undo]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("u", 2);
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  const auto first = answer_timed(fixture, card, "again");
  fixture.clock.advance_ms(60'000);
  const Snapshot between = snapshot(fixture, card);
  const auto second = answer_timed(fixture, card, "good");
  const std::int64_t first_id = first.at("review_id").as_int64();
  const std::int64_t second_id = second.at("review_id").as_int64();

  const auto not_latest = fixture.call("review.undo", {{"review_id", first_id}});
  CHECK(not_latest.at("error").at("code").as_int64() == kConflictCode);
  CHECK(not_latest.at("error").at("message").as_string() ==
        "answer " + std::to_string(first_id) + " is not the latest of card " +
            std::to_string(card) + ": undo answer " + std::to_string(second_id) + " first");
  CHECK(count_rows(fixture.database, "revlog_voids") == 0);

  const auto undone = fixture.result("review.undo", {{"review_id", second_id}});
  CHECK_FALSE(undone.at("already_undone").as_bool());
  CHECK(snapshot(fixture, card) == between);
  const auto again = fixture.result("review.undo", {{"review_id", second_id}});
  CHECK(again.at("already_undone").as_bool());
  CHECK(again.at("undo_id") == undone.at("undo_id"));
  CHECK(again.at("state") == undone.at("state"));
  CHECK(snapshot(fixture, card) == between);
  CHECK(count_rows(fixture.database, "revlog_voids") == 1);

  CHECK(fixture.call("review.undo", {{"review_id", 999999}}).at("error").at("code").as_int64() ==
        -32001);
  CHECK(fixture.call("review.undo", {{"review_id", first_id}, {"card", card + 1}})
            .at("error")
            .at("code")
            .as_int64() == -32602);
}
