// sched.optimize's and sched.evaluate's results from core's fit and evaluation
// (protocol/sched_types.hpp).
#include "protocol/sched_types.hpp"

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

}  // namespace kioku::protocol
