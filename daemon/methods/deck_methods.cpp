// deck.*: listing, importing and configuring decks.
#include "core/deck.hpp"
#include "core/deck_config.hpp"
#include "core/error.hpp"
#include "daemon/methods/deck_export.hpp"
#include "daemon/methods/deck_import.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/rebuild.hpp"
#include "daemon/methods/review_queue.hpp"
#include "daemon/methods/wire_views.hpp"
#include "daemon/methods/worker_write.hpp"
#include "protocol/deck_types.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::daemon {

namespace {

protocol::DeckListResult list(const protocol::DeckListParams& params, MethodContext& context) {
  const std::string language = checked_language(params.lang);
  const TimestampMs now = context.clock.now();
  const DueBounds bounds = due_bounds(now, context.calendar);
  const auto decks =
      queue_decks(context.collection, context.calendar.day_number(now), std::nullopt);
  protocol::DeckListResult result;
  for (const QueueDeck& deck : decks) {
    const DueCounts counts = due_counts(context.collection, deck, bounds);
    result.decks.push_back(
        protocol::DeckSummary{.id = deck.deck.slug,
                              .name = pick_language(deck.deck.name, language),
                              .names = {deck.deck.name.begin(), deck.deck.name.end()},
                              .algorithm = deck.deck.algorithm,
                              .cards = context.collection.cards().count_in_deck(deck.deck.id),
                              .due = counts.total(),
                              .new_ = counts.new_cards,
                              .learning = counts.all_learning(),
                              .review = counts.review});
  }
  return result;
}

std::vector<protocol::DeckOption> option_views(const DeckOptions& options) {
  const DeckOptions defaults;
  std::vector<protocol::DeckOption> list;
  for (const DeckOptionSpec& spec : deck_option_specs()) {
    list.push_back(protocol::DeckOption{.name = std::string(spec.name),
                                        .value = deck_option_text(options, spec.name),
                                        .default_ = deck_option_text(defaults, spec.name),
                                        .allowed = std::string(spec.allowed),
                                        .help = std::string(spec.help)});
  }
  return list;
}

// deck.config's compare-and-set: each option `expected` names must have that value now
// (compared as the deck reads them, so "0.9" expects "0.90"); else kConflict naming it, with
// its value now in `data`, before anything is written. A client that read the options, worked
// out new ones (sched optimize --apply) and stores them with `expect` cannot overwrite what
// another client stored meanwhile.
void check_expected_options(const DeckRow& deck, const boost::json::object& expected) {
  const DeckOptions now = deck_options_from_json(deck.options_json);
  for (const auto& [name, value] : expected) {
    if (!value.is_string()) {
      throw Error(
          ErrorCode::kInvalidParams,
          bilingual("parameter 'expect': option '{option}' must be a string",
                    "パラメータ 'expect': オプション '{option}' は文字列でなければなりません",
                    {{"option", std::string(name)}}));
    }
    DeckOptions wanted = now;
    set_deck_option(wanted, name, value.as_string());
    const std::string current = deck_option_text(now, name);
    if (deck_option_text(wanted, name) != current) {
      throw protocol::ErrorWithData(
          ErrorCode::kConflict,
          bilingual("deck {deck}'s option '{option}' is now '{current}', not the one expected: "
                    "nothing was changed",
                    "デッキ {deck} のオプション '{option}' は今 '{current}' "
                    "で、期待された値ではありません。何も変更していません",
                    {{"deck", deck.slug}, {"option", std::string(name)}, {"current", current}}),
          {{"option", std::string(name)}, {"current", current}});
    }
  }
}

// What a deck.config with `set` changes, worked out from the deck as `collection` has it now.
struct DeckChange {
  DeckRow deck;
  std::string options_json;  // the deck's options with the changes made
  DeckOptions after;
  // A new algorithm, or new FSRS parameters (FSRS's model of the learner): the cards' states
  // are what a replay of their answers gives under them (docs/fsrs-optimizer.md).
  bool recomputes = false;
  protocol::DeckConfigResult result;
};

// Checks `expect` and every change before anything is stored, so that a bad one leaves the deck
// as it was. Throws kioku::Error.
DeckChange plan_change(Collection& collection, const protocol::DeckConfigParams& params) {
  DeckChange change;
  change.deck = collection.decks().require(params.deck);
  if (params.expect) check_expected_options(change.deck, *params.expect);
  change.options_json = change.deck.options_json;
  change.result.deck = change.deck.slug;
  for (const auto& [name, value] : *params.set) {
    if (!value.is_string()) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("option '{option}' must be given as a string",
                            "オプション '{option}' は文字列で指定しなければなりません",
                            {{"option", std::string(name)}}));
    }
    change.options_json = with_option(change.options_json, name, std::string(value.as_string()));
    change.result.changed.emplace_back(name);
  }
  const DeckOptions before = deck_options_from_json(change.deck.options_json);
  change.after = deck_options_from_json(change.options_json);
  change.result.options = option_views(change.after);
  change.recomputes = change.after.algorithm != before.algorithm ||
                      (change.after.algorithm == Algorithm::kFsrs &&
                       change.after.fsrs_weights != before.fsrs_weights);
  return change;
}

// Stores the options and, when the change recomputes, the deck's cards: call it inside
// Collection::write, so that a failure midway leaves neither.
protocol::DeckConfigResult store_change(Collection& collection, DeckChange change,
                                        const DayCalendar& calendar) {
  collection.decks().set_options(change.deck.id, change.options_json,
                                 std::string(to_string(change.after.algorithm)));
  if (change.recomputes) {
    change.result.recomputed =
        rebuild_view(rebuild_deck(collection, change.deck.id, change.after, calendar));
  }
  return std::move(change.result);
}

protocol::DeckConfigResult config(const protocol::DeckConfigParams& params,
                                  MethodContext& context) {
  if (!params.set) {
    const DeckRow deck = context.collection.decks().require(params.deck);
    if (params.expect) check_expected_options(deck, *params.expect);
    protocol::DeckConfigResult result;
    result.deck = deck.slug;
    result.options = option_views(deck_options_from_json(deck.options_json));
    return result;
  }
  // Checked here first, so that a bad change is refused at once.
  DeckChange change = plan_change(context.collection, params);
  if (!change.recomputes) {
    protocol::DeckConfigResult result;
    context.collection.write(
        [&] { result = store_change(context.collection, std::move(change), context.calendar); });
    return result;
  }
  // The replay of a deck of 77,000 cards takes about a second: on the worker, as
  // doctor.rebuild's. Planned again there, in the worker's transaction: the deck may have changed
  // while the work waited behind other work. Not stopped when its client leaves, even before it
  // starts: a change asked for is stored, as a quick one is.
  protocol::DeckConfigResult queued = write_on_worker<protocol::DeckConfigResult>(
      context, Write{WriteKind::kRebuild, change.deck.id},
      bilingual("the collection is busy: deck {deck}'s cards are being recomputed for its new "
                "scheduler; nothing was changed, try again when it ends",
                "コレクションは使用中です: デッキ {deck} "
                "のカードを新しいスケジューラで計算し直しています。何も変更していません。終わって"
                "からもう一度試してください",
                {{"deck", change.deck.slug}}),
      [params, id = change.deck.id](Collection& collection, const WorkerStart& start,
                                    const ProgressReport& /*progress*/) {
        protocol::DeckConfigResult result;
        collection.write(Write{WriteKind::kRebuild, id}, [&] {
          result = store_change(collection, plan_change(collection, params), start.calendar);
        });
        return result;
      });
  context.later.stops_when_client_leaves = false;
  return queued;
}

}  // namespace

std::vector<Method> deck_methods() {
  return {method_row(protocol::kDeckList, list),
          method_row(protocol::kDeckImport, import_deck_request, /*takes_descriptor=*/true),
          method_row(protocol::kDeckExport, export_decks, /*takes_descriptor=*/true),
          method_row(protocol::kDeckConfig, config)};
}

}  // namespace kioku::daemon
