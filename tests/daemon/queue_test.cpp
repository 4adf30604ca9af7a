// The queue of scheduling.md §2.7 through the dispatcher: burying until the next day start,
// sibling burying by deck option, and interday learning mixed with reviews under the review
// limit. A FakeClock moves through the days.
#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

// Cards c-1..c-count of the deck "siblings"; c-1 and c-2 share the note `note`.
daemon::ImportSummary import_deck_with_siblings(DaemonFixture& fixture, int count,
                                                const std::string& note = "pair") {
  return fixture.import_choice_deck("siblings", count, 2, note);
}

void configure(DaemonFixture& fixture, const std::string& deck, json::object set) {
  fixture.result("deck.config", {{"deck", deck}, {"set", std::move(set)}});
}

// Answers whatever review.next shows with `rating`, `count` times; returns the phases seen
// (R review, I interday learning, L intraday learning, N new).
std::string study(DaemonFixture& fixture, int count, const std::string& rating) {
  std::string order;
  for (int i = 0; i < count; ++i) {
    const auto next = fixture.result("review.next");
    if (next.at("card").is_null()) break;
    const json::value& state = next.at("card").at("state");
    const std::string phase(state.at("phase").as_string());
    order += phase == "new"                   ? 'N'
             : phase == "review"              ? 'R'
             : state.at("interday").as_bool() ? 'I'
                                              : 'L';
    fixture.answer(next.at("card").at("id").as_int64(), rating);
  }
  return order;
}

// Deck "deck" with four reviews (c-1..c-4, Easy) and two interday learning cards (c-5, c-6,
// Again on a 4-day step), all due in four days.
void reviews_and_interday_learning_in_four_days(DaemonFixture& fixture) {
  fixture.import_choice_deck("deck", 6);
  configure(fixture, "deck", {{"fuzz", "off"}, {"learning_steps", "4d"}});
  for (const char* external : {"c-1", "c-2", "c-3", "c-4"}) {
    fixture.answer(fixture.card_id("deck", external), "easy");
  }
  for (const char* external : {"c-5", "c-6"}) {
    const auto answered = fixture.answer(fixture.card_id("deck", external), "again");
    REQUIRE(answered.at("state").at("interday").as_bool());
  }
}

}  // namespace

TEST_CASE("bury: a buried card is skipped until the next day start brings it back",
          "[daemon][queue]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 3);
  const std::int64_t first = fixture.result("review.next").at("card").at("id").as_int64();
  const auto buried = fixture.result("review.bury", {{"card", first}});
  const TimestampMs tomorrow = fixture.context.calendar.next_day_start(fixture.clock.now());
  CHECK(buried.at("buried_until_ms").as_int64() == tomorrow);

  CHECK(fixture.result("due.counts").at("new").as_int64() == 2);
  CHECK(fixture.result("review.next").at("card").at("id").as_int64() != first);

  // Still buried in the last millisecond of the day (the day starts at 04:00, not midnight)...
  fixture.clock.advance_ms(tomorrow - 1 - fixture.clock.now());
  CHECK(fixture.result("due.counts").at("new").as_int64() == 2);
  // ...and back at the day start, with nothing run at the rollover.
  fixture.clock.advance_ms(1);
  CHECK(fixture.result("due.counts").at("new").as_int64() == 3);
  CHECK(fixture.result("review.next").at("card").at("id").as_int64() == first);
}

TEST_CASE("bury: a buried learning card is due again tomorrow and next_due says so",
          "[daemon][queue]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 1);
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  fixture.answer(card, "again");  // learning, due in a minute
  fixture.result("review.bury", {{"card", card}});
  fixture.clock.advance_ms(5 * 60'000);
  const auto counts = fixture.result("due.counts");
  CHECK(counts.at("total").as_int64() == 0);
  CHECK(counts.at("next_due_ms").as_int64() ==
        fixture.context.calendar.next_day_start(fixture.clock.now()));
  CHECK(fixture.result("review.next").at("card").is_null());
}

TEST_CASE("bury: unbury brings cards back at once and an unknown card is refused",
          "[daemon][queue]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 3);
  fixture.result("review.bury", {{"card", fixture.card_id("deck", "c-1")}});
  fixture.result("review.bury", {{"card", fixture.card_id("deck", "c-2")}});
  CHECK(fixture.result("due.counts").at("new").as_int64() == 1);
  CHECK(fixture.call("review.bury", {{"card", 999}}).at("error").at("code").as_int64() == -32001);
  CHECK(fixture.call("review.unbury", {{"deck", "nope"}}).at("error").at("code").as_int64() ==
        -32001);
  CHECK(fixture.result("review.unbury", {{"deck", "deck"}}).at("unburied").as_int64() == 2);
  CHECK(fixture.result("due.counts").at("new").as_int64() == 3);
  CHECK(fixture.result("review.unbury").at("unburied").as_int64() == 0);
}

TEST_CASE("bury: a rebuild from the log keeps burials and does not report them",
          "[daemon][queue]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 2);
  const std::int64_t card = fixture.card_id("deck", "c-1");
  fixture.answer(card, "good");
  fixture.result("review.bury", {{"card", card}});
  const auto report = fixture.result("doctor.rebuild");
  CHECK(report.at("changed").as_int64() == 0);
  CHECK(fixture.collection.cards().card(card).buried_until_day ==
        fixture.context.calendar.day_number(fixture.clock.now()) + 1);
  fixture.clock.advance_ms(10 * 60'000);
  CHECK(fixture.result("due.counts").at("learning").as_int64() == 0);
}

TEST_CASE("siblings: a re-import that changes a note updates those cards only", "[daemon][queue]") {
  DaemonFixture fixture;
  import_deck_with_siblings(fixture, 3);
  const daemon::ImportSummary same = import_deck_with_siblings(fixture, 3);
  CHECK(same.unchanged == 3);
  const daemon::ImportSummary renamed = import_deck_with_siblings(fixture, 3, "other");
  CHECK(renamed.updated == 2);
  CHECK(renamed.unchanged == 1);
  CHECK(fixture.collection.cards().card(fixture.card_id("siblings", "c-2")).note == "other");
}

TEST_CASE("siblings: answering a card buries its new siblings only with the option on",
          "[daemon][queue]") {
  DaemonFixture fixture;
  import_deck_with_siblings(fixture, 3);
  const std::int64_t first = fixture.card_id("siblings", "c-1");
  const std::int64_t sibling = fixture.card_id("siblings", "c-2");

  SECTION("off by default") {
    fixture.answer(first, "easy");
    CHECK(fixture.result("due.counts").at("new").as_int64() == 2);
    CHECK(fixture.collection.cards().card(sibling).buried_until_day == 0);
  }
  SECTION("bury_new_siblings") {
    configure(fixture, "siblings", {{"bury_new_siblings", "on"}});
    fixture.answer(first, "easy");
    CHECK(fixture.result("due.counts").at("new").as_int64() == 1);
    CHECK(fixture.result("review.next").at("card").at("external_id").as_string() == "c-3");
    fixture.clock.advance_days(1);
    CHECK(fixture.result("review.next").at("card").at("external_id").as_string() == "c-2");
  }
  SECTION("bury_review_siblings does not bury new cards") {
    configure(fixture, "siblings", {{"bury_review_siblings", "on"}});
    fixture.answer(first, "easy");
    CHECK(fixture.result("due.counts").at("new").as_int64() == 2);
  }
}

TEST_CASE("siblings: review and interday learning siblings follow their own options",
          "[daemon][queue]") {
  DaemonFixture fixture;
  import_deck_with_siblings(fixture, 2);
  configure(fixture, "siblings", {{"fuzz", "off"}, {"learning_steps", "4d"}});
  const std::int64_t first = fixture.card_id("siblings", "c-1");
  const std::int64_t sibling = fixture.card_id("siblings", "c-2");
  fixture.answer(first, "easy");  // review, due in 4 days (easy interval)

  SECTION("review siblings") {
    fixture.answer(sibling, "easy");
    fixture.clock.advance_days(4);
    REQUIRE(fixture.result("due.counts").at("review").as_int64() == 2);
    configure(fixture, "siblings", {{"bury_interday_learning_siblings", "on"}});
    fixture.answer(first, "good");
    CHECK(fixture.result("due.counts").at("review").as_int64() == 1);  // option does not apply
    configure(fixture, "siblings", {{"bury_review_siblings", "on"}});
    fixture.answer(sibling, "good");
    CHECK(fixture.collection.cards().card(first).buried_until_day ==
          fixture.context.calendar.day_number(fixture.clock.now()) + 1);
  }
  SECTION("interday learning siblings") {
    fixture.answer(sibling, "again");  // interday learning: the 4d step
    REQUIRE(fixture.collection.cards().card(sibling).state.interday);
    fixture.clock.advance_days(4);
    REQUIRE(fixture.result("due.counts").at("learning").as_int64() == 1);
    configure(fixture, "siblings", {{"bury_review_siblings", "on"}, {"bury_new_siblings", "on"}});
    const std::int64_t today = fixture.context.calendar.day_number(fixture.clock.now());
    fixture.answer(first, "good");
    CHECK(fixture.collection.cards().card(sibling).buried_until_day == 0);
    CHECK(fixture.result("due.counts").at("learning").as_int64() == 1);
    configure(fixture, "siblings", {{"bury_interday_learning_siblings", "on"}});
    fixture.answer(first, "good");  // answering ahead
    CHECK(fixture.collection.cards().card(sibling).buried_until_day == today + 1);
    CHECK(fixture.result("due.counts").at("learning").as_int64() == 0);
  }
}

TEST_CASE("siblings: an intraday learning sibling is never buried", "[daemon][queue]") {
  DaemonFixture fixture;
  import_deck_with_siblings(fixture, 2);
  configure(fixture, "siblings",
            {{"bury_new_siblings", "on"},
             {"bury_review_siblings", "on"},
             {"bury_interday_learning_siblings", "on"}});
  const std::int64_t first = fixture.card_id("siblings", "c-1");
  const std::int64_t sibling = fixture.card_id("siblings", "c-2");
  fixture.answer(sibling, "again");  // buries c-1 (new) and is in intraday learning
  fixture.result("review.unbury");
  fixture.answer(first, "again");
  CHECK(fixture.collection.cards().card(sibling).buried_until_day == 0);
}

TEST_CASE("interday learning: mixed evenly with reviews after intraday learning",
          "[daemon][queue]") {
  DaemonFixture fixture;
  reviews_and_interday_learning_in_four_days(fixture);
  fixture.clock.advance_days(4);
  const auto due = fixture.result("due.counts");
  CHECK(due.at("review").as_int64() == 4);
  CHECK(due.at("learning").as_int64() == 2);

  // An intraday relearning card (a lapse 11 minutes ago) comes first.
  fixture.answer(fixture.card_id("deck", "c-4"), "again");
  fixture.clock.advance_ms(11 * 60'000);
  CHECK(study(fixture, 1, "easy") == "L");
  // Then 3 reviews (one was answered) and 2 interday: the intersperser over the whole day's
  // R R R R + I I, of which the first R is done.
  CHECK(study(fixture, 10, "easy") == "IRRIR");
}

TEST_CASE("interday learning: counts against the review limit before reviews", "[daemon][queue]") {
  DaemonFixture fixture;
  reviews_and_interday_learning_in_four_days(fixture);
  configure(fixture, "deck", {{"reviews_per_day", "3"}});
  fixture.clock.advance_days(4);
  const auto due = fixture.result("due.counts");
  CHECK(due.at("learning").as_int64() == 2);
  CHECK(due.at("review").as_int64() == 1);
  CHECK(study(fixture, 10, "good") == "IRI");
  // The limit is used up: the three other reviews wait for tomorrow.
  CHECK(fixture.result("due.counts").at("total").as_int64() == 0);
  CHECK(fixture.result("stats.summary").at("reviews_today").as_int64() == 3);
  fixture.clock.advance_days(1);
  CHECK(fixture.result("due.counts").at("review").as_int64() == 3);
}

TEST_CASE("limits: the review limit also caps new cards unless new cards ignore it",
          "[daemon][queue]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 12);
  configure(fixture, "deck", {{"fuzz", "off"}, {"reviews_per_day", "6"}});
  // Day 0: nothing to review, so new cards get the whole review limit, and each one uses it up.
  CHECK(fixture.result("due.counts").at("new").as_int64() == 6);
  for (const char* external : {"c-1", "c-2", "c-3", "c-4"}) {
    fixture.answer(fixture.card_id("deck", external), "easy");  // a review in 4 days
  }
  CHECK(fixture.result("due.counts").at("new").as_int64() == 2);

  fixture.clock.advance_days(4);
  auto due = fixture.result("due.counts");
  CHECK(due.at("review").as_int64() == 4);
  CHECK(due.at("new").as_int64() == 2);  // 6 - 4 reviews, although new_per_day allows 20
  CHECK(study(fixture, 6, "good") == "RNRRNR");
  due = fixture.result("due.counts");
  CHECK(due.at("new").as_int64() == 0);  // the limit is used up (4 reviews + 2 new cards)
  CHECK(due.at("review").as_int64() == 0);

  configure(fixture, "deck", {{"new_cards_ignore_review_limit", "on"}});
  due = fixture.result("due.counts");
  CHECK(due.at("new").as_int64() == 6);  // the 6 cards left: new_per_day is the only limit
  CHECK(due.at("review").as_int64() == 0);
}

TEST_CASE("review.next new_limit: today's new-card limit for one request, seen cards counting",
          "[daemon][queue]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 6);
  configure(fixture, "deck", {{"new_per_day", "2"}});
  const auto plain = fixture.result("review.next");
  CHECK(plain.at("counts").at("new").as_int64() == 2);
  CHECK(plain.at("now_ms").as_int64() == fixture.clock.now());
  CHECK(fixture.result("review.next", {{"new_limit", 5}}).at("counts").at("new").as_int64() == 5);

  CHECK(study(fixture, 4, "easy") == "NN");  // the deck's own limit stops at 2
  CHECK(fixture.result("review.next").at("card").is_null());
  const auto raised = fixture.result("review.next", {{"new_limit", 5}});
  CHECK(raised.at("counts").at("new").as_int64() == 3);  // 5 less the 2 seen today
  CHECK_FALSE(raised.at("card").is_null());
  CHECK(fixture.result("review.next", {{"new_limit", 0}}).at("card").is_null());
  // The deck's option is untouched, and so is due.counts.
  CHECK(fixture.result("due.counts").at("new").as_int64() == 0);

  const auto negative = fixture.call("review.next", {{"new_limit", -1}});
  CHECK(negative.at("error").at("code").as_int64() == -32602);
  CHECK(negative.at("error").at("message").as_string().find("new_limit") != std::string::npos);
}

TEST_CASE("due.counts new_limit counts as review.next's does, for a session's summary",
          "[daemon][queue]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 6);
  configure(fixture, "deck", {{"new_per_day", "2"}});
  CHECK(fixture.result("due.counts", {{"new_limit", 5}}).at("new").as_int64() == 5);
  CHECK(study(fixture, 1, "easy") == "N");
  CHECK(fixture.result("due.counts").at("new").as_int64() == 1);
  CHECK(fixture.result("due.counts", {{"new_limit", 5}}).at("new").as_int64() == 4);
  CHECK(fixture.result("due.counts", {{"new_limit", 5}}).at("total").as_int64() ==
        fixture.result("review.next", {{"new_limit", 5}}).at("counts").at("total").as_int64());
  CHECK(fixture.result("due.counts", {{"new_limit", 0}}).at("new").as_int64() == 0);
  const auto negative = fixture.call("due.counts", {{"new_limit", -1}});
  CHECK(negative.at("error").at("code").as_int64() == -32602);
  CHECK(negative.at("error").at("message").as_string().find("new_limit") != std::string::npos);
}
