// Builders for the statistics tests: instants by UTC date and time, answers and cards in a line
// each, so a test's history reads like the hand computation beside it.
#pragma once

#include <cstdint>

#include "core/card_snapshot.hpp"
#include "core/day_calendar.hpp"
#include "core/review_entry.hpp"
#include "core/time.hpp"
#include "tests/core/utc_instant.hpp"

namespace kioku::test {

inline ReviewEntry review(TimestampMs when, int interval_before_days, Rating rating,
                          std::int64_t duration_ms = 0) {
  ReviewEntry entry;
  entry.reviewed = when;
  entry.kind = ReviewKind::kReview;
  entry.rating = rating;
  entry.interval_before_days = interval_before_days;
  entry.duration_ms = duration_ms;
  return entry;
}

// A learning, relearning or cram answer after waiting on a step of `step_ms`.
inline ReviewEntry stepped(ReviewKind kind, TimestampMs when, std::int64_t step_ms, Rating rating,
                           std::int64_t duration_ms = 0) {
  ReviewEntry entry;
  entry.reviewed = when;
  entry.kind = kind;
  entry.rating = rating;
  entry.step_before_ms = step_ms;
  entry.duration_ms = duration_ms;
  return entry;
}

inline CardSnapshot card(Phase phase, int interval_days, TimestampMs due) {
  CardSnapshot snapshot;
  snapshot.state.phase = phase;
  snapshot.state.interval_days = interval_days;
  snapshot.state.due = due;
  return snapshot;
}

}  // namespace kioku::test
