// Ratings: Again 10%, Hard 10%, Good 65%, Easy 15% (close to Anki's published averages); a
// plan may make the learner more forgetful, which makes a long history denser.
// Lateness: a learning step is mostly taken within minutes, but a session sometimes ends and
// the card waits until the next one; a review is mostly answered on its day, sometimes days
// or weeks late. Answers stop at `plan.stop`, so cards whose answer would come later are what
// is due.
#include "bench/generator/simulated_history.hpp"

#include <algorithm>

#include "core/scheduler.hpp"

namespace kioku::bench {

namespace {

constexpr std::int64_t kMinute = kMillisecondsPerMinute;
constexpr std::int64_t kHour = 60 * kMinute;
constexpr std::int64_t kDay = kMillisecondsPerDay;

std::int64_t uniform(std::mt19937_64& random, std::int64_t low, std::int64_t high) {
  return low + static_cast<std::int64_t>(random() % static_cast<std::uint64_t>(high - low + 1));
}

Rating draw_rating(std::mt19937_64& random, int again_percent) {
  const auto percent = static_cast<int>(random() % 100);
  if (percent < again_percent) return Rating::kAgain;
  if (percent < again_percent + 10) return Rating::kHard;
  if (percent < 85) return Rating::kGood;
  return Rating::kEasy;
}

// How long after its due time the card is answered.
std::int64_t lateness(std::mt19937_64& random, Phase phase) {
  const auto percent = random() % 100;
  if (phase == Phase::kLearning || phase == Phase::kRelearning) {
    if (percent < 80) return uniform(random, 0, 5 * kMinute);
    return uniform(random, kHour, 20 * kHour);  // the session ended
  }
  if (percent < 60) return uniform(random, 0, 10 * kHour);
  if (percent < 90) return uniform(random, kDay, 4 * kDay);
  return uniform(random, 5 * kDay, 40 * kDay);
}

}  // namespace

CardState simulate_card(std::int64_t card_id, const DeckOptions& options,
                        const DayCalendar& calendar, const HistoryPlan& plan, std::int64_t budget,
                        std::mt19937_64& random, std::vector<SimulatedAnswer>& answers) {
  answers.clear();
  CardState state;
  const double studied_draw = static_cast<double>(random() % 1'000'000) / 1e6;
  if (studied_draw < plan.new_fraction) return state;
  const double recent_draw = static_cast<double>(random() % 1'000'000) / 1e6;
  TimestampMs when = recent_draw < plan.started_recently
                         ? plan.stop - uniform(random, 0, 4 * kHour)
                         : plan.stop - uniform(random, kDay, plan.max_age_days * kDay);
  const std::int64_t limit = std::min<std::int64_t>(budget, plan.max_answers_per_card);
  // A leech the scheduler suspends is answered no more (kiokud refuses suspended cards).
  while (when < plan.stop && !state.suspended &&
         static_cast<std::int64_t>(answers.size()) < limit) {
    SimulatedAnswer answer;
    answer.reviewed = when;
    answer.rating = draw_rating(random, plan.again_percent);
    answer.before = state;
    answer.after = next_state(state, Answer{answer.rating, std::nullopt},
                              AnswerContext{when, calendar, card_id}, options);
    answer.duration_ms = uniform(random, 2'000, 30'000);
    if (plan.keep_leeches) answer.after.suspended = false;
    state = answer.after;
    answers.push_back(answer);
    when = std::max(state.due, when + answer.duration_ms) + lateness(random, state.phase);
  }
  return state;
}

}  // namespace kioku::bench
