// From one card's review-log rows to the answers the statistics read (docs/stats.md "Answer"):
// the mapping a store applies to revlog rows, kept here so that it is tested without SQL.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/card_state.hpp"
#include "core/rating.hpp"
#include "core/review_entry.hpp"
#include "core/time.hpp"

namespace kioku {

// The revlog columns the mapping reads.
struct ReviewLogRow {
  TimestampMs reviewed = 0;  // reviewed_ms
  Phase phase_before = Phase::kNew;
  Rating rating = Rating::kAgain;
  int interval_before_days = 0;
  TimestampMs due_after = 0;  // due_after_ms
  std::int64_t duration_ms = 0;
  bool cram = false;  // revlog.cram: studied without changing the schedule
};

// One answer of the log with the state it left the card in: what an import makes of Anki's log
// (core/anki_answers.hpp) and an export writes into it (core/anki_export_mapping.hpp).
struct AnswerRow {
  ReviewLogRow row;  // reviewed, phase before, rating, interval before, due after, time, cram
  Phase phase_after = Phase::kNew;
  int interval_after_days = 0;
  double ease_after = 0.0;
};

// Appends one entry per row of one card, rows in log order (by id). A cram row is kind kCram. A
// learning or relearning answer's step is the previous scheduled (not cram) row's due_after -
// reviewed (0 for the card's first scheduled row); see
// docs/stats.md for where that reads short under SM-2.
void append_review_entries(std::span<const ReviewLogRow> card_rows,
                           std::vector<ReviewEntry>& entries);

}  // namespace kioku
