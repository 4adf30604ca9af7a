// FSRS-6 as ts-fsrs 5.4.2 computes it with short-term scheduling on (scheduling.md §3): the
// memory model in double precision, then learning steps, review intervals and lapses around it.
#include "core/fsrs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "core/fsrs_parameter_ranges.hpp"
#include "core/fuzz.hpp"
#include "core/lapse.hpp"
#include "core/sm2.hpp"

namespace kioku {

namespace {

using Weights = std::array<double, 21>;

constexpr double kMinimumStability = 0.001;
constexpr double kMaximumStability = 36500.0;
constexpr double kMinimumInitialStability = 0.1;  // ts-fsrs: S0 = max(w[G-1], 0.1)
constexpr int kSecondsPerDay = 86400;

// The weights as ts-fsrs uses them: each clamped to its range and, with more than one
// relearning step, w17 and w18 capped so that a lapse followed by n same-day relearning steps
// cannot end above the pre-lapse stability (scheduling.md §3.7).
Weights effective_weights(const DeckOptions& options) {
  Weights w = options.fsrs_weights;
  for (std::size_t i = 0; i < w.size(); ++i) {
    w[i] = std::clamp(w[i], kFsrsParameterRanges[i].lowest, kFsrsParameterRanges[i].highest);
  }
  const auto relearning_steps = static_cast<double>(options.relearn_steps_seconds.size());
  if (relearning_steps > 1) {
    const double value =
        -(std::log(w[11]) + std::log(std::pow(2.0, w[13]) - 1.0) + w[14] * 0.3) / relearning_steps;
    const double ceiling = std::clamp(std::sqrt(std::max(value, 0.0)), 0.01, 2.0);
    w[17] = std::min(w[17], ceiling);
    w[18] = std::min(w[18], ceiling);
  }
  return w;
}

// ts-fsrs rounds every intermediate of the memory model to 8 decimals (its roundTo, with
// JavaScript's half-up Math.round). Doing the same keeps kioku's S and D on ts-fsrs's values,
// not just within 1e-7 of them, so an interval whose S falls near a .5 boundary rounds the
// same way (a million-review replay found one such case before this).
double round8(double value) {
  return std::floor(value * 1e8 + 0.5) / 1e8;
}

struct Curve {
  double decay;
  double factor;
};

// R(S, S) = 0.9 for any decay: FACTOR = 0.9^(1/DECAY) - 1.
Curve forgetting_curve(const Weights& w) {
  const double decay = -w[20];
  return {decay, round8(std::pow(0.9, 1.0 / decay) - 1.0)};
}

double retrievability(const Curve& curve, double elapsed_days, double stability) {
  return round8(std::pow(1.0 + curve.factor * elapsed_days / stability, curve.decay));
}

// I(r, S) / S: the interval for stability 1.
double compute_interval_modifier(const Curve& curve, double desired_retention) {
  return round8((std::pow(desired_retention, 1.0 / curve.decay) - 1.0) / curve.factor);
}

double grade_of(Rating rating) {
  return static_cast<double>(static_cast<int>(rating));
}

double clamp_stability(double stability) {
  return std::clamp(stability, kMinimumStability, kMaximumStability);
}

// D0(G), not clamped: mean reversion uses the raw D0(Easy), which is below 1 with the defaults.
double initial_difficulty(const Weights& w, double grade) {
  return round8(w[4] - std::exp(w[5] * (grade - 1.0)) + 1.0);
}

struct Memory {
  double stability;
  double difficulty;
};

Memory first_memory(const Weights& w, Rating rating) {
  const double grade = grade_of(rating);
  return {
      std::max(w[static_cast<std::size_t>(static_cast<int>(rating) - 1)], kMinimumInitialStability),
      std::clamp(initial_difficulty(w, grade), 1.0, 10.0)};
}

// Everything that depends only on the deck's options, not on the card: the effective weights
// and the powers and exponentials of them. A replay answers a million cards with the same
// options, and recomputing these was a third of FSRS's time.
struct Model {
  Weights w;
  Curve curve;
  double interval_modifier;                 // I(desired retention, S) / S
  double growth_scale;                      // e^w8
  double easy_difficulty;                   // D0(Easy), the mean-reversion target
  double lapse_divisor;                     // e^(w17*w18)
  std::array<double, 4> same_day_increase;  // e^(w17*(G-3+w18)) for each grade
  std::array<Memory, 4> first;              // the memory state of a first answer, by rating

  explicit Model(const DeckOptions& options)
      : w(effective_weights(options)),
        curve(forgetting_curve(w)),
        interval_modifier(compute_interval_modifier(curve, options.desired_retention)),
        growth_scale(std::exp(w[8])),
        easy_difficulty(initial_difficulty(w, 4.0)),
        lapse_divisor(std::exp(w[17] * w[18])),
        same_day_increase(),
        first() {
    for (int rating = 1; rating <= 4; ++rating) {
      const auto index = static_cast<std::size_t>(rating - 1);
      same_day_increase[index] = std::exp(w[17] * (rating - 3.0 + w[18]));
      first[index] = first_memory(w, static_cast<Rating>(rating));
    }
  }
};

// The model for `options`, rebuilt only when the options that shape it change. Compared bit
// for bit, so the cached values are exactly the ones a fresh computation would give.
const Model& model_for(const DeckOptions& options) {
  struct Memo {
    Weights weights{};
    double desired_retention = 0.0;
    std::size_t relearning_steps = 0;
    std::optional<Model> model;
  };
  thread_local Memo memo;
  const std::size_t relearning_steps = options.relearn_steps_seconds.size();
  if (!memo.model || relearning_steps != memo.relearning_steps ||
      std::memcmp(&options.desired_retention, &memo.desired_retention, sizeof(double)) != 0 ||
      std::memcmp(options.fsrs_weights.data(), memo.weights.data(), sizeof(Weights)) != 0) {
    memo.model.emplace(options);
    memo.weights = options.fsrs_weights;
    memo.desired_retention = options.desired_retention;
    memo.relearning_steps = relearning_steps;
  }
  return *memo.model;
}

double next_difficulty(const Model& model, double difficulty, double grade) {
  const Weights& w = model.w;
  const double delta = -w[6] * (grade - 3.0);
  const double damped = difficulty + round8(delta * (10.0 - difficulty) / 9.0);
  const double reverted = round8(w[7] * model.easy_difficulty + (1.0 - w[7]) * damped);
  return std::clamp(reverted, 1.0, 10.0);
}

// The memory state after an answer `elapsed_days` whole days after the previous one, with
// `recall` the retrievability at that moment (the same value for all four outcomes). The
// factors the four outcomes share are computed once, on first use; each is the same
// subexpression, evaluated in the same order, as it would be inline, so S stays bit for bit.
class NextMemory {
 public:
  NextMemory(const Model& model, const Memory& memory, int elapsed_days, double recall)
      : model_(model), memory_(memory), elapsed_days_(elapsed_days), recall_(recall) {}

  Memory after(Rating rating) const {
    const Weights& w = model_.w;
    const double grade = grade_of(rating);
    const double s = memory_.stability;
    const double d = memory_.difficulty;
    double stability = 0.0;
    if (elapsed_days_ == 0) {
      // Same-day review (short-term): a pass never lowers S on the same day.
      if (!same_day_power_) same_day_power_ = std::pow(s, -w[19]);
      double increase =
          model_.same_day_increase[static_cast<std::size_t>(static_cast<int>(rating) - 1)] *
          *same_day_power_;
      if (rating != Rating::kAgain) increase = std::max(increase, 1.0);
      stability = round8(clamp_stability(s * increase));
    } else if (rating == Rating::kAgain) {
      const double forgotten =
          round8(clamp_stability(w[11] * std::pow(d, -w[12]) * (std::pow(s + 1.0, w[13]) - 1.0) *
                                 std::exp(w[14] * (1.0 - recall_))));
      // A lapse never leaves S above what the same-day bonus could restore (ts-fsrs clamps
      // S / e^(w17*w18) into [S_MIN, forgotten]).
      stability =
          std::min(std::max(round8(s / model_.lapse_divisor), kMinimumStability), forgotten);
    } else {
      const double hard_penalty = rating == Rating::kHard ? w[15] : 1.0;
      const double easy_bonus = rating == Rating::kEasy ? w[16] : 1.0;
      if (!growth_) {
        growth_ = model_.growth_scale * (11.0 - d) * std::pow(s, -w[9]) *
                  (std::exp(w[10] * (1.0 - recall_)) - 1.0);
      }
      stability = round8(clamp_stability(s * (1.0 + *growth_ * hard_penalty * easy_bonus)));
    }
    return {stability, next_difficulty(model_, d, grade)};
  }

 private:
  const Model& model_;
  Memory memory_;
  int elapsed_days_;
  double recall_;
  mutable std::optional<double> same_day_power_;  // S^-w19
  mutable std::optional<double> growth_;          // e^w8 * (11 - D) * S^-w9 * (e^(w10*(1-R)) - 1)
};

// JavaScript's Math.round (halves go up), which ts-fsrs uses for intervals.
double round_half_up(double value) {
  const double whole = std::floor(value);
  return value - whole >= 0.5 ? whole + 1.0 : whole;
}

// Everything an answer needs besides the card.
struct Scene {
  const AnswerContext& context;
  const DeckOptions& options;
  const Model& model;
  int elapsed_days;
  std::optional<double> fuzz;

  // ts-fsrs's next_interval: round, clamp to [1, maximum], then fuzz with its two extra rules
  // (at least 2 days, and past the elapsed days when the interval is).
  int interval_for(double stability) const {
    const int maximum = std::max(options.maximum_interval, 1);
    const double days = round_half_up(stability * model.interval_modifier);
    const int interval = static_cast<int>(std::clamp(days, 1.0, static_cast<double>(maximum)));
    if (!fuzz || interval < 3) return interval;
    FuzzRange range = fuzz_range(interval, 2, maximum);
    if (interval > elapsed_days) range.lowest = std::max(range.lowest, elapsed_days + 1);
    range.lowest = std::min(range.lowest, range.highest);
    const int span = range.highest - range.lowest + 1;
    return std::min(range.lowest + static_cast<int>(std::floor(*fuzz * span)), range.highest);
  }
};

CardState into_review(CardState next, const Scene& scene, int interval_days) {
  next.phase = Phase::kReview;
  next.remaining_steps = 0;
  next.interval_days = interval_days;
  next.due = review_due(scene.context, interval_days);
  return next;
}

// Learning (new cards) or relearning (after a lapse) steps, as ts-fsrs's
// BasicLearningStepsStrategy does them.
struct Steps {
  const std::vector<int>& seconds;

  int count() const { return static_cast<int>(seconds.size()); }

  // ts-fsrs counts steps in whole minutes and rounds the Hard delay to whole minutes (1m 10m:
  // 6m, where Anki waits 5m30s). Hard is the same on every step (Anki repeats a later step).
  int hard_delay() const {
    const double raw = count() == 1 ? seconds[0] * 1.5 : (seconds[0] + seconds[1]) / 2.0;
    const double minutes = round_half_up(raw / 60.0);
    return minutes > 0 ? static_cast<int>(minutes) * 60 : static_cast<int>(round_half_up(raw));
  }
};

struct StepMove {
  int delay_seconds;
  int next_index;
};

// What `rating` does at step `index`; nullopt when it graduates the card. An index past the
// last step (the deck's steps were shortened) graduates on every rating, as in ts-fsrs.
std::optional<StepMove> step_move(const Steps& steps, int index, Rating rating) {
  if (steps.count() == 0 || index >= steps.count()) return std::nullopt;
  switch (rating) {
    case Rating::kAgain:
      return StepMove{steps.seconds[0], 0};
    case Rating::kHard:
      return StepMove{steps.hard_delay(), index};
    case Rating::kGood:
      if (index + 1 < steps.count()) return StepMove{steps.seconds[index + 1], index + 1};
      return std::nullopt;
    case Rating::kEasy:
      return std::nullopt;
  }
  return std::nullopt;
}

// Applies a (re)learning step to `next`, whose memory state is already updated.
CardState apply_step(CardState next, const Scene& scene, const Steps& steps, int index, Phase phase,
                     Rating rating) {
  const std::optional<StepMove> move = step_move(steps, index, rating);
  if (!move) return into_review(next, scene, scene.interval_for(next.stability));
  const TimestampMs due =
      scene.context.now + static_cast<TimestampMs>(move->delay_seconds) * kMillisecondsPerSecond;
  if (move->delay_seconds >= kSecondsPerDay) {
    // ts-fsrs turns a step of a day or more into a review of that many whole days, due at the
    // exact step time.
    next = into_review(next, scene, move->delay_seconds / kSecondsPerDay);
    next.due = due;
    return next;
  }
  // The step is due exactly `delay` after the answer, even past the next day start: ts-fsrs
  // has no day boundaries for steps, and unlike SM-2 (sm2.cpp's learning_due) FSRS does not
  // turn a step that crosses the day start into a whole-day due date.
  next.phase = phase;
  next.remaining_steps = steps.count() - move->next_index;
  next.interval_days = 0;
  next.due = due;
  return next;
}

// The memory state after each rating, all from the same R (ts-fsrs computes the four outcomes of
// a review together). A card without a memory state (new, or scheduled by SM-2 until now)
// starts from the rating, whatever its phase.
struct Outcomes {
  const Scene& scene;
  std::optional<NextMemory> from;  // empty for a card without a memory state

  Outcomes(const Scene& scene_in, const CardState& state) : scene(scene_in) {
    // A stored state out of range is clamped rather than refused (ts-fsrs throws).
    const FsrsMemoryState stored = fsrs_memory_in_range(state.stability, state.difficulty);
    if (stored.stability > 0.0) {
      const Memory before{stored.stability, stored.difficulty};
      // R is 1 on the same day, where only the short-term formula (which ignores R) applies.
      const double recall =
          scene.elapsed_days == 0
              ? 1.0
              : retrievability(scene.model.curve, scene.elapsed_days, before.stability);
      from.emplace(scene.model, before, scene.elapsed_days, recall);
    }
  }

  Memory after(Rating rating) const {
    if (!from) return scene.model.first[static_cast<std::size_t>(static_cast<int>(rating) - 1)];
    return from->after(rating);
  }
};

CardState with_memory(CardState next, const Memory& memory) {
  next.stability = memory.stability;
  next.difficulty = memory.difficulty;
  return next;
}

CardState answer_review(CardState next, const Outcomes& outcomes, Rating rating) {
  const Scene& scene = outcomes.scene;
  if (rating == Rating::kAgain) {
    next = with_memory(next, outcomes.after(rating));
    record_lapse(next, scene.options);
    return apply_step(next, scene, Steps{scene.options.relearn_steps_seconds}, 0,
                      Phase::kRelearning, rating);
  }
  // The three passing intervals are kept in order: hard <= good < easy.
  const Memory hard = outcomes.after(Rating::kHard);
  const Memory good = outcomes.after(Rating::kGood);
  const Memory easy = outcomes.after(Rating::kEasy);
  const int good_raw = scene.interval_for(good.stability);
  const int hard_days = std::min(scene.interval_for(hard.stability), good_raw);
  const int good_days = std::max(good_raw, hard_days + 1);
  const int easy_days = std::max(scene.interval_for(easy.stability), good_days + 1);
  // ts-fsrs lets good and easy run past the maximum interval by a day or two here; kioku
  // never schedules beyond the deck's maximum.
  const int maximum = std::max(scene.options.maximum_interval, 1);
  switch (rating) {
    case Rating::kHard:
      return into_review(with_memory(next, hard), scene, std::min(hard_days, maximum));
    case Rating::kGood:
      return into_review(with_memory(next, good), scene, std::min(good_days, maximum));
    case Rating::kEasy:
    case Rating::kAgain:
      break;
  }
  return into_review(with_memory(next, easy), scene, std::min(easy_days, maximum));
}

}  // namespace

double fsrs_retrievability(double elapsed_days, double stability,
                           const std::array<double, 21>& weights) {
  return retrievability(forgetting_curve(weights), elapsed_days, stability);
}

double fsrs_interval(double stability, double desired_retention,
                     const std::array<double, 21>& weights) {
  return stability * compute_interval_modifier(forgetting_curve(weights), desired_retention);
}

FsrsMemoryState fsrs_memory_in_range(double stability, double difficulty) {
  // `!(x > 0)` is also true of NaN.
  if (!(stability > 0.0) || !(difficulty > 0.0)) return {};
  return {clamp_stability(stability), std::clamp(difficulty, 1.0, 10.0)};
}

CardState fsrs_next_state(const CardState& state, Rating rating, const AnswerContext& context,
                          const DeckOptions& options) {
  // Whole scheduler days since the last answer; 0 for a new card, and 0 if the clock went
  // backwards (ts-fsrs refuses a negative elapsed time).
  int elapsed_days = 0;
  if (state.phase != Phase::kNew && state.last_review != 0) {
    const std::int64_t days =
        context.calendar.day_number(context.now) - context.calendar.day_number(state.last_review);
    elapsed_days = static_cast<int>(std::max<std::int64_t>(days, 0));
  }
  const std::optional<double> fuzz =
      options.fuzz ? std::optional<double>(fuzz_factor(static_cast<std::uint64_t>(context.card_id) +
                                                       static_cast<std::uint64_t>(state.reps)))
                   : std::nullopt;
  const Scene scene{context, options, model_for(options), elapsed_days, fuzz};

  const Outcomes outcomes(scene, state);

  CardState next = state;
  next.reps += 1;
  next.last_review = context.now;
  switch (state.phase) {
    case Phase::kNew:
    case Phase::kLearning: {
      const Steps steps{options.learn_steps_seconds};
      const int index =
          state.phase == Phase::kNew ? 0 : std::max(steps.count() - state.remaining_steps, 0);
      return apply_step(with_memory(next, outcomes.after(rating)), scene, steps, index,
                        Phase::kLearning, rating);
    }
    case Phase::kRelearning: {
      const Steps steps{options.relearn_steps_seconds};
      const int index = std::max(steps.count() - state.remaining_steps, 0);
      return apply_step(with_memory(next, outcomes.after(rating)), scene, steps, index,
                        Phase::kRelearning, rating);
    }
    case Phase::kReview:
      break;
  }
  return answer_review(next, outcomes, rating);
}

}  // namespace kioku
