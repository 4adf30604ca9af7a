// sched.*: the scheduler's tools that read the collection (docs/fsrs-optimizer.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/fsrs_optimizer.hpp"
#include "protocol/method_type.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct SchedOptimizeParams {
  std::optional<std::string> deck;
  static constexpr std::array kHelp{
      FieldHelp{"deck", "fit to this deck's answers (its id); default: the whole collection"}};
};
BOOST_DESCRIBE_STRUCT(SchedOptimizeParams, (), (deck))

struct SchedOptimizeResult {
  std::optional<std::string> deck;  // as asked; absent for the whole collection
  std::vector<double> parameters;   // the fitted 21
  std::vector<double> current;      // what they are compared with: the deck's, else the defaults
  std::int64_t items = 0;           // training items used, after the filters
  std::string fit;                  // defaults, initial_stabilities or all
  double log_loss = 0;              // of `parameters` on the items used
  double rmse_bins = 0;
  double log_loss_before = 0;  // of `current` on the same items
  double rmse_bins_before = 0;
  // Anki's rule for applying them: something was fitted and it predicts the answers better.
  bool better = false;
};
BOOST_DESCRIBE_STRUCT(SchedOptimizeResult, (),
                      (deck, parameters, current, items, fit, log_loss, rmse_bins, log_loss_before,
                       rmse_bins_before, better))

// A fit as sched.optimize reports it, compared with `current` (what `fitted.before` scored):
// the daemon's fit of a deck and the CLI's offline fit of a file report alike.
SchedOptimizeResult optimize_result(const FsrsOptimization& fitted,
                                    const std::array<double, 21>& current,
                                    std::optional<std::string> deck);

inline constexpr MethodType<SchedOptimizeParams, SchedOptimizeResult> kSchedOptimize{
    "sched.optimize",
    "Fits FSRS-6's parameters to the answers in the log, off the server's thread; changes "
    "nothing (deck.config stores them)."};

}  // namespace kioku::protocol
