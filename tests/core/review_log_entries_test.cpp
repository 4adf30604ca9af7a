// Tests for the mapping of review-log rows to statistics answers (core/review_log_entries.hpp).
#include "core/review_log_entries.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "core/true_retention.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;
using test::kMinuteMs;

TEST_CASE("review log entries: kinds from the phase before, steps from the row before",
          "[core][review_log_entries]") {
  const TimestampMs start = 20000 * kDayMs;
  // A new card: Good (step 10m), Good after 10 minutes (graduates, 1 day), Again on the review
  // (relearning step of 2 days, as an FSRS step keeps its exact time), Good after the 2 days.
  const std::vector<ReviewLogRow> rows = {
      {start, Phase::kNew, Rating::kGood, 0, start + 10 * kMinuteMs, 4000},
      {start + 10 * kMinuteMs, Phase::kLearning, Rating::kGood, 0, start + 10 * kMinuteMs + kDayMs,
       3000},
      {start + 2 * kDayMs, Phase::kReview, Rating::kAgain, 1, start + 4 * kDayMs, 5000},
      {start + 4 * kDayMs, Phase::kRelearning, Rating::kGood, 1, start + 5 * kDayMs, 2000},
  };
  std::vector<ReviewEntry> entries;
  append_review_entries(rows, entries);
  REQUIRE(entries.size() == 4);
  CHECK(entries[0].kind == ReviewKind::kLearning);
  CHECK(entries[0].step_before_ms == 0);
  CHECK(entries[1].kind == ReviewKind::kLearning);
  CHECK(entries[1].step_before_ms == 10 * kMinuteMs);
  CHECK(entries[2].kind == ReviewKind::kReview);
  CHECK(entries[2].interval_before_days == 1);
  CHECK(entries[2].duration_ms == 5000);
  CHECK(entries[3].kind == ReviewKind::kRelearning);
  CHECK(entries[3].step_before_ms == 2 * kDayMs);
  // True retention counts the review (failed) and the 2-day relearning step (passed), not the
  // learning answers.
  RetentionCounts total;
  for (const ReviewEntry& entry : entries) total += retention_of(entry);
  CHECK(total == RetentionCounts{1, 1, 0, 0});
}

}  // namespace
}  // namespace kioku
