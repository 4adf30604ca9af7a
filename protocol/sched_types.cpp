// sched.optimize's and sched.evaluate's results from core's fit and evaluation
// (protocol/sched_types.hpp).
#include "protocol/sched_types.hpp"

#include <algorithm>

namespace kioku::protocol {

SchedOptimizeResult optimize_result(const FsrsOptimization& fitted,
                                    const std::array<double, 21>& current,
                                    std::optional<std::string> deck) {
  return SchedOptimizeResult{.deck = std::move(deck),
                             .parameters = {fitted.parameters.begin(), fitted.parameters.end()},
                             .current = {current.begin(), current.end()},
                             .items = static_cast<std::int64_t>(fitted.items_used),
                             .fit = fsrs_fit_name(fitted.fit),
                             .log_loss = fitted.after.log_loss,
                             .rmse_bins = fitted.after.rmse_bins,
                             .log_loss_before = fitted.before.log_loss,
                             .rmse_bins_before = fitted.before.rmse_bins,
                             .better = worth_applying(fitted)};
}

namespace {

SchedulerScoreView score_view(const char* model, const ModelEvaluation& evaluation) {
  SchedulerScoreView view{.model = model,
                          .log_loss = evaluation.score.log_loss,
                          .rmse_bins = evaluation.score.rmse_bins,
                          .items = static_cast<std::int64_t>(evaluation.items),
                          .calibration = {}};
  for (const CalibrationBin& bin : evaluation.calibration) {
    view.calibration.push_back({.from = bin.lowest,
                                .to = bin.highest,
                                .count = static_cast<std::int64_t>(bin.count),
                                .predicted = bin.predicted,
                                .observed = bin.observed});
  }
  return view;
}

}  // namespace

SchedEvaluateResult evaluate_result(const SchedulerEvaluation& evaluation,
                                    std::optional<std::string> deck) {
  SchedEvaluateResult result{.deck = {},
                             .items = static_cast<std::int64_t>(evaluation.items),
                             .scored = static_cast<std::int64_t>(evaluation.scored),
                             .splits = static_cast<std::int64_t>(evaluation.splits),
                             .models = {score_view("sm2", evaluation.sm2),
                                        score_view("fsrs_defaults", evaluation.fsrs_defaults),
                                        score_view("fsrs_fitted", evaluation.fsrs_fitted)}};
  if (deck) result.deck = std::move(*deck);
  return result;
}

namespace {

SimulatedRunView run_view(const WorkloadSimulation& run, bool fsrs) {
  SimulatedRunView view;
  if (fsrs) view.desired_retention.emplace(run.desired_retention);
  view.reviews = run.reviews;
  view.new_cards = run.new_cards;
  view.minutes = run.seconds / 60.0;
  view.known_at_end = run.known_at_end;
  if (run.known_at_end > 0.0) view.minutes_per_known.emplace(run.seconds_per_known / 60.0);
  for (const SimulatedDay& day : run.days) {
    view.lapses += day.lapses;
    view.peak_reviews = std::max(view.peak_reviews, day.reviews);
    view.daily_reviews.push_back(day.reviews);
    view.daily_new_cards.push_back(day.new_cards);
    view.daily_lapses.push_back(day.lapses);
    view.daily_minutes.push_back(day.seconds / 60.0);
    view.daily_known.push_back(day.known);
  }
  return view;
}

}  // namespace

SchedSimulateResult simulate_result(const WorkloadRequest& request, const WorkloadReport& report,
                                    TimestampMs start, std::string learner,
                                    std::optional<std::string> deck) {
  const WorkloadSettings& settings = request.settings;
  const bool fsrs = settings.scheduler.algorithm == Algorithm::kFsrs;
  SchedSimulateResult result;
  if (deck) result.deck = std::move(*deck);
  result.algorithm = fsrs ? "fsrs" : "sm2";
  result.learner = std::move(learner);
  result.start_ms = start;
  result.days = settings.days;
  result.new_per_day = settings.new_per_day;
  result.reviews_per_day = settings.reviews_per_day;
  result.studied_cards = static_cast<std::int64_t>(request.studied.size());
  result.new_cards = request.new_cards;
  for (const WorkloadSimulation& run : report.runs) result.runs.push_back(run_view(run, fsrs));
  if (report.minimum_recommended) {
    result.minimum_recommended_retention.emplace(*report.minimum_recommended);
  }
  return result;
}

}  // namespace kioku::protocol
