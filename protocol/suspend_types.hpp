// card.suspend and card.unsuspend: keeping cards out of the queue by hand
// (docs/undo-and-suspend.md); card.flag: Anki's coloured flags, a mark the user puts on cards.
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
  // Whether this request changed `suspended` (false: the card was so already); left out by a
  // kiokud from before it was sent.
  Omissible<bool> changed;
};
BOOST_DESCRIBE_STRUCT(CardSuspension, (), (card, suspended, changed))

struct CardSuspendResult {
  std::vector<CardSuspension> cards;  // in the order asked
};
BOOST_DESCRIBE_STRUCT(CardSuspendResult, (), (cards))

struct CardFlagParams {
  std::vector<std::int64_t> cards;
  std::int64_t flag = 0;
  static constexpr std::array kHelp{
      FieldHelp{"cards", "the cards' ids"},
      FieldHelp{"flag", "0 none, 1 red, 2 orange, 3 green, 4 blue, 5 pink, 6 turquoise, 7 purple"}};
};
BOOST_DESCRIBE_STRUCT(CardFlagParams, (), (cards, flag))

struct CardFlag {
  std::int64_t card = 0;
  std::int64_t flag = 0;
};
BOOST_DESCRIBE_STRUCT(CardFlag, (), (card, flag))

struct CardFlagResult {
  std::vector<CardFlag> cards;  // in the order asked
};
BOOST_DESCRIBE_STRUCT(CardFlagResult, (), (cards))

inline constexpr MethodType<CardSuspendParams, CardSuspendResult> kCardSuspend{
    "card.suspend", "Suspends cards: out of the queue and the counts until card.unsuspend."};
inline constexpr MethodType<CardSuspendParams, CardSuspendResult> kCardUnsuspend{
    "card.unsuspend",
    "Lifts a suspension made by card.suspend; a leech or retired card stays suspended."};
inline constexpr MethodType<CardFlagParams, CardFlagResult> kCardFlag{
    "card.flag", "Sets cards' flag (Anki's: 1 red to 7 purple), or takes it off with 0."};

}  // namespace kioku::protocol
