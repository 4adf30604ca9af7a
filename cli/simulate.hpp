// `kioku sched simulate`: the days ahead of a deck, reviewed by kioku's scheduler and remembered
// by an FSRS-6 learner (core/workload_simulation.hpp, docs/fsrs-optimizer.md "Simulation"): a
// deck's own cards through kiokud (sched.simulate), or a history file as sched replay reads
// it, offline.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace kioku::cli {

struct CliContext;

struct SimulateOptions {
  std::optional<std::string> algorithm;  // fsrs or sm2; default: the deck's (a history: fsrs)
  std::vector<double> retentions;        // FSRS; none given: 0.9
  int days = 365;
  std::optional<int> new_per_day;      // default: the deck's (20 for a history)
  std::optional<int> reviews_per_day;  // default: the deck's (200 for a history)
  std::int64_t add = 0;                // new cards to simulate besides the deck's
  std::uint64_t seed = 1;
  int day_starts_at_hour = 4;
  bool json = false;
  std::string language = "en";
};

// Reads the whole history from the file descriptor `input` (named `source` in errors) and
// simulates from the day after its last answer. The learner's parameters are fitted to the
// history (when the fit predicts it better than the defaults); answers take fsrs-rs's default
// times, which a history file does not give. Writes the report, or with `options.json` one
// JSON object (the shape of sched.simulate's result). Throws kioku::InputError for a malformed
// line.
void simulate_history(int input, const std::string& source, const SimulateOptions& options,
                      std::ostream& out);

// The deck `deck`'s own cards, options and answer times through kiokud (sched.simulate), from
// kiokud's now; options.day_starts_at_hour is the daemon's. Writes what simulate_history writes.
void simulate_deck_through_daemon(CliContext& context, const std::string& deck,
                                  const SimulateOptions& options, std::ostream& out);

}  // namespace kioku::cli
