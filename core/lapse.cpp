// Lapses and leeches, shared by SM-2, classic SM-2 and FSRS.
#include "core/lapse.hpp"

#include <algorithm>

namespace kioku {

bool is_leech(int lapses, int threshold) noexcept {
  if (threshold <= 0 || lapses < threshold) return false;
  const int repeat_every = std::max((threshold + 1) / 2, 1);
  return (lapses - threshold) % repeat_every == 0;
}

void record_lapse(CardState& state, const DeckOptions& options) noexcept {
  state.lapses += 1;
  if (!is_leech(state.lapses, options.leech_threshold)) return;
  state.leech = true;
  if (options.leech_action == LeechAction::kTagAndSuspend) state.suspended = true;
}

}  // namespace kioku
