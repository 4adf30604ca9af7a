// Anki's stored scheduling as kioku's state (core/anki_card_state.hpp).
#include "core/anki_card_state.hpp"

#include <string>

#include "core/error.hpp"

namespace kioku {

namespace {

constexpr std::int64_t kSecondsPerDay = 86'400;
constexpr int kLegacyStepsBase = 1000;
constexpr std::int64_t kFirstInstantSeconds = 1'000'000'000;  // 2001-09-09

Phase phase_of(int type) {
  switch (type) {
    case 0:
      return Phase::kNew;
    case 1:
      return Phase::kLearning;
    case 2:
      return Phase::kReview;
    case 3:
      return Phase::kRelearning;
    default:
      throw Error(ErrorCode::kInvalidInput,
                  "card type " + std::to_string(type) + " is none Anki writes (0 to 3)");
  }
}

void check(const AnkiScheduling& card) {
  if (card.queue < -3 || card.queue > 4) {
    throw Error(ErrorCode::kInvalidInput,
                "card queue " + std::to_string(card.queue) + " is none Anki writes (-3 to 4)");
  }
  if (card.interval_days < 0 || card.reps < 0 || card.lapses < 0 || card.left < 0) {
    throw Error(ErrorCode::kInvalidInput,
                "a card's interval, reps, lapses and steps left cannot be negative");
  }
}

// The day-numbered due as kioku's day start: as many days from kioku's today as it was from
// Anki's.
TimestampMs rebased(std::int64_t anki_day, const AnkiDays& days, const DayCalendar& calendar) {
  return calendar.day_start(days.today + (anki_day - days.anki_today));
}

}  // namespace

AnkiDays anki_days(std::int64_t created_seconds, TimestampMs now, const DayCalendar& calendar) {
  const std::int64_t elapsed = now / 1000 - created_seconds;
  // Whole days, rounded down for a creation time after `now` too (a clock set back).
  const std::int64_t anki_today =
      elapsed >= 0 ? elapsed / kSecondsPerDay : -((-elapsed + kSecondsPerDay - 1) / kSecondsPerDay);
  return {anki_today, calendar.day_number(now)};
}

CardState anki_card_state(const AnkiScheduling& card, const AnkiDays& days,
                          const DayCalendar& calendar, TimestampMs last_review) {
  check(card);
  CardState state;
  state.phase = phase_of(card.type);
  state.suspended = card.queue == -1;
  if (state.phase == Phase::kNew) return state;
  state.reps = static_cast<int>(card.reps);
  state.lapses = static_cast<int>(card.lapses);
  state.last_review = last_review;
  state.interval_days = static_cast<int>(card.interval_days);
  state.ease = static_cast<double>(card.factor) / 1000.0;
  if (card.stability && card.difficulty) {
    state.stability = *card.stability;
    state.difficulty = *card.difficulty;
  }
  // A card in a filtered deck goes home with its original due, as Anki's own emptying of the
  // filtered deck does. A review card's due is a day number whatever its queue (suspended and
  // buried cards keep the due of their type); a learning card's is an instant in seconds, or a
  // day number once its step reaches past a day (queue 3), which the magnitude tells apart
  // where the queue does not (a suspended or filtered learning card): no instant since 2001 is
  // under 10^9 seconds, and no day number reaches it.
  const std::int64_t due = card.original_due.value_or(card.due);
  const bool day_numbered = state.phase == Phase::kReview || due < kFirstInstantSeconds;
  if (in_steps(state.phase)) {
    state.remaining_steps = static_cast<int>(card.left % kLegacyStepsBase);
    state.interday = day_numbered;
  }
  state.due = day_numbered ? rebased(due, days, calendar) : due * 1000;
  return state;
}

}  // namespace kioku
