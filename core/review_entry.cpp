// How an answer is classified for the statistics.
#include "core/review_entry.hpp"

namespace kioku {

ReviewKind review_kind_of(Phase before) noexcept {
  switch (before) {
    case Phase::kNew:
    case Phase::kLearning:
      return ReviewKind::kLearning;
    case Phase::kReview:
      return ReviewKind::kReview;
    case Phase::kRelearning:
      return ReviewKind::kRelearning;
  }
  return ReviewKind::kLearning;
}

bool is_mature_answer(const ReviewEntry& entry) noexcept {
  return entry.kind == ReviewKind::kReview && entry.interval_before_days >= kMatureIntervalDays;
}

}  // namespace kioku
