// `kioku sched evaluate`: how well SM-2, FSRS-6 with the default parameters and FSRS-6 fitted on
// earlier answers predict the learner's answers (core/scheduler_evaluation.hpp,
// docs/fsrs-optimizer.md "Evaluation"), on a history file as sched replay reads it, offline, or
// on the collection's own answers through kiokud (sched.evaluate).
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "cli/optimize.hpp"

namespace kioku::cli {

struct CliContext;

// Reads the whole history from the file descriptor `input` (named `source` in errors),
// evaluates, and writes the report to `out`: the three models' log loss, RMSE (bins) and
// answers scored, and a calibration table for each; with `options.json` one JSON object (the
// shape of sched.evaluate's result). Throws kioku::InputError for a malformed line.
void evaluate_history(int input, const std::string& source, const OptimizeOptions& options,
                      std::ostream& out);

// The same on the answers of `deck` (every deck: nullopt) through the daemon.
void evaluate_collection(CliContext& context, const std::optional<std::string>& deck,
                         std::ostream& out);

}  // namespace kioku::cli
