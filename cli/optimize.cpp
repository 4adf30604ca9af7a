// The offline optimize command's reading, fitting and report (cli/optimize.hpp).
#include "cli/optimize.hpp"

#include <boost/json.hpp>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cli/history_reader.hpp"
#include "cli/maintenance_messages.hpp"
#include "cli/messages.hpp"
#include "cli/number_text.hpp"
#include "core/day_calendar.hpp"
#include "core/fsrs_optimizer.hpp"

namespace kioku::cli {

namespace {

// Each card's answers in the order given, the cards in the order they first appear: the items
// and so the fit do not depend on a hash table's order.
std::vector<std::vector<PastAnswer>> read_cards(int input, const std::string& source,
                                                const std::string& language) {
  HistoryReader history(input, source, Algorithm::kFsrs, language);
  std::unordered_map<std::string, std::size_t> index_of;
  std::vector<std::vector<PastAnswer>> cards;
  HistoryLine line;
  while (history.next(line)) {
    const auto [entry, added] = index_of.try_emplace(std::string(line.card), cards.size());
    if (added) cards.emplace_back();
    cards[entry->second].push_back(line.answer);
  }
  return cards;
}

const char* fit_name(FsrsFit fit) {
  switch (fit) {
    case FsrsFit::kDefaults:
      return "defaults";
    case FsrsFit::kInitialStabilities:
      return "initial_stabilities";
    case FsrsFit::kAllParameters:
      return "all";
  }
  return "all";
}

void print_json(const FsrsOptimization& result, std::ostream& out) {
  boost::json::array parameters;
  for (const double parameter : result.parameters) parameters.push_back(parameter);
  const boost::json::object report{{"parameters", std::move(parameters)},
                                   {"items", result.items_used},
                                   {"fit", fit_name(result.fit)},
                                   {"log_loss", result.after.log_loss},
                                   {"rmse_bins", result.after.rmse_bins},
                                   {"log_loss_before", result.before.log_loss},
                                   {"rmse_bins_before", result.before.rmse_bins}};
  out << boost::json::serialize(report) << '\n';
}

void print_text(const FsrsOptimization& result, const std::string& language, std::ostream& out) {
  const MaintenanceMessages& words = maintenance_messages_for(language);
  out << fill_in(words.optimize_items, {{"count", std::to_string(result.items_used)}}) << '\n';
  if (result.fit == FsrsFit::kDefaults) out << words.optimize_fit_defaults << '\n';
  if (result.fit == FsrsFit::kInitialStabilities) out << words.optimize_fit_initial << '\n';
  out << fill_in(words.optimize_log_loss, {{"before", fixed_text(result.before.log_loss, 4)},
                                           {"after", fixed_text(result.after.log_loss, 4)}})
      << '\n';
  out << fill_in(words.optimize_rmse_bins, {{"before", fixed_text(result.before.rmse_bins, 4)},
                                            {"after", fixed_text(result.after.rmse_bins, 4)}})
      << '\n';
  std::string parameters;
  for (const double parameter : result.parameters) {
    if (!parameters.empty()) parameters += ", ";
    parameters += fixed_text(parameter, 4);
  }
  out << fill_in(words.optimize_parameters, {{"parameters", parameters}}) << '\n';
}

}  // namespace

void optimize_history(int input, const std::string& source, const OptimizeOptions& options,
                      std::ostream& out) {
  const std::vector<std::vector<PastAnswer>> cards = read_cards(input, source, options.language);
  const DayCalendar calendar(options.day_starts_at_hour);
  std::vector<TrainingItem> items;
  for (const std::vector<PastAnswer>& card : cards) append_training_items(card, calendar, items);
  const FsrsOptimization result = optimize_fsrs_parameters(std::move(items));
  if (options.json) {
    print_json(result, out);
  } else {
    print_text(result, options.language, out);
  }
}

}  // namespace kioku::cli
