// review.undo: takes back the latest answer still standing (docs/undo-and-suspend.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "protocol/method_type.hpp"
#include "protocol/review_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct ReviewUndoParams {
  std::optional<std::int64_t> card;
  std::optional<std::int64_t> review_id;
  static constexpr std::array kHelp{
      FieldHelp{"card", "only this card's latest answer (default: the collection's latest)"},
      FieldHelp{"review_id",
                "exactly this answer (review.answer's review_id), the latest of its card; "
                "safe to send again"}};
};
BOOST_DESCRIBE_STRUCT(ReviewUndoParams, (), (card, review_id))

struct ReviewUndoResult {
  std::int64_t review_id = 0;  // the answer voided: its row stays in the log
  std::int64_t undo_id = 0;    // the entry that voids it
  std::int64_t card = 0;
  std::string rating;  // what the voided answer was rated
  std::int64_t reviewed_ms = 0;
  std::string reviewed;         // reviewed_ms as RFC 3339 UTC
  CardStateView state;          // the card's state now: what it was before the answer
  bool already_undone = false;  // review_id named an answer an earlier request undid
};
BOOST_DESCRIBE_STRUCT(ReviewUndoResult, (),
                      (review_id, undo_id, card, rating, reviewed_ms, reviewed, state,
                       already_undone))

inline constexpr MethodType<ReviewUndoParams, ReviewUndoResult> kReviewUndo{
    "review.undo",
    "Undoes the latest answer still standing: the card and the day's counts go back; replies "
    "only after it is durable."};

}  // namespace kioku::protocol
