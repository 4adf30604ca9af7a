// card.history: one card's state and its answers as the log holds them (docs/stats.md "Card
// history"), named as the statistics name them.
#pragma once

#include "daemon/methods/method_context.hpp"
#include "protocol/card_history_types.hpp"

namespace kioku::daemon {

// Throws kioku::Error (kNotFound) for a card that does not exist.
protocol::CardHistoryResult card_history(const protocol::CardHistoryParams& params,
                                         MethodContext& context);

}  // namespace kioku::daemon
