// The optimize command's fitting and report, offline or through kiokud (cli/optimize.hpp).
#include "cli/optimize.hpp"
#include "cli/progress_bar.hpp"

#include <boost/json.hpp>
#include <charconv>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cli/cli_context.hpp"
#include "cli/history_reader.hpp"
#include "cli/maintenance_messages.hpp"
#include "cli/messages.hpp"
#include "cli/number_text.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/day_calendar.hpp"
#include "core/error.hpp"
#include "core/fsrs_optimizer.hpp"
#include "protocol/deck_types.hpp"
#include "protocol/sched_types.hpp"

namespace kioku::cli {

namespace {

boost::json::object json_report(const protocol::SchedOptimizeResult& result) {
  boost::json::array parameters;
  for (const double parameter : result.parameters) parameters.push_back(parameter);
  return boost::json::object{{"parameters", std::move(parameters)},
                             {"items", result.items},
                             {"fit", result.fit},
                             {"log_loss", result.log_loss},
                             {"rmse_bins", result.rmse_bins},
                             {"log_loss_before", result.log_loss_before},
                             {"rmse_bins_before", result.rmse_bins_before}};
}

void print_text(const protocol::SchedOptimizeResult& result, const MaintenanceMessages& words,
                std::ostream& out) {
  out << fill_in(words.optimize_items, {{"count", std::to_string(result.items)}}) << '\n';
  if (result.fit == fsrs_fit_name(FsrsFit::kDefaults)) out << words.optimize_fit_defaults << '\n';
  if (result.fit == fsrs_fit_name(FsrsFit::kInitialStabilities)) {
    out << words.optimize_fit_initial << '\n';
  }
  out << fill_in(words.optimize_log_loss, {{"before", fixed_text(result.log_loss_before, 4)},
                                           {"after", fixed_text(result.log_loss, 4)}})
      << '\n';
  out << fill_in(words.optimize_rmse_bins, {{"before", fixed_text(result.rmse_bins_before, 4)},
                                            {"after", fixed_text(result.rmse_bins, 4)}})
      << '\n';
  std::string parameters;
  for (const double parameter : result.parameters) {
    if (!parameters.empty()) parameters += ", ";
    parameters += fixed_text(parameter, 4);
  }
  out << fill_in(words.optimize_parameters, {{"parameters", parameters}}) << '\n';
}

// deck.config's fsrs_parameters: every number in its shortest exact form, so that the deck
// stores the very parameters that were fitted.
std::string parameters_option(const std::vector<double>& parameters) {
  std::string text;
  for (const double parameter : parameters) {
    char number[32];
    const auto written = std::to_chars(number, number + sizeof number, parameter);
    if (!text.empty()) text += ',';
    text.append(number, written.ptr);
  }
  return text;
}

}  // namespace

std::vector<TrainingItem> read_training_items(int input, const std::string& source,
                                              const OptimizeOptions& options) {
  // Each card's answers in the order given, the cards in the order they first appear: the
  // items and so the fit do not depend on a hash table's order.
  HistoryReader history(input, source, Algorithm::kFsrs, options.language);
  std::unordered_map<std::string, std::size_t> index_of;
  std::vector<std::vector<PastAnswer>> cards;
  HistoryLine line;
  while (history.next(line)) {
    const auto [entry, added] = index_of.try_emplace(std::string(line.card), cards.size());
    if (added) cards.emplace_back();
    cards[entry->second].push_back(line.answer);
  }
  const DayCalendar calendar(options.day_starts_at_hour);
  std::vector<TrainingItem> items;
  for (const std::vector<PastAnswer>& card : cards) append_training_items(card, calendar, items);
  return items;
}

void optimize_history(int input, const std::string& source, const OptimizeOptions& options,
                      std::ostream& out) {
  std::vector<TrainingItem> items = read_training_items(input, source, options);
  // Offline there is no deck: the fit is compared with the defaults.
  const protocol::SchedOptimizeResult result = protocol::optimize_result(
      optimize_fsrs_parameters(std::move(items)), kFsrsDefaultWeights, std::nullopt);
  if (options.json) {
    out << boost::json::serialize(json_report(result)) << '\n';
  } else {
    print_text(result, maintenance_messages_for(options.language), out);
  }
}

void optimize_collection(CliContext& context, const std::optional<std::string>& deck, bool apply,
                         std::ostream& out) {
  const MaintenanceMessages& words = maintenance_messages_for(context.language);
  if (apply && !deck) throw Error(ErrorCode::kInvalidParams, words.optimize_apply_needs_deck);
  boost::json::object params;
  if (deck) params["deck"] = *deck;
  const protocol::SchedOptimizeResult result =
      protocol::decode_result<protocol::SchedOptimizeResult>(
          protocol::kSchedOptimize.name,
          call_showing_progress(context.daemon(), protocol::kSchedOptimize.name, std::move(params),
                                context.language));
  boost::json::object report = json_report(result);
  if (deck) report["deck"] = *deck;
  report["better"] = result.better;
  std::optional<protocol::RebuildCounts> recomputed;
  if (apply && result.better) {
    // Stored only over the parameters the fit was compared with: another client may have
    // stored others while it ran, and those are not overwritten.
    boost::json::value reply;
    try {
      reply = context.daemon().call(
          protocol::kDeckConfig.name,
          {{"deck", *deck},
           {"set", {{"fsrs_parameters", parameters_option(result.parameters)}}},
           {"expect", {{"fsrs_parameters", parameters_option(result.current)}}}});
    } catch (const Error& refusal) {
      if (refusal.code() != ErrorCode::kConflict) throw;
      throw Error(ErrorCode::kConflict,
                  fill_in(words.optimize_changed_meanwhile, {{"deck", safe_line(*deck)}}));
    }
    const auto configured =
        protocol::decode_result<protocol::DeckConfigResult>(protocol::kDeckConfig.name, reply);
    // An SM-2 deck keeps the parameters for a switch to FSRS; nothing is recomputed.
    recomputed = configured.recomputed.value_or(protocol::RebuildCounts{});
  }
  if (apply) report["applied"] = recomputed.has_value();
  if (context.json) {
    if (recomputed) {
      report["recomputed"] = {{"cards", recomputed->cards}, {"changed", recomputed->changed}};
    }
    out << boost::json::serialize(report) << '\n';
    return;
  }
  print_text(result, words, out);
  if (!apply) return;
  if (recomputed) {
    out << fill_in(words.optimize_applied, {{"deck", *deck},
                                            {"cards", std::to_string(recomputed->cards)},
                                            {"changed", std::to_string(recomputed->changed)}})
        << '\n';
  } else {
    out << fill_in(words.optimize_kept, {{"deck", *deck}}) << '\n';
  }
}

}  // namespace kioku::cli
