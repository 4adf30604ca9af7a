// Review-log rows as statistics answers.
#include "core/review_log_entries.hpp"

namespace kioku {

void append_review_entries(std::span<const ReviewLogRow> card_rows,
                           std::vector<ReviewEntry>& entries) {
  for (std::size_t index = 0; index < card_rows.size(); ++index) {
    const ReviewLogRow& row = card_rows[index];
    ReviewEntry entry;
    entry.reviewed = row.reviewed;
    entry.kind = review_kind_of(row.phase_before);
    entry.rating = row.rating;
    entry.interval_before_days = row.interval_before_days;
    entry.duration_ms = row.duration_ms;
    if (index > 0 && entry.kind != ReviewKind::kReview) {
      const ReviewLogRow& previous = card_rows[index - 1];
      entry.step_before_ms = previous.due_after - previous.reviewed;
    }
    entries.push_back(entry);
  }
}

}  // namespace kioku
