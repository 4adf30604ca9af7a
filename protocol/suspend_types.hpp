// card.suspend and card.unsuspend: keeping cards out of the queue by hand
// (docs/undo-and-suspend.md).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "protocol/method_type.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct CardSuspendParams {
  std::vector<std::int64_t> cards;
  static constexpr std::array kHelp{FieldHelp{"cards", "the cards' ids"}};
};
BOOST_DESCRIBE_STRUCT(CardSuspendParams, (), (cards))

// One card after the change.
struct CardSuspension {
  std::int64_t card = 0;
  bool suspended = false;  // after unsuspend, true for a leech, a retired card or a deleted note's
};
BOOST_DESCRIBE_STRUCT(CardSuspension, (), (card, suspended))

struct CardSuspendResult {
  std::vector<CardSuspension> cards;  // in the order asked
};
BOOST_DESCRIBE_STRUCT(CardSuspendResult, (), (cards))

inline constexpr MethodType<CardSuspendParams, CardSuspendResult> kCardSuspend{
    "card.suspend", "Suspends cards: out of the queue and the counts until card.unsuspend."};
inline constexpr MethodType<CardSuspendParams, CardSuspendResult> kCardUnsuspend{
    "card.unsuspend",
    "Lifts a suspension made by card.suspend; a leech or retired card stays suspended."};

}  // namespace kioku::protocol
