// Card state <-> columns.
#include "daemon/store/card_state_codec.hpp"

namespace kioku::daemon {

CardState read_state(const sqlite::Statement& row, int first) {
  CardState state;
  state.phase = parse_phase(row.column_text(first));
  state.due = row.column_int(first + 1);
  state.remaining_steps = static_cast<int>(row.column_int(first + 2));
  state.interval_days = static_cast<int>(row.column_int(first + 3));
  state.ease = row.column_double(first + 4);
  state.reps = static_cast<int>(row.column_int(first + 5));
  state.lapses = static_cast<int>(row.column_int(first + 6));
  state.last_review = row.column_int(first + 7);
  state.leech = row.column_int(first + 8) != 0;
  state.suspended = row.column_int(first + 9) != 0;
  state.stability = row.column_is_null(first + 10) ? 0.0 : row.column_double(first + 10);
  state.difficulty = row.column_is_null(first + 11) ? 0.0 : row.column_double(first + 11);
  state.repetition = static_cast<int>(row.column_int(first + 12));
  state.interday = row.column_int(first + 13) != 0;
  return state;
}

void bind_state(sqlite::Statement& statement, int first, const CardState& state) {
  statement.bind(first, to_string(state.phase)).bind(first + 1, state.due);
  statement.bind(first + 2, state.remaining_steps).bind(first + 3, state.interval_days);
  statement.bind(first + 4, state.ease).bind(first + 5, state.reps).bind(first + 6, state.lapses);
  statement.bind(first + 7, state.last_review).bind(first + 8, state.leech ? 1 : 0);
  statement.bind(first + 9, state.suspended ? 1 : 0);
  statement.bind(first + 10, memory_value_or_null(state.stability));
  statement.bind(first + 11, memory_value_or_null(state.difficulty));
  statement.bind(first + 12, state.repetition).bind(first + 13, state.interday ? 1 : 0);
}

}  // namespace kioku::daemon
