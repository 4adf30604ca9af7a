// Tests for the answer buttons figure (core/answer_buttons.hpp).
#include "core/answer_buttons.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "tests/core/stats_history.hpp"
#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

using test::review;
using test::stepped;
using test::utc;

TEST_CASE("answer buttons: ratings by learning, young and mature over a period",
          "[core][answer_buttons]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const std::int64_t today = calendar.day_number(utc(2026, 6, 10, 12));
  const std::vector<ReviewEntry> history = {
      stepped(ReviewKind::kLearning, utc(2026, 6, 10, 9), 0, Rating::kAgain),
      stepped(ReviewKind::kLearning, utc(2026, 6, 10, 9, 1), 60000, Rating::kGood),
      stepped(ReviewKind::kRelearning, utc(2026, 6, 9, 9), 600000, Rating::kHard),
      stepped(ReviewKind::kCram, utc(2026, 6, 9, 10), 0, Rating::kEasy),
      review(utc(2026, 6, 8, 9), 20, Rating::kAgain),  // young
      review(utc(2026, 6, 8, 10), 20, Rating::kGood),  // young
      review(utc(2026, 6, 8, 11), 21, Rating::kEasy),  // mature
      review(utc(2026, 6, 1, 2), 50, Rating::kAgain),  // 02:00 on the 1st: day of May 31
  };
  // Last 10 days: June 1 .. 10, so the answer of May 31's day is out.
  const AnswerButtons ten = answer_buttons(history, calendar, DayRange::last_days(today, 10));
  CHECK(ten.learning.by_rating == std::array<std::int64_t, 4>{1, 1, 1, 1});
  CHECK(ten.young.by_rating == std::array<std::int64_t, 4>{1, 0, 1, 0});
  CHECK(ten.mature.by_rating == std::array<std::int64_t, 4>{0, 0, 0, 1});
  CHECK(ten.learning.correct_share() == Approx(0.75));  // 3 of 4
  CHECK(ten.young.correct_share() == Approx(0.5));
  // All time takes in the mature Again.
  const AnswerButtons all = answer_buttons(history, calendar, DayRange::until(today));
  CHECK(all.mature.by_rating == std::array<std::int64_t, 4>{1, 0, 0, 1});
  CHECK(all.mature.correct_share() == Approx(0.5));
  // No answers: no share.
  const AnswerButtons none = answer_buttons(history, calendar, DayRange::last_days(today - 100, 1));
  CHECK(none.young.total() == 0);
  CHECK_FALSE(none.young.correct_share().has_value());
}

}  // namespace
}  // namespace kioku
