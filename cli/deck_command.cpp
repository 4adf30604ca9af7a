// kioku deck config DECK [key=value ...]: show or change a deck's options.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

// The options one per line, their values in a column, each default beside a changed value.
void show_deck_config(const json::object& object) {
  if (const json::value* recomputed = object.if_contains("recomputed")) {
    const std::int64_t cards = integer_field(recomputed->as_object(), "cards");
    std::cout << "Algorithm changed: recomputed " << cards
              << (cards == 1 ? " card from its history (" : " cards from their history (")
              << integer_field(recomputed->as_object(), "changed") << " changed)\n";
  }
  int width = 0;
  for (const json::value& option : object.at("options").as_array()) {
    width = std::max(width, display_width(safe_line(option.at("name").as_string())));
  }
  for (const json::value& option : object.at("options").as_array()) {
    const std::string option_name = safe_line(option.at("name").as_string());
    const std::string value = safe_line(option.at("value").as_string());
    const std::string fallback = safe_line(option.at("default").as_string());
    std::cout << option_name
              << std::string(static_cast<std::size_t>(width - display_width(option_name)) + 2, ' ')
              << (value.empty() ? "\"\"" : value);
    if (value != fallback)
      std::cout << "   (default " << (fallback.empty() ? "\"\"" : fallback) << ")";
    std::cout << '\n';
  }
}

}  // namespace

void add_deck_command(CLI::App& app, CliContext& context) {
  auto* deck = app.add_subcommand("deck", "Deck settings");
  deck->require_subcommand(1);
  auto* config =
      deck->add_subcommand("config", "Show a deck's options, or set them with key=value");
  auto name = std::make_shared<std::string>();
  auto assignments = std::make_shared<std::vector<std::string>>();
  config->add_option("DECK", *name, "the deck's id (see kioku decks)")->required();
  config->add_option("SETTINGS", *assignments, "options to change, as key=value");
  config->callback([&context, name, assignments] {
    json::object params{{"deck", *name}};
    if (!assignments->empty()) {
      json::object changes;
      for (const std::string& assignment : *assignments) {
        const auto equals = assignment.find('=');
        if (equals == std::string::npos || equals == 0) {
          throw Error(ErrorCode::kInvalidParams, "expected key=value, got '" + assignment + "'");
        }
        changes[assignment.substr(0, equals)] = assignment.substr(equals + 1);
      }
      params["set"] = std::move(changes);
    }
    call_and_show(context, protocol::method::kDeckConfig, std::move(params), show_deck_config);
  });
}

namespace {

// `kioku doctor`: the daemon's integrity check. Damage is an error (exit code 1) whose line
// says what to do; the problems SQLite found go to stdout first.
void check_collection(CliContext& context) {
  const json::value result = context.daemon().call(protocol::method::kDoctorCheck);
  if (context.json) print_json(result);
  const json::object& object = result.as_object();
  const std::string path = safe_line(object.at("path").as_string());
  if (object.at("ok").as_bool()) {
    if (context.json) return;
    std::cout << "The collection " << path << " is intact\n";
    // An older kiokud sends no warnings.
    if (const json::value* warnings = object.if_contains("warnings");
        warnings && warnings->is_array()) {
      for (const json::value& warning : warnings->as_array()) {
        if (warning.is_string())
          std::cout << "warning: " << std::string(warning.as_string()) << '\n';
      }
    }
    return;
  }
  const json::array& problems = object.at("problems").as_array();
  if (!context.json) {
    for (const json::value& problem : problems) std::cout << safe_line(problem.as_string()) << '\n';
  }
  throw Error(ErrorCode::kStorage, "SQLite found " + std::to_string(problems.size()) +
                                       (problems.size() == 1 ? " problem: " : " problems: ") +
                                       std::string(object.at("advice").as_string()));
}

// What `kioku doctor --rebuild` changed: the totals, then the fixed cards of each deck.
void show_rebuild(const json::object& object) {
  const std::int64_t cards = integer_field(object, "cards");
  const std::int64_t changed = integer_field(object, "changed");
  std::cout << "Replayed " << cards
            << (cards == 1 ? " card from its review log: " : " cards from their review logs: ")
            << changed
            << (changed == 1 ? " differed from the stored state and was fixed\n"
                             : " differed from the stored state and were fixed\n");
  for (const json::value& entry : object.at("decks").as_array()) {
    if (integer_field(entry.as_object(), "changed") == 0) continue;
    std::cout << "  " << safe_line(entry.at("deck").as_string()) << ": cards";
    for (const json::value& card : entry.at("changed_cards").as_array()) {
      std::cout << ' ' << safe_json(json::serialize(card));
    }
    std::cout << '\n';
  }
}

}  // namespace

void add_doctor_command(CLI::App& app, CliContext& context) {
  auto* doctor = app.add_subcommand(
      "doctor", "Check the collection for damage; --rebuild replays every review log");
  auto rebuild = std::make_shared<bool>(false);
  auto deck = std::make_shared<std::string>();
  doctor->add_flag("--rebuild", *rebuild, "recompute every card's state from its review log");
  const CLI::Option* deck_option =
      doctor->add_option("--deck", *deck, "only this deck (with --rebuild)");
  doctor->callback([&context, rebuild, deck, deck_option] {
    // The integrity check covers the whole collection: a deck there would be silently ignored.
    if (!*rebuild && deck_option->count() > 0) {
      throw Error(ErrorCode::kInvalidParams,
                  "--deck applies only with --rebuild (kioku doctor checks the whole collection)");
    }
    if (!*rebuild) {
      check_collection(context);
      return;
    }
    call_and_show(context, protocol::method::kDoctorRebuild, deck_params(*deck), show_rebuild);
  });
}

}  // namespace kioku::cli
