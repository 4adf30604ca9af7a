// `kioku sched optimize --history`: fits FSRS-6's parameters to a review history as sched
// replay reads it (cli/history_reader.hpp), with core's optimizer (docs/fsrs-optimizer.md),
// offline like sched replay: no daemon, no collection.
#pragma once

#include <ostream>
#include <string>

namespace kioku::cli {

struct OptimizeOptions {
  int day_starts_at_hour = 4;
  bool json = false;
  std::string language = "en";
};

// Reads the whole history from the file descriptor `input` (named `source` in errors), fits,
// and writes the report
// to `out`: items used, log loss and RMSE (bins) before (the default parameters) and after, and
// the 21 parameters; with `json` one JSON object. Throws kioku::InputError for a malformed line.
void optimize_history(int input, const std::string& source, const OptimizeOptions& options,
                      std::ostream& out);

}  // namespace kioku::cli
