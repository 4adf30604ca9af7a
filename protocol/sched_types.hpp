// sched.*: the scheduler's tools that read the collection (docs/fsrs-optimizer.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/fsrs_optimizer.hpp"
#include "core/scheduler_evaluation.hpp"
#include "core/workload_simulation.hpp"
#include "protocol/method_type.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct SchedOptimizeParams {
  std::optional<std::string> deck;
  std::optional<bool> progress;
  static constexpr std::array kHelp{
      FieldHelp{"deck", "fit to this deck's answers (its id); default: the whole collection"},
      FieldHelp{"progress", "true: hear request.progress notifications while it runs"}};
};
BOOST_DESCRIBE_STRUCT(SchedOptimizeParams, (), (deck, progress))

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

struct SchedEvaluateParams {
  std::optional<std::string> deck;
  std::optional<bool> progress;
  static constexpr std::array kHelp{
      FieldHelp{"deck",
                "score the schedulers on this deck's answers (its id); default: the whole "
                "collection"},
      FieldHelp{"progress", "true: hear request.progress notifications while it runs"}};
};
BOOST_DESCRIBE_STRUCT(SchedEvaluateParams, (), (deck, progress))

// Answers whose predicted recall fell in [from, to) (the last bin includes 1).
struct CalibrationBinView {
  double from = 0;
  double to = 0;
  std::int64_t count = 0;
  double predicted = 0;  // mean predicted recall
  double observed = 0;   // share recalled
};
BOOST_DESCRIBE_STRUCT(CalibrationBinView, (), (from, to, count, predicted, observed))

struct SchedulerScoreView {
  std::string model;  // sm2, fsrs_defaults or fsrs_fitted
  double log_loss = 0;
  double rmse_bins = 0;
  std::int64_t items = 0;                       // answers scored
  std::vector<CalibrationBinView> calibration;  // bins with answers, lowest first
};
BOOST_DESCRIBE_STRUCT(SchedulerScoreView, (), (model, log_loss, rmse_bins, items, calibration))

struct SchedEvaluateResult {
  Omissible<std::string> deck;             // as asked; absent for the whole collection
  std::int64_t items = 0;                  // training items in the history
  std::int64_t scored = 0;                 // answers in the test folds, the same for every model
  std::int64_t splits = 0;                 // test folds (5; 0 with fewer than 6 items)
  std::vector<SchedulerScoreView> models;  // sm2, fsrs_defaults, fsrs_fitted
};
BOOST_DESCRIBE_STRUCT(SchedEvaluateResult, (), (deck, items, scored, splits, models))

// An evaluation as sched.evaluate reports it, for the daemon and the CLI's offline path alike.
SchedEvaluateResult evaluate_result(const SchedulerEvaluation& evaluation,
                                    std::optional<std::string> deck);

inline constexpr MethodType<SchedEvaluateParams, SchedEvaluateResult> kSchedEvaluate{
    "sched.evaluate",
    "Scores SM-2, FSRS-6 with the defaults and FSRS-6 fitted on earlier answers against the "
    "answers in the log, off the server's thread; changes nothing."};

// One simulated run (docs/fsrs-optimizer.md "Simulation"): its totals, then day by day.
struct SimulatedRunView {
  Omissible<double> desired_retention;  // FSRS runs
  std::int64_t reviews = 0;             // answers of studied cards, same-day steps included
  std::int64_t new_cards = 0;           // cards seen for the first time
  std::int64_t lapses = 0;
  double minutes = 0;
  std::int64_t peak_reviews = 0;        // the busiest day's reviews
  double known_at_end = 0;              // Σ recall probability over the cards, the last day
  Omissible<double> minutes_per_known;  // minutes / known_at_end; absent when nothing is known
  std::vector<std::int64_t> daily_reviews;
  std::vector<std::int64_t> daily_new_cards;
  std::vector<std::int64_t> daily_lapses;
  std::vector<double> daily_minutes;
  std::vector<double> daily_known;
};
BOOST_DESCRIBE_STRUCT(SimulatedRunView, (),
                      (desired_retention, reviews, new_cards, lapses, minutes, peak_reviews,
                       known_at_end, minutes_per_known, daily_reviews, daily_new_cards,
                       daily_lapses, daily_minutes, daily_known))

struct SchedSimulateResult {
  Omissible<std::string> deck;  // as asked; absent for a history file
  std::string algorithm;        // the scheduler simulated: sm2 or fsrs
  std::string learner;          // whose FSRS parameters the learner remembers by: deck, fitted
                                // (to the history) or defaults
  std::int64_t start_ms = 0;    // when the first simulated day's answers are given
  std::int64_t days = 0;
  std::int64_t new_per_day = 0;
  std::int64_t reviews_per_day = 0;
  std::int64_t studied_cards = 0;  // cards with answers when the simulation starts
  std::int64_t new_cards = 0;      // cards without
  std::vector<SimulatedRunView> runs;
  // FSRS: of 0.70..0.95, the desired retention with the least time per card known at the end.
  Omissible<double> minimum_recommended_retention;
};
BOOST_DESCRIBE_STRUCT(SchedSimulateResult, (),
                      (deck, algorithm, learner, start_ms, days, new_per_day, reviews_per_day,
                       studied_cards, new_cards, runs, minimum_recommended_retention))

struct SchedSimulateParams {
  std::string deck;
  std::optional<std::string> algorithm;
  std::optional<std::vector<double>> desired_retention;
  std::optional<std::int64_t> days;
  std::optional<std::int64_t> new_per_day;
  std::optional<std::int64_t> reviews_per_day;
  std::optional<std::int64_t> add;
  std::optional<std::int64_t> seed;
  std::optional<bool> progress;
  static constexpr std::array kHelp{
      FieldHelp{"deck", "the deck to simulate (its id): its cards, options and answers"},
      FieldHelp{"algorithm", "the scheduler simulated, sm2 or fsrs; default: the deck's"},
      FieldHelp{"desired_retention",
                "FSRS: the desired retentions to compare, each 0.70-0.99; default: the deck's"},
      FieldHelp{"days", "days to simulate, 1-36500; default 365"},
      FieldHelp{"new_per_day", "new cards a day (>= 0); default: the deck's"},
      FieldHelp{"reviews_per_day", "reviews a day at most (>= 0); default: the deck's"},
      FieldHelp{"add", "new cards to add to the deck's (>= 0); default 0"},
      FieldHelp{"seed", "seed of the simulated learner's answers (>= 0); default 1"},
      FieldHelp{"progress", "true: hear request.progress notifications while it runs"}};
};
BOOST_DESCRIBE_STRUCT(SchedSimulateParams, (),
                      (deck, algorithm, desired_retention, days, new_per_day, reviews_per_day, add,
                       seed, progress))

// A simulation as sched.simulate reports it; `learner` names whose parameters the request's
// learner are.
SchedSimulateResult simulate_result(const WorkloadRequest& request, const WorkloadReport& report,
                                    TimestampMs start, std::string learner,
                                    std::optional<std::string> deck);

inline constexpr MethodType<SchedSimulateParams, SchedSimulateResult> kSchedSimulate{
    "sched.simulate",
    "Simulates the deck's days ahead (reviews, minutes and cards known a day, and for FSRS the "
    "minimum recommended retention) from its cards and answers, off the server's thread; "
    "changes nothing."};

}  // namespace kioku::protocol
