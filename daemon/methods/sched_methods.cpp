// sched.optimize: FSRS-6's parameters fitted to the answers in the log; sched.evaluate: how well
// SM-2 and FSRS-6 predict those answers; sched.simulate: the deck's days ahead
// (docs/fsrs-optimizer.md).
// The fit reads the log through a connection of its own on the worker thread, so a long fit
// never holds up the other clients' reviews; it changes nothing, and `kioku sched optimize
// --apply` stores what it found through deck.config when it is worth applying.
#include "core/fsrs_optimizer.hpp"
#include "core/fsrs_training_items.hpp"
#include "core/scheduler_evaluation.hpp"
#include "core/workload_simulation.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/store/stats_source.hpp"
#include "daemon/store/workload_source.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/sched_types.hpp"

namespace kioku::daemon {

namespace {

// The training items of the deck's (or the collection's) log, read through a connection of its
// own: what both sched.optimize and sched.evaluate work on.
std::vector<TrainingItem> training_items(const std::string& collection_path,
                                         const DayCalendar& calendar,
                                         std::optional<std::int64_t> deck_id,
                                         const ProgressReport& progress) {
  std::vector<TrainingItem> items;
  for (const std::vector<ReviewEntry>& log : read_card_logs(collection_path, deck_id, progress)) {
    append_training_items(CardLog{.entries = log}, calendar, items);
  }
  return items;
}

protocol::SchedOptimizeResult optimize(const protocol::SchedOptimizeParams& params,
                                       MethodContext& context) {
  std::optional<std::int64_t> deck_id;
  std::array<double, 21> current = kFsrsDefaultWeights;
  if (params.deck) {
    const DeckRow deck = context.collection.decks().require(*params.deck);
    deck_id = deck.id;
    current = deck_options_from_json(deck.options_json).fsrs_weights;
  }
  return answer_later<protocol::SchedOptimizeResult>(
      context,
      [path = context.collection_path, calendar = context.calendar, deck = params.deck, deck_id,
       current](const ProgressReport& progress) {
        const FsrsOptimization fitted = optimize_fsrs_parameters(
            training_items(path, calendar, deck_id, progress), {}, current, progress);
        return protocol::optimize_result(fitted, current, deck);
      },
      params.progress.value_or(false));
}

// The same answers as sched.optimize reads, on the worker thread with a connection of its own:
// five fits (one per fold) must not hold up the other clients' reviews.
protocol::SchedEvaluateResult evaluate(const protocol::SchedEvaluateParams& params,
                                       MethodContext& context) {
  std::optional<std::int64_t> deck_id;
  if (params.deck) deck_id = context.collection.decks().require(*params.deck).id;
  return answer_later<protocol::SchedEvaluateResult>(
      context,
      [path = context.collection_path, calendar = context.calendar, deck = params.deck,
       deck_id](const ProgressReport& progress) {
        return protocol::evaluate_result(
            evaluate_schedulers(training_items(path, calendar, deck_id, progress), {}, progress),
            deck);
      },
      params.progress.value_or(false));
}

// sched.simulate's bounds beside core's days and retentions: what one request may ask of the
// worker's memory (the command line's own).
constexpr std::int64_t kMostNewPerDay = 100'000;
constexpr std::int64_t kMostReviewsPerDay = 1'000'000;
constexpr std::int64_t kMostAddedCards = 1'000'000;
constexpr std::size_t kMostRetentions = 30;

// `value` of parameter `name` when given, checked against [0, most]; `fallback` otherwise.
int bounded(const std::optional<std::int64_t>& value, const char* name, std::int64_t least,
            std::int64_t most, int fallback) {
  if (!value) return fallback;
  if (*value < least || *value > most) {
    throw Error(
        ErrorCode::kInvalidParams,
        bilingual("parameter '{name}' must be {least} to {most}, got {value}",
                  "パラメータ '{name}' は {least} から {most} まででなければなりません（{value} "
                  "でした）",
                  {{"name", name},
                   {"least", std::to_string(least)},
                   {"most", std::to_string(most)},
                   {"value", std::to_string(*value)}}));
  }
  return static_cast<int>(*value);
}

// The simulation's scheduler: the deck's options, with the algorithm asked for. Classic SM-2's
// 0-5 answers are not modelled by the simulated learner, who presses the four buttons.
DeckOptions simulated_scheduler(const DeckRow& deck, const std::optional<std::string>& asked) {
  DeckOptions options = deck_options_from_json(deck.options_json);
  if (asked) {
    const std::optional<Algorithm> algorithm = parse_algorithm(*asked);
    if (!algorithm || *algorithm == Algorithm::kSm2Classic) {
      throw Error(
          ErrorCode::kInvalidParams,
          bilingual("parameter 'algorithm' must be sm2 or fsrs, got \"{algorithm}\"",
                    "パラメータ 'algorithm' は sm2 か fsrs でなければなりません（\"{algorithm}\" "
                    "でした）",
                    {{"algorithm", *asked}}));
    }
    options.algorithm = *algorithm;
  } else if (options.algorithm == Algorithm::kSm2Classic) {
    // `reason` for a client to word the refusal in its own language.
    throw protocol::ErrorWithData(
        ErrorCode::kInvalidParams,
        bilingual("deck {deck} uses sm2-classic, which the simulation does not model: give "
                  "'algorithm' sm2 or fsrs",
                  "デッキ {deck} は sm2-classic を使っていますが、シミュレーションは sm2-classic "
                  "を扱いません。'algorithm' に sm2 か fsrs を指定してください",
                  {{"deck", deck.slug}}),
        {{"reason", "sm2_classic"}});
  }
  return options;
}

// Every parameter is checked here, before the worker reads what may be a million cards; the
// worker then reads the deck's cards and simulates.
protocol::SchedSimulateResult simulate(const protocol::SchedSimulateParams& params,
                                       MethodContext& context) {
  const DeckRow deck = context.collection.decks().require(params.deck);
  WorkloadRequest request;
  WorkloadSettings& settings = request.settings;
  settings.scheduler = simulated_scheduler(deck, params.algorithm);
  const bool fsrs = settings.scheduler.algorithm == Algorithm::kFsrs;
  settings.learner = settings.scheduler.fsrs_weights;
  settings.days = bounded(params.days, "days", 1, kMostSimulatedDays, 365);
  settings.new_per_day =
      bounded(params.new_per_day, "new_per_day", 0, kMostNewPerDay, settings.scheduler.new_per_day);
  settings.reviews_per_day = bounded(params.reviews_per_day, "reviews_per_day", 0,
                                     kMostReviewsPerDay, settings.scheduler.reviews_per_day);
  const int added = bounded(params.add, "add", 0, kMostAddedCards, 0);
  if (params.seed && *params.seed < 0) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'seed' must be >= 0",
                          "パラメータ 'seed' は 0 以上でなければなりません"));
  }
  settings.seed = static_cast<std::uint64_t>(params.seed.value_or(1));
  request.retentions = {settings.scheduler.desired_retention};
  if (params.desired_retention) {
    if (!fsrs) {
      throw protocol::ErrorWithData(
          ErrorCode::kInvalidParams,
          bilingual("parameter 'desired_retention' is for FSRS; the simulation schedules with sm2",
                    "パラメータ 'desired_retention' は FSRS 用です。このシミュレーションは sm2 "
                    "でスケジュールします"),
          {{"reason", "retention_without_fsrs"}});
    }
    const std::vector<double>& asked = *params.desired_retention;
    if (asked.empty() || asked.size() > kMostRetentions) {
      throw Error(
          ErrorCode::kInvalidParams,
          bilingual("parameter 'desired_retention' must hold 1 to {most} values",
                    "パラメータ 'desired_retention' には 1 から {most} 個の値を入れてください",
                    {{"most", std::to_string(kMostRetentions)}}));
    }
    for (const double retention : asked) {
      if (!is_simulated_retention(retention)) {
        throw Error(ErrorCode::kInvalidParams,
                    bilingual("parameter 'desired_retention' values must be 0.70 to 0.99, got "
                              "{value}",
                              "パラメータ 'desired_retention' の値は 0.70 から 0.99 "
                              "まででなければなりません（{value} でした）",
                              {{"value", std::to_string(retention)}}));
      }
    }
    request.retentions = asked;
  }
  settings.scheduler.desired_retention = request.retentions.front();
  const std::string learner = settings.learner == kFsrsDefaultWeights ? "defaults" : "deck";
  const TimestampMs start = context.clock.now();
  return answer_later<protocol::SchedSimulateResult>(
      context,
      [path = context.collection_path, calendar = context.calendar, deck = params.deck,
       deck_id = deck.id, request = std::move(request), added, learner,
       start](const ProgressReport& progress) mutable {
        DeckWorkload workload = read_deck_workload(path, deck_id, progress);
        request.studied = std::move(workload.studied);
        request.new_cards = workload.new_cards + added;
        request.settings.seconds = answer_seconds(workload.timed);
        const WorkloadReport report = simulate_deck(request, calendar, start, progress);
        return protocol::simulate_result(request, report, start, learner, deck);
      },
      params.progress.value_or(false));
}

}  // namespace

std::vector<Method> sched_methods() {
  return {method_row(protocol::kSchedOptimize, optimize),
          method_row(protocol::kSchedEvaluate, evaluate),
          method_row(protocol::kSchedSimulate, simulate)};
}

}  // namespace kioku::daemon
