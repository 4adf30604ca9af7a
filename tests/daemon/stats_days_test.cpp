// stats.days: the answers of each scheduler day, from the roll-ups, on a fake clock in a known
// time zone (the day starts at 04:00 in Tokyo, 19:00 UTC the evening before).
#include "tests/core/time_zone_guard.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/durations.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

// 2026-05-31T19:00:00Z: 04:00 on 1 June in Tokyo, when kTestMorning's scheduler day begins.
constexpr TimestampMs kJuneFirstStart = 1780254000000;

}  // namespace

TEST_CASE("stats.days: each day's reviews, correct, new and time, oldest first",
          "[daemon][stats]") {
  REQUIRE(zone_installed("Asia/Tokyo"));
  const TimeZoneGuard zone("Asia/Tokyo");
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 4);
  const std::int64_t first = fixture.result("review.next").at("card").at("id").as_int64();
  // 1 June: a right and a wrong answer to two new cards.
  fixture.result("review.answer", {{"card", first}, {"choice", 1}, {"duration_ms", 3000}});
  fixture.result("review.answer", {{"card", first + 1}, {"choice", 2}, {"duration_ms", 2000}});
  // 3 June: a right answer to a third new card, and the first card again (not new).
  fixture.clock.advance_ms(2 * kDayMs);
  fixture.result("review.answer", {{"card", first + 2}, {"choice", 1}, {"duration_ms", 1000}});
  fixture.result("review.answer", {{"card", first}, {"choice", 2}, {"duration_ms", 90'000}});

  const json::array days = fixture.result("stats.days", {{"days", 4}}).at("days").as_array();
  REQUIRE(days.size() == 4);
  const auto column = [&](const char* field) {
    std::vector<std::int64_t> values;
    for (const json::value& day : days) values.push_back(day.at(field).as_int64());
    return values;
  };
  std::vector<std::string> dates;
  for (const json::value& day : days) dates.emplace_back(day.at("date").as_string());
  CHECK(dates == std::vector<std::string>{"2026-05-31", "2026-06-01", "2026-06-02", "2026-06-03"});
  CHECK(column("day_start_ms") ==
        std::vector<std::int64_t>{kJuneFirstStart - kDayMs, kJuneFirstStart,
                                  kJuneFirstStart + kDayMs, kJuneFirstStart + 2 * kDayMs});
  CHECK(column("reviews") == std::vector<std::int64_t>{0, 2, 0, 2});
  CHECK(column("correct") == std::vector<std::int64_t>{0, 1, 0, 1});
  CHECK(column("new") == std::vector<std::int64_t>{0, 2, 0, 1});
  // An answer longer than a minute counts as a minute, as in stats.summary.
  CHECK(column("time_ms") == std::vector<std::int64_t>{0, 5000, 0, 61'000});

  // Today's entry is stats.summary's today.
  const json::value summary = fixture.result("stats.summary");
  CHECK(summary.at("reviews_today").as_int64() == days.back().at("reviews").as_int64());
  CHECK(summary.at("time_today_ms").as_int64() == days.back().at("time_ms").as_int64());
}

TEST_CASE("stats.days: 30 days by default, and the range is checked", "[daemon][stats]") {
  DaemonFixture fixture;
  const json::array days = fixture.result("stats.days").at("days").as_array();
  REQUIRE(days.size() == 30);
  CHECK(days.back().at("day_start_ms").as_int64() <= kTestMorning);
  CHECK(days.back().at("day_start_ms").as_int64() > kTestMorning - kDayMs);
  CHECK(fixture.result("stats.days", {{"days", 1}}).at("days").as_array().size() == 1);
  CHECK(fixture.result("stats.days", {{"days", 3650}}).at("days").as_array().size() == 3650);
  for (const std::int64_t wrong : {0, -1, 3651}) {
    INFO("days " << wrong);
    const json::value error = fixture.call("stats.days", {{"days", wrong}}).at("error");
    CHECK(error.at("code").as_int64() == -32602);
    CHECK(std::string(error.at("message").as_string()).find("'days'") != std::string::npos);
  }
}
