// How a card's scheduling state maps onto card_state's columns (and the review log's "after"
// columns). Store-internal: it reads and binds sqlite::Statement rows.
#pragma once

#include <optional>
#include <string>

#include "core/card_state.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

// The card_state columns read_state() reads, in its order, for a query that names card_state
// "s".
inline constexpr const char* kCardStateColumns =
    "s.phase, s.due_ms, s.remaining_steps, s.interval_days, s.ease, s.reps, s.lapses, "
    "s.last_review_ms, s.leech, s.suspended, s.stability, s.difficulty, s.repetition, s.interday";

// Reads the card-state columns in kCardStateColumns order, starting at column `first`.
CardState read_state(const sqlite::Statement& row, int first);

// FSRS memory values (stability, difficulty) are NULL until a scheduler sets them.
inline std::optional<double> memory_value_or_null(double value) {
  return value > 0 ? std::optional<double>(value) : std::nullopt;
}

// Binds `state` to parameters `first` onward, in kCardStateColumns order: card_state's update
// and imported_states' insert write the same columns.
void bind_state(sqlite::Statement& statement, int first, const CardState& state);

}  // namespace kioku::daemon
