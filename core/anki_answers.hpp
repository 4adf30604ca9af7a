// An Anki card's review log (revlog rows) as the answers kioku's log is to hold of it when a
// package is imported with its history (issue 12, part 2; docs/anki-import.md, "History"):
// the rows that are answers, each with the columns kioku's revlog keeps.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/card_state.hpp"
#include "core/review_log_entries.hpp"

namespace kioku {

// One revlog row (../shared/docs/anki-formats.md, 2.5).
struct AnkiRevlogRow {
  std::int64_t time_ms = 0;        // revlog.id
  int ease = 0;                    // 1-4 the button; 0 a manual reschedule or reset
  std::int64_t interval = 0;       // ivl: days, or seconds when negative
  std::int64_t last_interval = 0;  // lastIvl, the same
  std::int64_t factor = 0;         // permille (with FSRS, difficulty scaled)
  std::int64_t duration_ms = 0;    // time
  int type = 0;  // 0 learn, 1 review, 2 relearn, 3 filtered, 4 manual, 5 rescheduled
};

// The answers among one card's rows, in the log's order:
// - A manual row (type 4: a set due date, a reset, ease 0) and a rescheduled one (type 5: FSRS
//   parameters changed) are no answers, and are left out; so is any row whose button is not
//   1-4, whose time is before 1970 or after 9999, or whose type Anki never writes.
// - A filtered row (type 3) is a cram answer: Anki writes it only where the filtered deck does
//   not reschedule (older versions also for reviews ahead, which did: counted as cram too, so
//   none of them moves a replayed schedule).
// - The phase before: learning answers (type 0) are from new for the card's first answer and
//   learning after; reviews from review; relearning answers from relearning. The phase after:
//   review when the new interval is in days; otherwise learning after a learning answer and
//   relearning after a review (a lapse) or a relearning answer.
// - Intervals in days (a step's negative seconds count as 0 days); the due after the answer is
//   the answer's time plus its new interval (days, or a step's seconds); the ease is factor /
//   1000; the time taken is the row's, from 0 to 60 s (kioku's cap on a live answer's).
// - `v1_learning_buttons`: the V1 scheduler's learning and relearning answers had three
//   buttons, and 2 and 3 meant Good and Easy.
std::vector<AnswerRow> anki_answers(std::span<const AnkiRevlogRow> rows, bool v1_learning_buttons);

}  // namespace kioku
