// sched.optimize's result from core's fit (protocol/sched_types.hpp).
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

}  // namespace kioku::protocol
