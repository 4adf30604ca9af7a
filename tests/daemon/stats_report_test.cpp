// stats.report: every figure of docs/stats.md from a small mixed history whose numbers are
// worked out by hand below: two decks, forty scheduler days, a lapse, a leech that is suspended,
// learning cards, an answer after midnight that belongs to the day before. Tokyo has no DST, so
// each day starts at 04:00 local, 19:00 UTC the evening before.
#include <cmath>

#include "tests/core/time_zone_guard.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/durations.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

// kTestMorning is 19:00 on 1 June in Tokyo, in the scheduler day of 1 June ("day 0").
constexpr TimestampMs kDay0 = kTestMorning;
// 04:00 on 1 June in Tokyo (19:00 UTC the day before), when day 0 begins.
constexpr TimestampMs kDay0Start = 1780254000000;

// Two decks of choice cards, no fuzz (so intervals are exact); deck b makes a leech of a card
// at its first lapse (and suspends it, the default leech action).
struct History {
  DaemonFixture fixture;
  std::vector<std::int64_t> a;  // A1..A4
  std::vector<std::int64_t> b;  // B1, B2

  History() {
    fixture.import_choice_deck("a", 4);
    fixture.import_choice_deck("b", 2);
    fixture.result("deck.config", {{"deck", "a"}, {"set", {{"fuzz", "false"}}}});
    fixture.result("deck.config",
                   {{"deck", "b"}, {"set", {{"fuzz", "false"}, {"leech_threshold", "1"}}}});
    a = fixture.collection.cards().ids_in_deck(fixture.collection.decks().require("a").id);
    b = fixture.collection.cards().ids_in_deck(fixture.collection.decks().require("b").id);
    REQUIRE(a.size() == 4);
    REQUIRE(b.size() == 2);

    // Day 0, 19:00: four new cards (learning answers, no step before them).
    at(kDay0);
    answer(a[0], "easy", 1000);  // -> review, 4 days
    answer(a[1], "easy", 2000);  // -> review, 4 days
    answer(a[2], "good", 3000);  // -> learning, its 10-minute step: never answered again
    answer(b[0], "easy", 4000);  // -> review, 4 days
    // Day 4, 19:00: three young reviews (interval 4), two of them lapses.
    at(kDay0 + 4 * kDayMs);
    answer(a[0], "good", 5000);   // -> 10 days
    answer(a[1], "again", 6000);  // -> relearning, ease 2.3
    answer(b[0], "again", 7000);  // -> relearning, ease 2.3, a leech: suspended
    // Day 14, answered at 03:00 on 16 June, before the next day starts: a young review.
    at(kDay0 + 14 * kDayMs + 8 * kHourMs);
    answer(a[0], "good", 8000);  // -> 25 days, due on day 39
    // Day 38, 19:00: a new card failed (learning).
    at(kDay0 + 38 * kDayMs);
    answer(b[1], "again", 2000);  // -> learning, its 1-minute step
    // Day 39 (today), 19:00: a mature review (interval 25) and the lapsed card's relearning step.
    at(kDay0 + 39 * kDayMs);
    answer(a[0], "good", 9000);    // -> 63 days (25 x 2.5 = 62.5, rounded)
    answer(a[1], "good", 10'000);  // -> review, 1 day (the minimum lapse interval)
  }

  void at(TimestampMs when) { fixture.clock.set(when); }

  void answer(std::int64_t card, const char* rating, std::int64_t duration_ms) {
    const bool again = std::string(rating) == "again";
    fixture.result("review.answer", {{"card", card},
                                     {"choice", again ? 2 : 1},
                                     {"rating", rating},
                                     {"duration_ms", duration_ms}});
  }

  json::value report(json::object params = {}) {
    return fixture.result("stats.report", std::move(params));
  }
};

// A cell of the true-retention table: {passed, failed} and its retention (-1 for null).
void check_cell(const json::value& cell, std::int64_t passed, std::int64_t failed,
                double retention) {
  INFO(json::serialize(cell));
  CHECK(cell.at("passed").as_int64() == passed);
  CHECK(cell.at("failed").as_int64() == failed);
  if (retention < 0) {
    CHECK(cell.at("retention").is_null());
  } else {
    CHECK(cell.at("retention").as_double() == Approx(retention));
  }
}

}  // namespace

TEST_CASE("stats.report: the figures of a known history, whole collection, all time",
          "[daemon][stats]") {
  REQUIRE(zone_installed("Asia/Tokyo"));
  const TimeZoneGuard zone("Asia/Tokyo");
  History history;
  const json::value report = history.report({{"period", "all"}});
  INFO(json::serialize(report));

  CHECK(report.at("schema").as_int64() == 1);
  CHECK(report.at("deck").is_null());
  CHECK(report.at("period").as_string() == "all");

  const json::value& today = report.at("today");
  CHECK(today.at("date").as_string() == "2026-07-10");
  CHECK(today.at("day_start_ms").as_int64() == kDay0Start + 39 * kDayMs);
  CHECK(integer_at(today, {"answers"}) == 2);
  CHECK(integer_at(today, {"time_ms"}) == 19'000);
  CHECK(integer_at(today, {"correct"}) == 2);
  CHECK(integer_at(today, {"again"}) == 0);
  CHECK(integer_at(today, {"learning"}) == 0);
  CHECK(integer_at(today, {"review"}) == 1);
  CHECK(integer_at(today, {"relearning"}) == 1);
  CHECK(integer_at(today, {"cram"}) == 0);
  CHECK(integer_at(today, {"mature"}) == 1);
  CHECK(integer_at(today, {"mature_correct"}) == 1);

  // Counted: the reviews of days 4, 14 and 39 (the learning answers had no step, the relearning
  // one a 10-minute step). Young: A1 passed twice, A2 and B1 failed; mature: A1 today.
  const json::value& retention = report.at("true_retention");
  check_cell(retention.at("today").at("young"), 0, 0, -1);
  check_cell(retention.at("today").at("mature"), 1, 0, 1.0);
  check_cell(retention.at("today").at("all"), 1, 0, 1.0);
  check_cell(retention.at("yesterday").at("all"), 0, 0, -1);
  check_cell(retention.at("last_7_days").at("all"), 1, 0, 1.0);
  check_cell(retention.at("last_30_days").at("young"), 1, 0, 1.0);
  check_cell(retention.at("last_30_days").at("all"), 2, 0, 1.0);
  check_cell(retention.at("last_365_days").at("young"), 2, 2, 0.5);
  check_cell(retention.at("all_time").at("young"), 2, 2, 0.5);
  check_cell(retention.at("all_time").at("mature"), 1, 0, 1.0);
  check_cell(retention.at("all_time").at("all"), 3, 2, 0.6);

  // A2 is due tomorrow, A1 in 63 days; A3 and B2 are learning cards due on days 0 and 38:
  // overdue, out of the total. B1 is suspended and A4 new: not counted.
  const json::value& forecast = report.at("future_due");
  CHECK(integer_at(forecast, {"horizon_days"}) == 365);
  const json::array& due = forecast.at("due").as_array();
  REQUIRE(due.size() == 366);
  CHECK(due[0].as_int64() == 0);
  CHECK(due[1].as_int64() == 1);
  CHECK(due[63].as_int64() == 1);
  CHECK(integer_at(forecast, {"overdue"}) == 2);
  CHECK(integer_at(forecast, {"total"}) == 2);
  CHECK(forecast.at("average_per_day").as_double() == Approx(2.0 / 365));
  CHECK(integer_at(forecast, {"due_tomorrow"}) == 1);
  // 1/63 (A1) + 1/1 (A2) + 1 + 1 (A3 and B2, learning with no interval), truncated.
  CHECK(integer_at(forecast, {"daily_load"}) == 3);

  const json::array& calendar = report.at("calendar").at("days").as_array();
  REQUIRE(calendar.size() == 365);
  CHECK(calendar.back().at("date").as_string() == "2026-07-10");
  CHECK(integer_at(calendar.back(), {"reviews"}) == 2);
  CHECK(calendar[364 - 39].at("date").as_string() == "2026-06-01");
  CHECK(integer_at(calendar[364 - 39], {"reviews"}) == 4);
  CHECK(integer_at(calendar[364 - 35], {"reviews"}) == 3);
  // The answer at 03:00 on 16 June is drawn on 15 June, the day it belongs to.
  CHECK(calendar[364 - 25].at("date").as_string() == "2026-06-15");
  CHECK(integer_at(calendar[364 - 25], {"reviews"}) == 1);
  CHECK(integer_at(calendar[364 - 24], {"reviews"}) == 0);
  std::int64_t calendar_total = 0;
  for (const json::value& day : calendar) calendar_total += integer_at(day, {"reviews"});
  CHECK(calendar_total == 11);

  // All time: from day 0 (the first answer and the import) to today, 40 days.
  const json::value& reviews = report.at("reviews");
  CHECK(integer_at(reviews, {"period_days"}) == 40);
  REQUIRE(reviews.at("days").as_array().size() == 40);
  CHECK(reviews.at("days").as_array().front().at("date").as_string() == "2026-06-01");
  CHECK(integer_at(reviews, {"total_count", "learning"}) == 5);
  CHECK(integer_at(reviews, {"total_count", "relearning"}) == 1);
  CHECK(integer_at(reviews, {"total_count", "young"}) == 4);
  CHECK(integer_at(reviews, {"total_count", "mature"}) == 1);
  CHECK(integer_at(reviews, {"total_count", "cram"}) == 0);
  CHECK(integer_at(reviews, {"total_time_ms", "learning"}) == 12'000);
  CHECK(integer_at(reviews, {"total_time_ms", "relearning"}) == 10'000);
  CHECK(integer_at(reviews, {"total_time_ms", "young"}) == 26'000);
  CHECK(integer_at(reviews, {"total_time_ms", "mature"}) == 9'000);
  CHECK(integer_at(reviews, {"days_studied"}) == 5);
  CHECK(reviews.at("average_per_day").as_double() == Approx(11.0 / 40));
  CHECK(reviews.at("average_per_day_studied").as_double() == Approx(11.0 / 5));
  CHECK(reviews.at("average_answer_ms").as_double() == Approx(57'000.0 / 11));
  // Day 4: A1, A2 and B1, reviews with a 4-day interval.
  CHECK(integer_at(reviews.at("days").as_array()[4], {"count", "young"}) == 3);
  CHECK(integer_at(reviews.at("days").as_array()[4], {"time_ms", "young"}) == 5000 + 6000 + 7000);

  const json::value& counts = report.at("card_counts");
  CHECK(integer_at(counts, {"new"}) == 1);         // A4
  CHECK(integer_at(counts, {"learning"}) == 2);    // A3, B2
  CHECK(integer_at(counts, {"relearning"}) == 0);  // B1 is suspended
  CHECK(integer_at(counts, {"young"}) == 1);       // A2, interval 1
  CHECK(integer_at(counts, {"mature"}) == 1);      // A1, interval 63
  CHECK(integer_at(counts, {"suspended"}) == 1);   // B1
  CHECK(integer_at(counts, {"buried"}) == 0);
  CHECK(integer_at(counts, {"leeches"}) == 1);  // B1
  CHECK(integer_at(counts, {"total"}) == 6);

  // Review and relearning cards, the suspended one included: 1 (A2), 1 (B1), 63 (A1).
  const json::value& intervals = report.at("intervals");
  CHECK(json::serialize(intervals.at("counts")) ==
        R"([{"days":1,"cards":2},{"days":63,"cards":1}])");
  CHECK(integer_at(intervals, {"total"}) == 3);
  CHECK(intervals.at("median_days").as_double() == 1.0);
  // Their ease: 2.5 (A1), 2.3 after the lapses of A2 and B1.
  const json::value& ease = report.at("ease");
  CHECK(json::serialize(ease.at("counts")) ==
        R"([{"percent":230,"cards":2},{"percent":250,"cards":1}])");
  CHECK(ease.at("median_percent").as_double() == 230.0);
  // No FSRS deck: the memory figures are empty, their medians and average N/A.
  CHECK(integer_at(report.at("difficulty"), {"total"}) == 0);
  CHECK(report.at("difficulty").at("median_percent").is_null());
  CHECK(integer_at(report.at("stability"), {"total"}) == 0);
  CHECK(report.at("stability").at("median_days").is_null());
  CHECK(integer_at(report.at("retrievability"), {"cards"}) == 0);
  CHECK(report.at("retrievability").at("average").is_null());
  CHECK(report.at("retrievability").at("knowledge_cards").as_double() == 0.0);

  // Every answer at 19:00 local but one, at 03:00; of the 10 at 19:00, 3 were Again.
  const json::array& hours = report.at("hours").as_array();
  REQUIRE(hours.size() == 24);
  CHECK(integer_at(hours[19], {"hour"}) == 19);
  CHECK(integer_at(hours[19], {"total"}) == 10);
  CHECK(integer_at(hours[19], {"correct"}) == 7);
  CHECK(hours[19].at("correct_share").as_double() == Approx(0.7));
  CHECK(integer_at(hours[3], {"total"}) == 1);
  CHECK(hours[3].at("correct_share").as_double() == 1.0);
  CHECK(integer_at(hours[4], {"total"}) == 0);
  CHECK(hours[4].at("correct_share").is_null());

  // Learning (learning and relearning answers): Easy x3, Good x2 (A3, A2's step), Again (B2).
  const json::value& buttons = report.at("answer_buttons");
  CHECK(integer_at(buttons, {"learning", "again"}) == 1);
  CHECK(integer_at(buttons, {"learning", "hard"}) == 0);
  CHECK(integer_at(buttons, {"learning", "good"}) == 2);
  CHECK(integer_at(buttons, {"learning", "easy"}) == 3);
  CHECK(integer_at(buttons, {"learning", "total"}) == 6);
  CHECK(integer_at(buttons, {"learning", "correct"}) == 5);
  CHECK(buttons.at("learning").at("correct_share").as_double() == Approx(5.0 / 6));
  // Young (reviews under 21 days): Good x2 (A1), Again x2 (A2, B1).
  CHECK(integer_at(buttons, {"young", "again"}) == 2);
  CHECK(integer_at(buttons, {"young", "good"}) == 2);
  CHECK(integer_at(buttons, {"young", "total"}) == 4);
  CHECK(buttons.at("young").at("correct_share").as_double() == Approx(0.5));
  CHECK(integer_at(buttons, {"mature", "good"}) == 1);
  CHECK(buttons.at("mature").at("correct_share").as_double() == 1.0);

  // Six cards imported on day 0.
  const json::value& added = report.at("added");
  CHECK(integer_at(added, {"total"}) == 6);
  REQUIRE(added.at("days").as_array().size() == 40);
  CHECK(integer_at(added.at("days").as_array()[0], {"cards"}) == 6);

  // Answers on days 0, 4, 14, 38 and 39.
  CHECK(integer_at(report, {"streak", "current_days"}) == 2);
  CHECK(integer_at(report, {"streak", "longest_days"}) == 2);
}

TEST_CASE("stats.report: one deck, and the default 30-day period", "[daemon][stats]") {
  REQUIRE(zone_installed("Asia/Tokyo"));
  const TimeZoneGuard zone("Asia/Tokyo");
  History history;

  // Deck b: B1 (easy on day 0, a lapse on day 4, a suspended leech) and B2 (failed on day 38).
  const json::value deck_b = history.report({{"deck", "b"}});
  INFO(json::serialize(deck_b));
  CHECK(deck_b.at("deck").as_string() == "b");
  CHECK(deck_b.at("period").as_string() == "30d");
  check_cell(deck_b.at("true_retention").at("all_time").at("all"), 0, 1, 0.0);
  check_cell(deck_b.at("true_retention").at("last_30_days").at("all"), 0, 0, -1);
  CHECK(integer_at(deck_b, {"card_counts", "learning"}) == 1);
  CHECK(integer_at(deck_b, {"card_counts", "suspended"}) == 1);
  CHECK(integer_at(deck_b, {"card_counts", "leeches"}) == 1);
  CHECK(integer_at(deck_b, {"card_counts", "total"}) == 2);
  CHECK(integer_at(deck_b, {"future_due", "horizon_days"}) == 30);
  CHECK(deck_b.at("future_due").at("due").as_array().size() == 31);
  CHECK(integer_at(deck_b, {"future_due", "overdue"}) == 1);
  CHECK(integer_at(deck_b, {"future_due", "total"}) == 0);
  CHECK(integer_at(deck_b, {"today", "answers"}) == 0);
  CHECK(integer_at(deck_b, {"streak", "current_days"}) == 1);  // yesterday, none yet today
  // The 30 days 11 June .. 10 July hold B2's answer of day 38 only.
  CHECK(integer_at(deck_b, {"reviews", "period_days"}) == 30);
  CHECK(deck_b.at("reviews").at("days").as_array().front().at("date").as_string() == "2026-06-11");
  CHECK(integer_at(deck_b, {"reviews", "total_count", "learning"}) == 1);
  CHECK(integer_at(deck_b, {"answer_buttons", "learning", "again"}) == 1);
  CHECK(integer_at(deck_b, {"answer_buttons", "young", "total"}) == 0);
  CHECK(integer_at(deck_b, {"added", "total"}) == 0);  // added on day 0, before the period

  // The whole collection over 7 days: today's two answers and yesterday's one.
  const json::value week = history.report({{"period", "7d"}});
  CHECK(integer_at(week, {"reviews", "period_days"}) == 7);
  CHECK(integer_at(week, {"reviews", "days_studied"}) == 2);
  CHECK(integer_at(week.at("hours").as_array()[19], {"total"}) == 3);
  CHECK(integer_at(week.at("hours").as_array()[3], {"total"}) == 0);
  CHECK(integer_at(week, {"answer_buttons", "mature", "total"}) == 1);
  CHECK(integer_at(week, {"future_due", "horizon_days"}) == 30);
}

TEST_CASE("stats.report: cards of a deleted note and retired cards are in no count",
          "[daemon][stats]") {
  REQUIRE(zone_installed("Asia/Tokyo"));
  const TimeZoneGuard zone("Asia/Tokyo");
  History history;
  // A4 (new) goes with its note; A3 (learning) is retired, as a card its note no longer makes.
  REQUIRE(history.fixture.card_id("a", "c-4") == history.a[3]);
  history.fixture.result("note.delete", {{"note", "c-4"}, {"deck", "a"}});
  history.fixture.collection.cards().set_retired(history.a[2], true);

  const json::value whole = history.report({{"period", "all"}});
  INFO(json::serialize(whole.at("card_counts")));
  CHECK(integer_at(whole, {"card_counts", "new"}) == 0);
  CHECK(integer_at(whole, {"card_counts", "learning"}) == 1);  // B2
  CHECK(integer_at(whole, {"card_counts", "total"}) == 4);
  // The whole collection (its cards walked in id order) is the sum of its decks (each read
  // through its own index).
  const json::value deck_a = history.report({{"deck", "a"}, {"period", "all"}});
  const json::value deck_b = history.report({{"deck", "b"}, {"period", "all"}});
  for (const char* count : {"new", "learning", "relearning", "young", "mature", "suspended",
                            "buried", "leeches", "total"}) {
    INFO(count);
    CHECK(integer_at(whole, {"card_counts", count}) ==
          integer_at(deck_a, {"card_counts", count}) + integer_at(deck_b, {"card_counts", count}));
  }
  CHECK(integer_at(deck_a, {"card_counts", "total"}) == 2);
}

TEST_CASE("stats.report: a wrong period or an unknown deck is refused", "[daemon][stats]") {
  DaemonFixture fixture;
  const json::value period = fixture.call("stats.report", {{"period", "2w"}}).at("error");
  CHECK(period.at("code").as_int64() == -32602);
  CHECK(std::string(period.at("message").as_string()).find("'period'") != std::string::npos);
  const json::value deck = fixture.call("stats.report", {{"deck", "nope"}}).at("error");
  CHECK(std::string(deck.at("message").as_string()).find("nope") != std::string::npos);
  // An empty collection: every figure there, counts 0, shares N/A.
  const json::value empty = fixture.result("stats.report");
  CHECK(integer_at(empty, {"card_counts", "total"}) == 0);
  CHECK(empty.at("true_retention").at("all_time").at("all").at("retention").is_null());
  CHECK(empty.at("reviews").at("average_answer_ms").is_null());
  CHECK(integer_at(empty, {"streak", "longest_days"}) == 0);
}
