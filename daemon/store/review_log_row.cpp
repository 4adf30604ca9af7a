// Reading the statistics' revlog columns.
#include "daemon/store/review_log_row.hpp"

#include "daemon/store/card_state_codec.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

ReviewLogRow read_log_row(const sqlite::Statement& row, int first) {
  ReviewLogRow log_row;
  log_row.reviewed = row.column_int(first);
  log_row.phase_before = parse_phase(row.column_text(first + 1));
  log_row.rating = static_cast<Rating>(row.column_int(first + 2));
  log_row.interval_before_days = static_cast<int>(row.column_int(first + 3));
  log_row.due_after = row.column_int(first + 4);
  log_row.duration_ms = row.column_int(first + 5);
  log_row.cram = row.column_int(first + 6) != 0;
  return log_row;
}

}  // namespace kioku::daemon
