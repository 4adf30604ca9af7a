// deck.*: listing, importing and configuring decks.
#include "core/anki_note_type.hpp"
#include "core/anki_text_notes.hpp"
#include "core/deck.hpp"
#include "core/deck_config.hpp"
#include "core/error.hpp"
#include "core/import_format.hpp"
#include "daemon/importers/anki_package_importer.hpp"
#include "daemon/importers/anki_text_importer.hpp"
#include "daemon/importers/deck_importer.hpp"
#include "daemon/importers/deck_source.hpp"
#include "daemon/methods/deck_export.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/rebuild.hpp"
#include "daemon/methods/review_queue.hpp"
#include "daemon/methods/wire_views.hpp"
#include "protocol/deck_types.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/paths.hpp"

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

// The fallback deck of an Anki text file: its name without folder and extension, as Anki
// suggests; a file with no name of its own goes to Anki's "Default".
std::string deck_of_file_name(const std::string& name) {
  if (name.empty() || name.front() != '/') return "Default";
  std::string base = name.substr(name.rfind('/') + 1);
  const std::size_t dot = base.rfind('.');
  if (dot != std::string::npos && dot > 0) base.resize(dot);
  return base.empty() ? "Default" : base;
}

// The file at `descriptor`, named `name`, by the importer its format takes.
ImportSummary import_by_format(int descriptor, const std::string& name,
                               const protocol::DeckImportParams& params, MethodContext& context) {
  const bool dry_run = params.dry_run.value_or(false);
  ImportFormat format = ImportFormat::kToml;
  if (params.format) {
    const std::optional<ImportFormat> named = parse_import_format(*params.format);
    if (!named) {
      throw Error(ErrorCode::kInvalidParams,
                  "parameter 'format' must be toml, anki-text or anki-package, got \"" +
                      *params.format + "\"");
    }
    format = *named;
  } else {
    format = import_format_of(name, peek_start(descriptor, 4096));
  }
  if (params.with_history.value_or(false) && format != ImportFormat::kAnkiPackage) {
    throw Error(ErrorCode::kInvalidParams,
                "parameter 'with_history' is for Anki packages; " + name + " is read as " +
                    (format == ImportFormat::kToml ? "a kioku TOML deck" : "an Anki text file") +
                    ", which holds no review log");
  }
  if (format == ImportFormat::kToml) {
    if (params.deck || params.kind || params.columns) {
      throw Error(ErrorCode::kInvalidParams,
                  "parameters 'deck', 'kind' and 'columns' are for Anki text files; " + name +
                      " is read as a kioku TOML deck (a .toml name, or its content)");
    }
    return import_deck_descriptor(context.collection, descriptor, name, context.clock.now(),
                                  dry_run, params.prune.value_or(false));
  }
  if (params.prune.value_or(false)) {
    // An Anki file is often part of a deck (selected notes, one subdeck), and a package's note
    // stays in the kioku deck it is in when Anki moved it: neither says which notes are gone.
    throw Error(ErrorCode::kInvalidParams,
                "parameter 'prune' is for kioku TOML decks; " + name +
                    " is read as an Anki file, which need not hold the whole deck");
  }
  if (format == ImportFormat::kAnkiPackage) {
    if (params.deck || params.kind || params.columns) {
      throw Error(ErrorCode::kInvalidParams,
                  "parameters 'deck', 'kind' and 'columns' are for Anki text files; " + name +
                      " is read as an Anki package, whose notes name their own decks and types");
    }
    AnkiPackageOptions package;
    package.language = checked_language(params.lang);
    package.with_history = params.with_history.value_or(false);
    package.calendar = context.calendar;
    // The collection's own directory (kiokud --data-dir), where its start-up looks for what an
    // interrupted import left; $XDG_DATA_HOME/kioku in-process, where there is no file.
    const std::string& collection = context.collection_path;
    package.data_directory = collection.empty() || collection.front() != '/'
                                 ? protocol::data_directory()
                                 : protocol::parent_directory(collection);
    return import_anki_package_descriptor(context.collection, descriptor, name, package, dry_run,
                                          context.clock.now());
  }
  AnkiTextOptions options;
  options.deck = params.deck.value_or("");
  if (params.kind) {
    options.kind = kind_of_anki_note_type(*params.kind);
    if (!options.kind) {
      throw Error(ErrorCode::kInvalidParams, "parameter 'kind': \"" + *params.kind +
                                                 "\" is not a kind kioku imports; " +
                                                 std::string(anki_note_types_read()));
    }
  }
  options.columns = params.columns.value_or(std::vector<std::string>{});
  options.language = checked_language(params.lang);
  options.fallback_deck = deck_of_file_name(name);
  return import_anki_text_descriptor(context.collection, descriptor, name, options, dry_run,
                                     context.clock.now());
}

// The deck file the request names: the descriptor passed with it (`fd`), or `path`.
ImportSummary import_requested_file(const protocol::DeckImportParams& params,
                                    MethodContext& context) {
  protocol::UniqueFd* passed = context.passed_descriptor;
  const bool descriptor_passed = passed != nullptr && *passed;
  if (params.fd && params.path) {
    throw Error(ErrorCode::kInvalidParams, "give 'fd' or 'path', not both");
  }
  if (!params.fd && !params.path) {
    throw Error(ErrorCode::kInvalidParams,
                "deck.import needs 'fd' (a file passed with the request) or 'path'");
  }
  if (params.fd) {
    if (*params.fd != 0) {
      throw Error(ErrorCode::kInvalidParams,
                  "parameter 'fd' must be 0, the one descriptor passed with the request");
    }
    if (!descriptor_passed) {
      throw Error(ErrorCode::kInvalidParams,
                  "parameter 'fd' names a passed file, but no descriptor came with this request "
                  "(pass it with SCM_RIGHTS in the sendmsg that sends the request line)");
    }
    const std::string shown = params.name.value_or("");
    return import_by_format(passed->get(), shown.empty() ? std::string("passed file") : shown,
                            params, context);
  }
  if (descriptor_passed) {
    throw Error(ErrorCode::kInvalidParams,
                "a file descriptor was passed with deck.import but 'fd' was not given; it was "
                "closed");
  }
  if (params.name) {
    throw Error(ErrorCode::kInvalidParams, "parameter 'name' goes with 'fd', not 'path'");
  }
  const std::string& path = *params.path;
  if (path.empty() || path.front() != '/') {
    throw Error(ErrorCode::kInvalidParams,
                "parameter 'path' must be an absolute path, got \"" + path + "\"");
  }
  const protocol::UniqueFd file = open_regular_deck(path);
  return import_by_format(file.get(), path, params, context);
}

protocol::DeckImportResult import(const protocol::DeckImportParams& params,
                                  MethodContext& context) {
  const ImportSummary summary = import_requested_file(params, context);
  return protocol::DeckImportResult{.deck = summary.deck,
                                    .added = summary.added,
                                    .updated = summary.updated,
                                    .unchanged = summary.unchanged,
                                    .not_in_file = summary.not_in_file,
                                    .retired = summary.retired,
                                    .suspended = summary.suspended,
                                    .media = summary.media,
                                    .pruned = summary.pruned,
                                    .restored = summary.restored,
                                    .cards_with_history = summary.cards_with_history,
                                    .imported_answers = summary.imported_answers};
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
      throw Error(ErrorCode::kInvalidParams,
                  "parameter 'expect': option '" + std::string(name) + "' must be a string");
    }
    DeckOptions wanted = now;
    set_deck_option(wanted, name, value.as_string());
    const std::string current = deck_option_text(now, name);
    if (deck_option_text(wanted, name) != current) {
      throw protocol::ErrorWithData(ErrorCode::kConflict,
                                    "deck " + deck.slug + "'s option '" + std::string(name) +
                                        "' is now '" + current +
                                        "', not the one expected: nothing was changed",
                                    {{"option", std::string(name)}, {"current", current}});
    }
  }
}

protocol::DeckConfigResult config(const protocol::DeckConfigParams& params,
                                  MethodContext& context) {
  DeckRow deck = context.collection.decks().require(params.deck);
  if (params.expect) check_expected_options(deck, *params.expect);
  protocol::DeckConfigResult result;
  result.deck = deck.slug;
  if (params.set) {
    std::string options_json = deck.options_json;
    // Check every change before storing any, so a bad one leaves the deck as it was.
    for (const auto& [name, value] : *params.set) {
      if (!value.is_string()) {
        throw Error(ErrorCode::kInvalidParams,
                    "option '" + std::string(name) + "' must be given as a string");
      }
      options_json = with_option(options_json, name, std::string(value.as_string()));
      result.changed.emplace_back(name);
    }
    const DeckOptions before = deck_options_from_json(deck.options_json);
    const DeckOptions after = deck_options_from_json(options_json);
    // The options and the recomputed cards are one write: a failure midway leaves neither.
    context.collection.write([&] {
      context.collection.decks().set_options(deck.id, options_json,
                                             std::string(to_string(after.algorithm)));
      // FSRS's parameters are its model of the learner: the cards' memory states are what the
      // new ones give for the same answers, as a replay would find them (docs/fsrs-optimizer.md).
      const bool new_model =
          after.algorithm == Algorithm::kFsrs && after.fsrs_weights != before.fsrs_weights;
      if (after.algorithm != before.algorithm || new_model) {
        result.recomputed =
            rebuild_view(rebuild_deck(context.collection, deck.id, after, context.calendar));
      }
    });
    deck.options_json = options_json;
  }
  result.options = option_views(deck_options_from_json(deck.options_json));
  return result;
}

}  // namespace

std::vector<Method> deck_methods() {
  return {method_row(protocol::kDeckList, list),
          method_row(protocol::kDeckImport, import, /*takes_descriptor=*/true),
          method_row(protocol::kDeckExport, export_decks, /*takes_descriptor=*/true),
          method_row(protocol::kDeckConfig, config)};
}

}  // namespace kioku::daemon
