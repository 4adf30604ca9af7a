// Review-log rows as statistics answers.
#include "core/review_log_entries.hpp"

namespace kioku {

void append_review_entries(std::span<const ReviewLogRow> card_rows,
                           std::vector<ReviewEntry>& entries) {
  // The last row that scheduled the card: a cram row left its due as it was.
  const ReviewLogRow* previous = nullptr;
  for (const ReviewLogRow& row : card_rows) {
    ReviewEntry entry;
    entry.reviewed = row.reviewed;
    entry.kind = review_kind_of(row.phase_before, row.cram);
    entry.rating = row.rating;
    entry.interval_before_days = row.interval_before_days;
    entry.duration_ms = row.duration_ms;
    if (previous != nullptr && entry.kind != ReviewKind::kReview) {
      entry.step_before_ms = previous->due_after - previous->reviewed;
    }
    if (!row.cram) previous = &row;
    entries.push_back(entry);
  }
}

}  // namespace kioku
