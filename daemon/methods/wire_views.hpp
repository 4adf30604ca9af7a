// The daemon's values as the protocol's structs, shared by the handlers of several nouns.
#pragma once

#include <optional>
#include <string>

#include "core/card_state.hpp"
#include "daemon/methods/rebuild.hpp"
#include "daemon/methods/review_queue.hpp"
#include "protocol/deck_types.hpp"
#include "protocol/review_types.hpp"

namespace kioku::daemon {

protocol::CardStateView state_view(const CardState& state);
protocol::Counts counts_view(const DueCounts& counts);
protocol::RebuildCounts rebuild_view(const RebuildReport& report);

// The `lang` parameter, "en" when absent. Throws kioku::Error (kInvalidParams) if malformed.
std::string checked_language(const std::optional<std::string>& lang);

}  // namespace kioku::daemon
