// The answer buttons figure (docs/stats.md "Answer buttons"): how often each rating was given,
// for learning, young and mature cards, over a period.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "core/answer_rollup.hpp"
#include "core/day_calendar.hpp"
#include "core/day_range.hpp"
#include "core/review_entry.hpp"

namespace kioku {

struct ButtonCounts {
  std::array<std::int64_t, 4> by_rating{};  // [0] Again .. [3] Easy

  std::int64_t total() const noexcept;
  std::int64_t correct() const noexcept;                 // Hard + Good + Easy
  std::optional<double> correct_share() const noexcept;  // nullopt when total is 0
  bool operator==(const ButtonCounts&) const = default;
};

struct AnswerButtons {
  ButtonCounts learning;  // learning, relearning and cram answers
  ButtonCounts young;     // review answers, interval before < 21 days
  ButtonCounts mature;    // review answers, interval before >= 21 days
  bool operator==(const AnswerButtons&) const = default;
};

// From the day roll-up: its rows whose day lies in `period`.
AnswerButtons answer_buttons(const AnswerRollups& rollups, DayRange period);
// The answers whose scheduler day lies in `period`.
AnswerButtons answer_buttons(std::span<const ReviewEntry> entries, const DayCalendar& calendar,
                             DayRange period);

}  // namespace kioku
