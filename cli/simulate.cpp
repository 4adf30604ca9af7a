// The simulate command's report (cli/simulate.hpp).
#include "cli/simulate.hpp"
#include "cli/progress_bar.hpp"

#include <boost/json.hpp>
#include <unordered_map>

#include "cli/cli_context.hpp"
#include "cli/deck_refusal.hpp"
#include "cli/history_reader.hpp"
#include "cli/messages.hpp"
#include "cli/number_text.hpp"
#include "cli/simulate_messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_table.hpp"
#include "core/deck_config.hpp"
#include "core/fsrs_optimizer.hpp"
#include "core/fsrs_training_items.hpp"
#include "core/workload_simulation.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/sched_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::cli {

namespace {

// "1,234" would need a locale; the counts are printed plain, the rest with fixed decimals.
void print_text(const protocol::SchedSimulateResult& result, std::int64_t fitted_items,
                const SimulateMessages& words, std::ostream& out) {
  out << fill_in(words.simulated, {{"days", std::to_string(result.days)},
                                   {"studied", std::to_string(result.studied_cards)},
                                   {"new", std::to_string(result.new_cards)},
                                   {"new_per_day", std::to_string(result.new_per_day)},
                                   {"reviews_per_day", std::to_string(result.reviews_per_day)}})
      << '\n';
  if (result.learner == "fitted") {
    out << fill_in(words.learner_fitted, {{"items", std::to_string(fitted_items)}}) << '\n';
  } else if (result.learner == "deck") {
    out << words.learner_deck << '\n';
  } else {
    out << (result.deck ? words.learner_deck_defaults : words.learner_defaults) << '\n';
  }
  out << '\n';
  std::vector<std::vector<std::string>> rows = {
      {words.retention, words.reviews_per_day, words.minutes_per_day, words.peak_day,
       words.new_cards, words.known_at_end, words.minutes_per_known}};
  const double days = static_cast<double>(result.days);
  for (const protocol::SimulatedRunView& run : result.runs) {
    rows.push_back({run.desired_retention ? fixed_text(*run.desired_retention, 2) : "SM-2",
                    fixed_text(static_cast<double>(run.reviews) / days, 1),
                    fixed_text(run.minutes / days, 1), std::to_string(run.peak_reviews),
                    std::to_string(run.new_cards), fixed_text(run.known_at_end, 1),
                    run.minutes_per_known ? fixed_text(*run.minutes_per_known, 2) : "-"});
  }
  for (const std::string& line : aligned_table(rows, 1, 1)) out << line << '\n';
  if (result.minimum_recommended_retention) {
    out << '\n'
        << fill_in(words.minimum_retention,
                   {{"retention", fixed_text(*result.minimum_recommended_retention, 2)},
                    {"days", std::to_string(result.days)}})
        << '\n';
  }
}

void print_simulation(const protocol::SchedSimulateResult& result, std::int64_t fitted_items,
                      const SimulateOptions& options, std::ostream& out) {
  if (options.json) {
    out << boost::json::serialize(protocol::encode(result)) << '\n';
  } else {
    print_text(result, fitted_items, simulate_messages_for(options.language), out);
  }
}

}  // namespace

void simulate_history(int input, const std::string& source, const SimulateOptions& options,
                      std::ostream& out) {
  const SimulateMessages& words = simulate_messages_for(options.language);
  const std::string algorithm = options.algorithm.value_or("fsrs");
  const bool fsrs = algorithm == "fsrs";
  if (!fsrs && !options.retentions.empty()) {
    throw Error(ErrorCode::kInvalidParams, words.retention_with_sm2);
  }
  // Each card's answers in the order given, the cards in the order they first appear.
  HistoryReader history(input, source, Algorithm::kSm2, options.language);
  std::unordered_map<std::string, std::size_t> index_of;
  WorkloadRequest request;
  TimestampMs last_answer = 0;
  HistoryLine line;
  while (history.next(line)) {
    const auto [entry, added] =
        index_of.try_emplace(std::string(line.card), request.studied.size());
    if (added) request.studied.emplace_back();
    request.studied[entry->second].answers.push_back(line.answer);
    last_answer = std::max(last_answer, line.answer.time);
  }
  const DayCalendar calendar(options.day_starts_at_hour);

  // The learner: FSRS-6 fitted to the history when that predicts it better than the defaults.
  std::vector<TrainingItem> items;
  for (const StudiedCard& card : request.studied) {
    append_training_items(card.answers, calendar, items);
  }
  const FsrsOptimization fit = optimize_fsrs_parameters(std::move(items));
  const bool fitted = worth_applying(fit);
  WorkloadSettings& settings = request.settings;
  settings.learner = fitted ? fit.parameters : kFsrsDefaultWeights;
  set_deck_option(settings.scheduler, "algorithm", algorithm);
  settings.scheduler.fsrs_weights = settings.learner;
  settings.days = options.days;
  settings.new_per_day = options.new_per_day.value_or(settings.scheduler.new_per_day);
  settings.reviews_per_day = options.reviews_per_day.value_or(settings.scheduler.reviews_per_day);
  settings.seed = options.seed;
  request.new_cards = options.add;
  if (!options.retentions.empty()) request.retentions = options.retentions;
  if (fsrs) settings.scheduler.desired_retention = request.retentions.front();

  // From the scheduler day after the history's last answer, at the hour the day starts + 8.
  const TimestampMs start =
      calendar.day_start(calendar.day_number(last_answer) + 1) + 8 * 3'600'000;
  const WorkloadReport report = simulate_deck(request, calendar, start);
  const protocol::SchedSimulateResult result = protocol::simulate_result(
      request, report, start, fitted ? "fitted" : "defaults", std::nullopt);
  print_simulation(result, static_cast<std::int64_t>(fit.items_used), options, out);
}

void simulate_deck_through_daemon(CliContext& context, const std::string& deck,
                                  const SimulateOptions& options, std::ostream& out) {
  boost::json::object params{{"deck", deck},
                             {"days", options.days},
                             {"add", options.add},
                             {"seed", static_cast<std::int64_t>(options.seed)}};
  if (options.algorithm) params["algorithm"] = *options.algorithm;
  if (!options.retentions.empty()) {
    params["desired_retention"] =
        boost::json::array(options.retentions.begin(), options.retentions.end());
  }
  if (options.new_per_day) params["new_per_day"] = *options.new_per_day;
  if (options.reviews_per_day) params["reviews_per_day"] = *options.reviews_per_day;
  const SimulateMessages& words = simulate_messages_for(options.language);
  const boost::json::value reply = worded_deck_refusal(deck, options.language, [&] {
    try {
      return call_showing_progress(context.daemon(), protocol::kSchedSimulate.name,
                                   std::move(params), options.language);
    } catch (const protocol::ErrorWithData& refusal) {
      // The daemon's refusals that depend on the deck, in the user's language.
      const boost::json::value* reason = refusal.data().if_contains("reason");
      const std::string named = safe_line(deck);
      if (reason != nullptr && *reason == "retention_without_fsrs") {
        throw Error(refusal.code(), fill_in(words.deck_retention_with_sm2, {{"deck", named}}));
      }
      if (reason != nullptr && *reason == "sm2_classic") {
        throw Error(refusal.code(), fill_in(words.deck_sm2_classic, {{"deck", named}}));
      }
      throw;
    }
  });
  print_simulation(
      protocol::decode_result<protocol::SchedSimulateResult>(protocol::kSchedSimulate.name, reply),
      0, options, out);
}

}  // namespace kioku::cli
