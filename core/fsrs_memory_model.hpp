// FSRS-6's memory model (scheduling.md §3.1-3.6) written once for any number type: double to
// score parameters, Dual<21> (core/dual_number.hpp) to get their exact gradient. The
// optimizer trains on these formulas; core/fsrs.cpp schedules with the same formulas plus
// ts-fsrs's rounding of every intermediate to 8 decimals, which a derivative cannot go through
// (tests/core/fsrs_memory_model_test.cpp holds the two together).
#pragma once

#include <array>
#include <cmath>
#include <cstddef>

#include "core/rating.hpp"

namespace kioku {

template <typename Number>
using FsrsParameters = std::array<Number, 21>;

template <typename Number>
struct MemoryState {
  Number stability;
  Number difficulty;
};

namespace memory_model_detail {

inline constexpr double kMinimumStability = 0.001;
inline constexpr double kMaximumStability = 36500.0;
inline constexpr double kMinimumInitialStability = 0.1;  // ts-fsrs: S0 = max(w[G-1], 0.1)

// Branches compare values; the result carries the derivative of the piece chosen.
template <typename Number>
Number smaller(const Number& a, const Number& b) {
  return b < a ? b : a;
}

template <typename Number>
Number larger(const Number& a, const Number& b) {
  return a < b ? b : a;
}

template <typename Number>
Number clamp(const Number& value, double lowest, double highest) {
  return smaller(larger(value, Number(lowest)), Number(highest));
}

template <typename Number>
Number clamp_stability(const Number& stability) {
  return clamp(stability, kMinimumStability, kMaximumStability);
}

inline double grade_of(Rating rating) {
  return static_cast<double>(static_cast<int>(rating));
}

// D0(G) unclamped: mean reversion aims at the raw D0(Easy).
template <typename Number>
Number initial_difficulty(const FsrsParameters<Number>& w, double grade) {
  using std::exp;
  return w[4] - exp(w[5] * (grade - 1.0)) + 1.0;
}

}  // namespace memory_model_detail

// R(t, S) = (1 + FACTOR t / S)^-w20 with FACTOR = 0.9^(-1/w20) - 1, so that R(S, S) = 0.9.
template <typename Number>
Number fsrs_recall_probability(double elapsed_days, const Number& stability,
                               const FsrsParameters<Number>& w) {
  using std::pow;
  const Number decay = -w[20];
  const Number factor = pow(0.9, 1.0 / decay) - 1.0;
  return pow(factor * elapsed_days / stability + 1.0, decay);
}

// The state after a card's first answer.
template <typename Number>
MemoryState<Number> fsrs_first_memory(Rating rating, const FsrsParameters<Number>& w) {
  namespace detail = memory_model_detail;
  const auto index = static_cast<std::size_t>(static_cast<int>(rating) - 1);
  return {detail::larger(w[index], Number(detail::kMinimumInitialStability)),
          detail::clamp(detail::initial_difficulty(w, detail::grade_of(rating)), 1.0, 10.0)};
}

// The state after answering `rating` `elapsed_days` whole scheduler days after the previous
// answer (0: the same day, the short-term formula).
template <typename Number>
MemoryState<Number> fsrs_next_memory(const MemoryState<Number>& memory, int elapsed_days,
                                     Rating rating, const FsrsParameters<Number>& w) {
  namespace detail = memory_model_detail;
  using std::exp;
  using std::pow;
  const double grade = detail::grade_of(rating);
  const Number& s = memory.stability;
  const Number& d = memory.difficulty;
  Number stability;
  if (elapsed_days == 0) {
    Number increase = exp(w[17] * (grade - 3.0 + w[18])) * pow(s, -w[19]);
    if (rating != Rating::kAgain) increase = detail::larger(increase, Number(1.0));
    stability = detail::clamp_stability(s * increase);
  } else {
    const Number recall = fsrs_recall_probability(static_cast<double>(elapsed_days), s, w);
    if (rating == Rating::kAgain) {
      const Number forgotten = detail::clamp_stability(
          w[11] * pow(d, -w[12]) * (pow(s + 1.0, w[13]) - 1.0) * exp(w[14] * (1.0 - recall)));
      const Number capped =
          detail::larger(s / exp(w[17] * w[18]), Number(detail::kMinimumStability));
      stability = detail::smaller(capped, forgotten);
    } else {
      Number growth = exp(w[8]) * (11.0 - d) * pow(s, -w[9]) * (exp(w[10] * (1.0 - recall)) - 1.0);
      if (rating == Rating::kHard) growth = growth * w[15];
      if (rating == Rating::kEasy) growth = growth * w[16];
      stability = detail::clamp_stability(s * (growth + 1.0));
    }
  }
  const Number damped = d + (-w[6] * (grade - 3.0)) * (10.0 - d) / 9.0;
  const Number reverted = w[7] * detail::initial_difficulty(w, 4.0) + (1.0 - w[7]) * damped;
  return {stability, detail::clamp(reverted, 1.0, 10.0)};
}

}  // namespace kioku
