// card.history: one card's state and every answer it has had, as the review log holds them
// (docs/stats.md "Card history"), for `kioku card show`.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/method_type.hpp"
#include "protocol/review_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct CardHistoryParams {
  std::int64_t card = 0;
  static constexpr std::array kHelp{FieldHelp{"card", "the card's id"}};
};
BOOST_DESCRIBE_STRUCT(CardHistoryParams, (), (card))

// One answer, named as docs/stats.md names it.
struct CardAnswerView {
  std::int64_t time_ms = 0;
  std::string time;                 // time_ms as RFC 3339 UTC
  std::string rating;               // again, hard, good, easy
  Omissible<std::int64_t> quality;  // classic SM-2's 0-5
  std::string kind;                 // learning, review, relearning (or cram)
  std::string phase_before;
  std::string phase_after;
  std::int64_t interval_before_days = 0;
  std::int64_t interval_after_days = 0;
  Omissible<double> ease;        // answers scheduled by SM-2
  Omissible<double> stability;   // answers scheduled by FSRS
  Omissible<double> difficulty;  // answers scheduled by FSRS
  std::int64_t duration_ms = 0;
  Omissible<bool> correct;         // choice cards: whether the pick was right
  Omissible<std::int64_t> chosen;  // choice cards: the choice picked, from 1
};
BOOST_DESCRIBE_STRUCT(CardAnswerView, (),
                      (time_ms, time, rating, quality, kind, phase_before, phase_after,
                       interval_before_days, interval_after_days, ease, stability, difficulty,
                       duration_ms, correct, chosen))

struct CardHistoryResult {
  std::int64_t card = 0;
  std::string deck;
  CardStateView state;
  std::vector<CardAnswerView> answers;  // in log order
};
BOOST_DESCRIBE_STRUCT(CardHistoryResult, (), (card, deck, state, answers))

inline constexpr MethodType<CardHistoryParams, CardHistoryResult> kCardHistory{
    "card.history", "Returns one card's state and every answer it has had, in log order."};

}  // namespace kioku::protocol
