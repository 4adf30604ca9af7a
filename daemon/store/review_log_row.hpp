// The revlog columns the statistics' mapping reads (core/review_log_entries.hpp), selected and
// read in one way by each statement that needs them: the statistics' scan, and the answer and
// undo that keep the roll-ups.
#pragma once

#include "core/review_log_entries.hpp"

namespace kioku::daemon {

namespace sqlite {
class Statement;
}

// Unqualified, for statements whose one table is revlog or whose revlog is aliased `r`
// (kLogRowColumnsOfR).
inline constexpr const char* kLogRowColumns =
    "reviewed_ms, phase_before, rating, interval_before_days, due_after_ms, duration_ms, cram";
inline constexpr const char* kLogRowColumnsOfR =
    "r.reviewed_ms, r.phase_before, r.rating, r.interval_before_days, r.due_after_ms, "
    "r.duration_ms, r.cram";
inline constexpr int kLogRowColumnCount = 7;

// Reads the columns above, starting at `first`.
ReviewLogRow read_log_row(const sqlite::Statement& row, int first);

}  // namespace kioku::daemon
