// deck.*: listing and importing decks.
#include "core/deck.hpp"
#include "core/deck_config.hpp"
#include "core/error.hpp"
#include "daemon/importers/deck_importer.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/json_helpers.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/rebuild.hpp"
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
                                {"cards", context.collection.cards().count_in_deck(deck.deck.id)},
                                {"due", counts.total()},
                                {"new", counts.new_cards},
                                {"learning", counts.all_learning()},
                                {"review", counts.review}});
  }
  return json::object{{"decks", std::move(list)}};
}

namespace {

// The deck file the request names: the descriptor passed with it (`fd`), or `path`.
ImportSummary import_requested_file(const json::object& params, MethodContext& context) {
  const std::optional<std::int64_t> fd = optional_integer(params, "fd");
  const std::optional<std::string> path = optional_string(params, "path");
  const std::optional<std::string> name = optional_string(params, "name");
  protocol::UniqueFd* passed = context.passed_descriptor;
  const bool descriptor_passed = passed != nullptr && *passed;
  if (fd && path) throw Error(ErrorCode::kInvalidParams, "give 'fd' or 'path', not both");
  if (!fd && !path) {
    throw Error(ErrorCode::kInvalidParams,
                "deck.import needs 'fd' (a file passed with the request) or 'path'");
  }
  if (fd) {
    if (*fd != 0) {
      throw Error(ErrorCode::kInvalidParams,
                  "parameter 'fd' must be 0, the one descriptor passed with the request");
    }
    if (!descriptor_passed) {
      throw Error(ErrorCode::kInvalidParams,
                  "parameter 'fd' names a passed file, but no descriptor came with this request "
                  "(pass it with SCM_RIGHTS in the sendmsg that sends the request line)");
    }
    const std::string shown = name.value_or("");
    return import_deck_descriptor(context.collection, passed->get(),
                                  shown.empty() ? std::string("passed file") : shown,
                                  context.clock.now());
  }
  if (descriptor_passed) {
    throw Error(ErrorCode::kInvalidParams,
                "a file descriptor was passed with deck.import but 'fd' was not given; it was "
                "closed");
  }
  if (name) throw Error(ErrorCode::kInvalidParams, "parameter 'name' goes with 'fd', not 'path'");
  if (path->empty() || path->front() != '/') {
    throw Error(ErrorCode::kInvalidParams,
                "parameter 'path' must be an absolute path, got \"" + *path + "\"");
  }
  return import_deck_file(context.collection, *path, context.clock.now());
}

}  // namespace

json::value handle_deck_import(const json::object& params, MethodContext& context) {
  const ImportSummary summary = import_requested_file(params, context);
  return json::object{{"deck", summary.deck},
                      {"added", summary.added},
                      {"updated", summary.updated},
                      {"unchanged", summary.unchanged},
                      {"not_in_file", summary.not_in_file}};
}

}  // namespace kioku::daemon

namespace kioku::daemon {

namespace {

json::array options_to_json(const DeckOptions& options) {
  const DeckOptions defaults;
  json::array list;
  for (const DeckOptionSpec& spec : deck_option_specs()) {
    list.push_back(json::object{{"name", spec.name},
                                {"value", deck_option_text(options, spec.name)},
                                {"default", deck_option_text(defaults, spec.name)},
                                {"allowed", spec.allowed},
                                {"help", spec.help}});
  }
  return list;
}

json::object report_to_json(const RebuildReport& report) {
  json::array changed;
  for (const std::int64_t card : report.changed_cards) changed.emplace_back(card);
  return json::object{
      {"cards", report.cards}, {"changed", report.changed}, {"changed_cards", std::move(changed)}};
}

}  // namespace

json::value handle_deck_config(const json::object& params, MethodContext& context) {
  const std::string slug = optional_string(params, "deck").value_or("");
  DeckRow deck = context.collection.decks().require(slug);
  json::object result{{"deck", deck.slug}};
  json::array changed;
  if (const json::value* changes = params.if_contains("set")) {
    std::string options_json = deck.options_json;
    // Check every change before storing any, so a bad one leaves the deck as it was.
    for (const auto& [name, value] : changes->as_object()) {
      if (!value.is_string()) {
        throw Error(ErrorCode::kInvalidParams,
                    "option '" + std::string(name) + "' must be given as a string");
      }
      options_json = with_option(options_json, name, std::string(value.as_string()));
      changed.emplace_back(name);
    }
    const DeckOptions before = deck_options_from_json(deck.options_json);
    const DeckOptions after = deck_options_from_json(options_json);
    // The options and the recomputed cards are one write: a failure midway leaves neither.
    context.collection.write([&] {
      context.collection.decks().set_options(deck.id, options_json,
                                             std::string(to_string(after.algorithm)));
      if (after.algorithm != before.algorithm) {
        result["recomputed"] =
            report_to_json(rebuild_deck(context.collection, deck.id, after, context.calendar));
      }
    });
    deck.options_json = options_json;
  }
  result["changed"] = std::move(changed);
  result["options"] = options_to_json(deck_options_from_json(deck.options_json));
  return result;
}

json::value handle_doctor_rebuild(const json::object& params, MethodContext& context) {
  const auto decks = queue_decks(context.collection, 0, optional_string(params, "deck"));
  json::array per_deck;
  std::int64_t cards = 0;
  std::int64_t changed = 0;
  // Every deck in one write, so that an error reply means nothing was rebuilt.
  context.collection.write([&] {
    for (const QueueDeck& deck : decks) {
      const RebuildReport report =
          rebuild_deck(context.collection, deck.deck.id, deck.options, context.calendar);
      cards += report.cards;
      changed += report.changed;
      json::object entry = report_to_json(report);
      entry["deck"] = deck.deck.slug;
      per_deck.push_back(std::move(entry));
    }
  });
  return json::object{{"cards", cards}, {"changed", changed}, {"decks", std::move(per_deck)}};
}

}  // namespace kioku::daemon
