// `kioku sched optimize`: FSRS-6's parameters fitted with core's optimizer
// (docs/fsrs-optimizer.md), to a history file as sched replay reads it (cli/history_reader.hpp),
// offline like sched replay; or to the collection's own answers through kiokud (sched.optimize),
// and with --apply stored in the deck when they predict its answers better.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/fsrs_training_items.hpp"

namespace kioku::cli {

struct CliContext;

struct OptimizeOptions {
  int day_starts_at_hour = 4;
  bool json = false;
  std::string language = "en";
};

// The training items of the whole history read from the file descriptor `input` (named
// `source` in errors), each card's answers in the order given: what sched optimize --history
// fits and sched evaluate --history scores. Throws kioku::InputError for a malformed line.
std::vector<TrainingItem> read_training_items(int input, const std::string& source,
                                              const OptimizeOptions& options);

// Reads the whole history from the file descriptor `input` (named `source` in errors), fits,
// and writes the report to `out`: items used, log loss and RMSE (bins) before (the default
// parameters) and after, and the 21 parameters; with `json` one JSON object. Throws
// kioku::InputError for a malformed line.
void optimize_history(int input, const std::string& source, const OptimizeOptions& options,
                      std::ostream& out);

// Fits to the answers of `deck` (every deck: nullopt) through the daemon and writes the same
// report, compared with the deck's parameters; with `apply` (which needs a deck) stores the
// fitted parameters through deck.config when sched.optimize finds them better, which recomputes
// the deck's cards, and says which it did.
void optimize_collection(CliContext& context, const std::optional<std::string>& deck, bool apply,
                         std::ostream& out);

}  // namespace kioku::cli
