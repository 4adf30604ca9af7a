// The evaluate command's report, offline or through kiokud (cli/evaluate.hpp).
#include "cli/evaluate.hpp"
#include "cli/progress_bar.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <string_view>
#include <vector>

#include "cli/cli_context.hpp"
#include "cli/maintenance_messages.hpp"
#include "cli/messages.hpp"
#include "cli/number_text.hpp"
#include "cli/review_frame.hpp"  // visible_width
#include "core/scheduler_evaluation.hpp"
#include "protocol/sched_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::cli {

namespace {

const char* model_name(const std::string& model, const MaintenanceMessages& words) {
  if (model == "sm2") return "SM-2";  // a name, the same in English and Japanese
  if (model == "fsrs_defaults") return words.evaluate_fsrs_defaults;
  return words.evaluate_fsrs_fitted;
}

// Rows of cells, the first column left-aligned and the others right-aligned, padded by display
// width so that Japanese headings line up too.
void print_table(const std::vector<std::vector<std::string>>& rows, std::ostream& out) {
  std::vector<int> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t column = 0; column < row.size(); ++column) {
      widths[column] = std::max(widths[column], visible_width(row[column]));
    }
  }
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t column = 0; column < row.size(); ++column) {
      const std::string padding(
          static_cast<std::size_t>(widths[column] - visible_width(row[column])), ' ');
      if (column == 0) {
        line += row[column] + padding;
      } else {
        line += "  " + padding + row[column];
      }
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

void print_text(const protocol::SchedEvaluateResult& result, const MaintenanceMessages& words,
                std::ostream& out) {
  if (result.scored == 0) {
    out << fill_in(words.evaluate_too_few, {{"items", std::to_string(result.items)}}) << '\n';
    return;
  }
  out << fill_in(words.evaluate_scored, {{"scored", std::to_string(result.scored)},
                                         {"items", std::to_string(result.items)},
                                         {"splits", std::to_string(result.splits)}})
      << "\n\n";
  std::vector<std::vector<std::string>> scores = {{words.evaluate_model, words.evaluate_log_loss,
                                                   words.evaluate_rmse_bins,
                                                   words.evaluate_answers}};
  for (const protocol::SchedulerScoreView& model : result.models) {
    scores.push_back({model_name(model.model, words), fixed_text(model.log_loss, 4),
                      fixed_text(model.rmse_bins, 4), std::to_string(model.items)});
  }
  print_table(scores, out);
  for (const protocol::SchedulerScoreView& model : result.models) {
    out << '\n'
        << fill_in(words.evaluate_calibration, {{"model", model_name(model.model, words)}}) << '\n';
    std::vector<std::vector<std::string>> bins = {{words.evaluate_predicted, words.evaluate_answers,
                                                   words.evaluate_mean_predicted,
                                                   words.evaluate_recalled}};
    for (const protocol::CalibrationBinView& bin : model.calibration) {
      bins.push_back({fixed_text(bin.from, 1) + "-" + fixed_text(bin.to, 1),
                      std::to_string(bin.count), fixed_text(bin.predicted, 3),
                      fixed_text(bin.observed, 3)});
    }
    print_table(bins, out);
  }
}

void print(const protocol::SchedEvaluateResult& result, bool json, const std::string& language,
           std::ostream& out) {
  if (json) {
    out << boost::json::serialize(protocol::encode(result)) << '\n';
  } else {
    print_text(result, maintenance_messages_for(language), out);
  }
}

}  // namespace

void evaluate_history(int input, const std::string& source, const OptimizeOptions& options,
                      std::ostream& out) {
  const protocol::SchedEvaluateResult result = protocol::evaluate_result(
      evaluate_schedulers(read_training_items(input, source, options)), std::nullopt);
  print(result, options.json, options.language, out);
}

void evaluate_collection(CliContext& context, const std::optional<std::string>& deck,
                         std::ostream& out) {
  boost::json::object params;
  if (deck) params["deck"] = *deck;
  const protocol::SchedEvaluateResult result =
      protocol::decode_result<protocol::SchedEvaluateResult>(
          protocol::kSchedEvaluate.name,
          call_showing_progress(context.daemon(), protocol::kSchedEvaluate.name, std::move(params),
                                context.language));
  print(result, context.json, context.language, out);
}

}  // namespace kioku::cli
