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

AnswerButtons answer_buttons(const AnswerRollups& rollups, DayRange period) {
  AnswerButtons buttons;
  for (const DayAnswers& row : rollups.days) {
    if (!period.contains(row.day)) continue;
    ButtonCounts& group = row.group == AnswerGroup::kYoung    ? buttons.young
                          : row.group == AnswerGroup::kMature ? buttons.mature
                                                              : buttons.learning;
    group.by_rating[static_cast<std::size_t>(row.rating) - 1] += row.answers;
  }
  return buttons;
}

AnswerButtons answer_buttons(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                             DayRange period) {
  return answer_buttons(roll_up(entries, calendar), period);
}

}  // namespace kioku
