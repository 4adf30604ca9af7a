// stats.report across the two DST changes of New York in 2026, where a scheduler day (04:00 to
// 04:00 local) is 23 hours long in spring and 25 in autumn. Each history has an answer that only
// the offset in force at that instant puts on the right day or hour: one taken with the offset
// of another moment (the day before, or UTC) lands an hour off, on the wrong side of 04:00.
#include "tests/core/time_zone_guard.hpp"
#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

// Spring: clocks go from 02:00 EST (UTC-5) to 03:00 EDT (UTC-4) on Sunday 8 March 2026.
constexpr TimestampMs kMarch7At0930Utc = 1772875800000;  // 04:30 EST, 7 March
constexpr TimestampMs kMarch8At0730Utc = 1772955000000;  // 03:30 EDT, 8 March: still 7 March's
constexpr TimestampMs kMarch8At0830Utc = 1772958600000;  // 04:30 EDT, 8 March
constexpr TimestampMs kMarch8At2000Utc = 1773000000000;  // 16:00 EDT, 8 March: "now"
constexpr TimestampMs kMarch8DayStart = 1772956800000;   // 04:00 EDT = 08:00 UTC
constexpr TimestampMs kMarch7DayStart = 1772874000000;   // 04:00 EST = 09:00 UTC

// Autumn: clocks go from 02:00 EDT back to 01:00 EST on Sunday 1 November 2026.
constexpr TimestampMs kOctober31At0830Utc = 1793435400000;  // 04:30 EDT, 31 October
constexpr TimestampMs kNovember1At0830Utc = 1793521800000;  // 03:30 EST, 1 Nov: still 31 Oct's
constexpr TimestampMs kNovember1At0930Utc = 1793525400000;  // 04:30 EST, 1 November
constexpr TimestampMs kNovember1At2000Utc = 1793563200000;  // 15:00 EST, 1 November: "now"
constexpr TimestampMs kNovember1DayStart = 1793523600000;   // 04:00 EST = 09:00 UTC
constexpr TimestampMs kOctober31DayStart = 1793433600000;   // 04:00 EDT = 08:00 UTC

// Three choice cards with no fuzz, imported at `imported`; each of `answers` answers the next
// card right ("easy": a review card due in 4 days) at its time; then the clock stands at `now`.
struct DstHistory {
  DaemonFixture fixture;
  std::vector<std::int64_t> cards;

  DstHistory(TimestampMs imported, const std::vector<TimestampMs>& answers, TimestampMs now) {
    fixture.clock.set(imported);
    fixture.import_choice_deck("a", 3);
    fixture.result("deck.config", {{"deck", "a"}, {"set", {{"fuzz", "false"}}}});
    cards = fixture.collection.cards().ids_in_deck(fixture.collection.decks().require("a").id);
    REQUIRE(cards.size() == answers.size());
    for (std::size_t i = 0; i < answers.size(); ++i) {
      fixture.clock.set(answers[i]);
      fixture.result(
          "review.answer",
          {{"card", cards[i]}, {"choice", 1}, {"rating", "easy"}, {"duration_ms", 1000}});
    }
    fixture.clock.set(now);
  }

  json::value report() { return fixture.result("stats.report", {{"period", "7d"}}); }
};

// The reviews drawn on `date` in the calendar (0 when the calendar has no such day).
std::int64_t calendar_reviews(const json::value& report, std::string_view date) {
  for (const json::value& day : report.at("calendar").at("days").as_array()) {
    if (day.at("date").as_string() == date) return integer_at(day, {"reviews"});
  }
  return 0;
}

// The dates of the period's days, in order, with the count of answers of each.
std::vector<std::pair<std::string, std::int64_t>> period_days(const json::value& report) {
  std::vector<std::pair<std::string, std::int64_t>> days;
  for (const json::value& day : report.at("reviews").at("days").as_array()) {
    std::int64_t answers = 0;
    for (const auto& [kind, count] : day.at("count").as_object()) answers += count.as_int64();
    days.emplace_back(std::string(day.at("date").as_string()), answers);
  }
  return days;
}

}  // namespace

TEST_CASE("stats.report: the spring DST change, a 23-hour day", "[daemon][stats][dst]") {
  REQUIRE(zone_installed("America/New_York"));
  const TimeZoneGuard zone("America/New_York");
  DstHistory history(kMarch7At0930Utc, {kMarch7At0930Utc, kMarch8At0730Utc, kMarch8At0830Utc},
                     kMarch8At2000Utc);
  const json::value report = history.report();
  INFO(json::serialize(report));

  // Today began at 04:00 EDT, 23 hours after 7 March's 04:00 EST.
  CHECK(report.at("today").at("date").as_string() == "2026-03-08");
  CHECK(integer_at(report, {"today", "day_start_ms"}) == kMarch8DayStart);
  CHECK(kMarch8DayStart - kMarch7DayStart == 23 * 3'600'000);
  CHECK(integer_at(report, {"today", "answers"}) == 1);

  // 03:30 EDT on 8 March belongs to 7 March (before its 04:00); 04:30 EDT to 8 March, though
  // at 7 March's offset it would read 03:30.
  CHECK(calendar_reviews(report, "2026-03-07") == 2);
  CHECK(calendar_reviews(report, "2026-03-08") == 1);
  const auto days = period_days(report);
  REQUIRE(days.size() == 7);
  CHECK(days[5] == std::pair<std::string, std::int64_t>{"2026-03-07", 2});
  CHECK(days[6] == std::pair<std::string, std::int64_t>{"2026-03-08", 1});
  CHECK(days[0].first == "2026-03-02");

  // The hours are local, each at its own offset: 04:30 EST and 04:30 EDT, then 03:30 EDT.
  const json::array& hours = report.at("hours").as_array();
  CHECK(integer_at(hours[4], {"total"}) == 2);
  CHECK(integer_at(hours[3], {"total"}) == 1);
  CHECK(integer_at(hours[8], {"total"}) == 0);
  CHECK(integer_at(hours[9], {"total"}) == 0);

  // Two answers on scheduler day 7 March, due 4 days on (11 March, 3 days from today); the one
  // of 8 March due on 12 March.
  const json::array& due = report.at("future_due").at("due").as_array();
  CHECK(due[3].as_int64() == 2);
  CHECK(due[4].as_int64() == 1);
  CHECK(integer_at(report, {"future_due", "due_tomorrow"}) == 0);
  CHECK(integer_at(report, {"streak", "current_days"}) == 2);

  // The three cards were added on 7 March.
  CHECK(integer_at(report, {"added", "total"}) == 3);
  CHECK(integer_at(report.at("added").at("days").as_array()[5], {"cards"}) == 3);
}

TEST_CASE("stats.report: the autumn DST change, a 25-hour day", "[daemon][stats][dst]") {
  REQUIRE(zone_installed("America/New_York"));
  const TimeZoneGuard zone("America/New_York");
  DstHistory history(kOctober31At0830Utc,
                     {kOctober31At0830Utc, kNovember1At0830Utc, kNovember1At0930Utc},
                     kNovember1At2000Utc);
  const json::value report = history.report();
  INFO(json::serialize(report));

  // Today began at 04:00 EST, 25 hours after 31 October's 04:00 EDT.
  CHECK(report.at("today").at("date").as_string() == "2026-11-01");
  CHECK(integer_at(report, {"today", "day_start_ms"}) == kNovember1DayStart);
  CHECK(kNovember1DayStart - kOctober31DayStart == 25 * 3'600'000);
  CHECK(integer_at(report, {"today", "answers"}) == 1);

  // 03:30 EST on 1 November belongs to 31 October; at 31 October's offset it would read 04:30,
  // the next day.
  CHECK(calendar_reviews(report, "2026-10-31") == 2);
  CHECK(calendar_reviews(report, "2026-11-01") == 1);
  const auto days = period_days(report);
  REQUIRE(days.size() == 7);
  CHECK(days[5] == std::pair<std::string, std::int64_t>{"2026-10-31", 2});
  CHECK(days[6] == std::pair<std::string, std::int64_t>{"2026-11-01", 1});

  const json::array& hours = report.at("hours").as_array();
  CHECK(integer_at(hours[4], {"total"}) == 2);
  CHECK(integer_at(hours[3], {"total"}) == 1);

  const json::array& due = report.at("future_due").at("due").as_array();
  CHECK(due[3].as_int64() == 2);
  CHECK(due[4].as_int64() == 1);
  CHECK(integer_at(report, {"streak", "current_days"}) == 2);
}
