// sched.optimize: FSRS-6's parameters fitted to the answers in the log; sched.evaluate: how well
// SM-2 and FSRS-6 predict those answers (docs/fsrs-optimizer.md).
// The fit reads the log through a connection of its own on the worker thread, so a long fit
// never holds up the other clients' reviews; it changes nothing, and `kioku sched optimize
// --apply` stores what it found through deck.config when it is worth applying.
#include "core/fsrs_optimizer.hpp"
#include "core/fsrs_training_items.hpp"
#include "core/scheduler_evaluation.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/store/stats_source.hpp"
#include "protocol/sched_types.hpp"

namespace kioku::daemon {

namespace {

// The training items of the deck's (or the collection's) log, read through a connection of its
// own: what both sched.optimize and sched.evaluate work on.
std::vector<TrainingItem> training_items(const std::string& collection_path,
                                         const DayCalendar& calendar,
                                         std::optional<std::int64_t> deck_id) {
  std::vector<TrainingItem> items;
  for (const std::vector<ReviewEntry>& log : read_card_logs(collection_path, deck_id)) {
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
      context, [path = context.collection_path, calendar = context.calendar, deck = params.deck,
                deck_id, current] {
        const FsrsOptimization fitted =
            optimize_fsrs_parameters(training_items(path, calendar, deck_id), {}, current);
        return protocol::optimize_result(fitted, current, deck);
      });
}

// The same answers as sched.optimize reads, on the worker thread with a connection of its own:
// five fits (one per fold) must not hold up the other clients' reviews.
protocol::SchedEvaluateResult evaluate(const protocol::SchedEvaluateParams& params,
                                       MethodContext& context) {
  std::optional<std::int64_t> deck_id;
  if (params.deck) deck_id = context.collection.decks().require(*params.deck).id;
  return answer_later<protocol::SchedEvaluateResult>(
      context,
      [path = context.collection_path, calendar = context.calendar, deck = params.deck, deck_id] {
        return protocol::evaluate_result(
            evaluate_schedulers(training_items(path, calendar, deck_id)), deck);
      });
}

}  // namespace

std::vector<Method> sched_methods() {
  return {method_row(protocol::kSchedOptimize, optimize),
          method_row(protocol::kSchedEvaluate, evaluate)};
}

}  // namespace kioku::daemon
