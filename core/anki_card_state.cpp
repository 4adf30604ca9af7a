// Anki's stored scheduling as kioku's state (core/anki_card_state.hpp).
#include "core/anki_card_state.hpp"

#include <cmath>
#include <string>

#include "core/bilingual_message.hpp"
#include "core/error.hpp"
#include "core/fsrs.hpp"

namespace kioku {

namespace {

constexpr std::int64_t kSecondsPerDay = 86'400;
constexpr int kLegacyStepsBase = 1000;
constexpr std::int64_t kFirstInstantSeconds = 1'000'000'000;  // 2001-09-09
// Bounds of what a real collection holds, so that no arithmetic on them overflows: times
// between 1970 and the end of year 9999, intervals up to Anki's longest (100 years), counts and
// eases far past any card's.
constexpr std::int64_t kLatestSeconds = 253'402'300'799;
constexpr std::int64_t kLongestIntervalDays = 36'500;
constexpr std::int64_t kMostDays = 4'000'000;  // a day number, past or ahead, from 1970 or crt
constexpr std::int64_t kMostCount = 1'000'000;
constexpr std::int64_t kMostFactor = 100'000;  // permille: an ease of 100

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
                  bilingual("card type {type} is none Anki writes (0 to 3)",
                            "カードの type {type} は Anki が書き込む値（0 から 3）ではありません",
                            {{"type", std::to_string(type)}}));
  }
}

void check(const AnkiScheduling& card) {
  if (card.queue < -3 || card.queue > 4) {
    throw Error(ErrorCode::kInvalidInput,
                bilingual("card queue {queue} is none Anki writes (-3 to 4)",
                          "カードの queue {queue} は Anki が書き込む値（-3 から 4）ではありません",
                          {{"queue", std::to_string(card.queue)}}));
  }
  if (card.interval_days < 0 || card.reps < 0 || card.lapses < 0 || card.left < 0) {
    throw Error(
        ErrorCode::kInvalidInput,
        bilingual("a card's interval, reps, lapses and steps left cannot be negative",
                  "カードの間隔、復習回数、失敗回数、残りのステップ数は負の値にできません"));
  }
  if (card.interval_days > kLongestIntervalDays || card.reps > kMostCount ||
      card.lapses > kMostCount || card.left > kMostCount || card.factor < 0 ||
      card.factor > kMostFactor) {
    throw Error(
        ErrorCode::kInvalidInput,
        bilingual("a card's interval ({interval} days), ease ({ease} permille) or counts "
                  "are past any Anki writes",
                  "カードの間隔（{interval} 日）、易しさ（{ease} パーミル）または回数が、Anki "
                  "が書き込むどの値よりも大きくなっています",
                  {{"interval", std::to_string(card.interval_days)},
                   {"ease", std::to_string(card.factor)}}));
  }
  const std::int64_t due = card.original_due.value_or(card.due);
  if (due < -kMostDays || due > kLatestSeconds) {
    throw Error(ErrorCode::kInvalidInput,
                bilingual("a card's due ({due}) is neither a day nor a time",
                          "カードの期日（{due}）は日付でも時刻でもありません",
                          {{"due", std::to_string(due)}}));
  }
  if (card.stability && card.difficulty &&
      !(std::isfinite(*card.stability) && std::isfinite(*card.difficulty))) {
    throw Error(ErrorCode::kInvalidInput,
                bilingual("a card's FSRS memory is not a number",
                          "カードの FSRS の記憶の値が数値ではありません"));
  }
}

// The day-numbered due as kioku's day start: as many days from kioku's today as it was from
// Anki's.
TimestampMs rebased(std::int64_t anki_day, const AnkiDays& days, const DayCalendar& calendar) {
  return calendar.day_start(days.today + (anki_day - days.anki_today));
}

}  // namespace

AnkiDays anki_days(std::int64_t created_seconds, TimestampMs now, const DayCalendar& calendar) {
  if (created_seconds < 0 || created_seconds > kLatestSeconds) {
    throw Error(ErrorCode::kInvalidInput,
                bilingual("the collection's creation time (col.crt {seconds}) is not a time",
                          "コレクションの作成時刻（col.crt {seconds}）は時刻ではありません",
                          {{"seconds", std::to_string(created_seconds)}}));
  }
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
    // Kept as the scheduler reads it, so that `kioku card` and the statistics show the memory
    // that schedules the card, not a stability of 1e300 days.
    const FsrsMemoryState memory = fsrs_memory_in_range(*card.stability, *card.difficulty);
    state.stability = memory.stability;
    state.difficulty = memory.difficulty;
  }
  // A card in a filtered deck goes home with its original due, as Anki's own emptying of the
  // filtered deck does. A review card's due is a day number whatever its queue (suspended and
  // buried cards keep the due of their type); a learning card's is an instant in seconds, or a
  // day number once its step reaches past a day (queue 3), which the magnitude tells apart
  // where the queue does not (a suspended or filtered learning card): no instant since 2001 is
  // under 10^9 seconds, and no day number reaches it.
  const std::int64_t due = card.original_due.value_or(card.due);
  const bool day_numbered = state.phase == Phase::kReview || due < kFirstInstantSeconds;
  // No interval Anki gives is longer than 100 years, so no due it writes is further from its
  // today; one of day 99,999,999 would be due in the year 275,000, past what a date prints as.
  if (day_numbered && due - days.anki_today > kLongestIntervalDays) {
    throw Error(ErrorCode::kInvalidInput,
                bilingual("a card's due (day {due}) is more than {days} days after the "
                          "collection's today (day {today}), later than Anki schedules",
                          "カードの期日（{due} 日目）がコレクションの今日（{today} 日目）から "
                          "{days} 日より先で、Anki が予定する範囲を超えています",
                          {{"due", std::to_string(due)},
                           {"days", std::to_string(kLongestIntervalDays)},
                           {"today", std::to_string(days.anki_today)}}));
  }
  if (in_steps(state.phase)) {
    state.remaining_steps = static_cast<int>(card.left % kLegacyStepsBase);
    state.interday = day_numbered;
  }
  state.due = day_numbered ? rebased(due, days, calendar) : due * 1000;
  return state;
}

}  // namespace kioku
