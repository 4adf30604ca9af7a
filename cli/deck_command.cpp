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
void show_deck_config(const protocol::DeckConfigResult& result) {
  if (const auto& recomputed = result.recomputed) {
    std::cout << "Algorithm changed: recomputed " << recomputed->cards
              << (recomputed->cards == 1 ? " card from its history ("
                                         : " cards from their history (")
              << recomputed->changed << " changed)\n";
  }
  int width = 0;
  for (const protocol::DeckOption& option : result.options) {
    width = std::max(width, display_width(safe_line(option.name)));
  }
  for (const protocol::DeckOption& option : result.options) {
    const std::string option_name = safe_line(option.name);
    const std::string value = safe_line(option.value);
    const std::string fallback = safe_line(option.default_);
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
    call_and_show(context, protocol::kDeckConfig, std::move(params), show_deck_config);
  });
}

namespace {

// `kioku doctor`: the daemon's integrity check. Damage is an error (exit code 1) whose line
// says what to do; the problems SQLite found go to stdout first.
void check_collection(CliContext& context) {
  const json::value reply = context.daemon().call(protocol::kDoctorCheck.name);
  if (context.json) print_json(reply);
  const auto result =
      protocol::decode_result<protocol::DoctorCheckResult>(protocol::kDoctorCheck.name, reply);
  const std::string path = safe_line(result.path);
  if (result.ok) {
    if (context.json) return;
    std::cout << "The collection " << path << " is intact\n";
    if (result.warnings) {
      for (const std::string& warning : *result.warnings) {
        std::cout << "warning: " << safe_line(warning) << '\n';
      }
    }
    return;
  }
  if (!context.json) {
    for (const std::string& problem : result.problems) std::cout << safe_line(problem) << '\n';
  }
  throw Error(ErrorCode::kStorage,
              "SQLite found " + std::to_string(result.problems.size()) +
                  (result.problems.size() == 1 ? " problem: " : " problems: ") +
                  result.advice.value_or("restore a backup"));
}

// What `kioku doctor --rebuild` changed: the totals, then the fixed cards of each deck.
void show_rebuild(const protocol::DoctorRebuildResult& result) {
  std::cout << "Replayed " << result.cards
            << (result.cards == 1 ? " card from its review log: "
                                  : " cards from their review logs: ")
            << result.changed
            << (result.changed == 1 ? " differed from the stored state and was fixed\n"
                                    : " differed from the stored state and were fixed\n");
  for (const protocol::DeckRebuild& entry : result.decks) {
    if (entry.changed == 0) continue;
    std::cout << "  " << safe_line(entry.deck) << ": cards";
    for (const std::int64_t card : entry.changed_cards) std::cout << ' ' << card;
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
    call_and_show(context, protocol::kDoctorRebuild, deck_params(*deck), show_rebuild);
  });
}

}  // namespace kioku::cli
