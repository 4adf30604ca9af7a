// deck.*: listing and importing decks.
#include "core/deck.hpp"
#include "daemon/importers/deck_importer.hpp"
#include "daemon/methods/json_helpers.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/review_queue.hpp"

namespace kioku::daemon {

namespace json = boost::json;

json::value handle_deck_list(const json::object& params, MethodContext& context) {
  const std::string language = language_param(params);
  const TimestampMs now = context.clock.now();
  const DueBounds bounds = due_bounds(now, context.calendar);
  const auto decks =
      queue_decks(context.collection, context.calendar.day_number(now), std::nullopt);
  json::array list;
  for (const QueueDeck& deck : decks) {
    const DueCounts counts = due_counts(context.collection, deck, bounds);
    json::object names;
    for (const auto& [code, name] : deck.deck.name) names[code] = name;
    list.push_back(json::object{{"id", deck.deck.slug},
                                {"name", pick_language(deck.deck.name, language)},
                                {"names", std::move(names)},
                                {"algorithm", deck.deck.algorithm},
                                {"cards", deck.deck.card_count},
                                {"due", counts.total()},
                                {"new", counts.new_cards},
                                {"learning", counts.learning},
                                {"review", counts.review}});
  }
  return json::object{{"decks", std::move(list)}};
}

json::value handle_deck_import(const json::object& params, MethodContext& context) {
  const std::string path = optional_string(params, "path").value_or("");
  if (path.empty() || path.front() != '/') {
    throw Error(ErrorCode::kInvalidParams,
                "parameter 'path' must be an absolute path, got \"" + path + "\"");
  }
  const ImportSummary summary = import_deck_file(context.collection, path, context.clock.now());
  return json::object{{"deck", summary.deck},
                      {"added", summary.added},
                      {"updated", summary.updated},
                      {"unchanged", summary.unchanged},
                      {"not_in_file", summary.not_in_file}};
}

}  // namespace kioku::daemon
