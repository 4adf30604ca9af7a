// Counting ratings by the card's maturity.
#include "core/answer_buttons.hpp"

namespace kioku {

std::int64_t ButtonCounts::total() const noexcept {
  return by_rating[0] + by_rating[1] + by_rating[2] + by_rating[3];
}

std::int64_t ButtonCounts::correct() const noexcept {
  return by_rating[1] + by_rating[2] + by_rating[3];
}

std::optional<double> ButtonCounts::correct_share() const noexcept {
  return share(correct(), total());
}

AnswerButtons answer_buttons(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                             DayRange period) {
  AnswerButtons buttons;
  for (const ReviewEntry& entry : entries) {
    if (!period.contains(calendar.day_number(entry.reviewed))) continue;
    ButtonCounts& group = entry.kind != ReviewKind::kReview ? buttons.learning
                          : is_mature_answer(entry)         ? buttons.mature
                                                            : buttons.young;
    ++group.by_rating[static_cast<std::size_t>(entry.rating) - 1];
  }
  return buttons;
}

}  // namespace kioku
