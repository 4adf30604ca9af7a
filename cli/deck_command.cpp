// kioku deck config DECK [key=value ...]: show or change a deck's options.
#include <ostream>

#include "cli/commands.hpp"
#include "cli/maintenance_messages.hpp"
#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct ConfigArgs {
  std::string deck;
  std::vector<std::string> settings;  // key=value
};

// The options one per line, their values in a column, each default beside a changed value.
void print_deck_config(const protocol::DeckConfigResult& result, const MaintenanceMessages& words,
                       std::ostream& out) {
  if (const auto& recomputed = result.recomputed) {
    out << fill_in(recomputed->cards == 1 ? words.recomputed_one : words.recomputed_many,
                   {{"count", std::to_string(recomputed->cards)},
                    {"changed", std::to_string(recomputed->changed)}})
        << '\n';
  }
  int width = 0;
  for (const protocol::DeckOption& option : result.options) {
    width = std::max(width, display_width(safe_line(option.name)));
  }
  for (const protocol::DeckOption& option : result.options) {
    const std::string option_name = safe_line(option.name);
    const std::string value = safe_line(option.value);
    const std::string fallback = safe_line(option.default_);
    out << pad_after(option_name, width + 2) << (value.empty() ? "\"\"" : value);
    if (value != fallback) {
      out << "   "
          << fill_in(words.default_value, {{"value", fallback.empty() ? "\"\"" : fallback}});
    }
    out << '\n';
  }
}

// The params of deck.config: the deck, and the options to change.
boost::json::object config_params(const ConfigArgs& args, const MaintenanceMessages& words) {
  boost::json::object params{{"deck", args.deck}};
  if (args.settings.empty()) return params;
  boost::json::object changes;
  for (const std::string& assignment : args.settings) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw Error(ErrorCode::kInvalidParams,
                  fill_in(words.expected_key_value, {{"text", assignment}}));
    }
    changes[assignment.substr(0, equals)] = assignment.substr(equals + 1);
  }
  params["set"] = std::move(changes);
  return params;
}

}  // namespace

CommandGroup deck_commands() {
  return {noun(
      "deck", {"Deck settings", "デッキの設定"},
      {Command<ConfigArgs>("config", {"Show a deck's options, or set them with key=value",
                                      "デッキのオプションを表示する。key=value で変更もできる"})
           .option(&ConfigArgs::deck, "DECK",
                   {"the deck's id (see kioku decks)", "デッキの ID（kioku decks で確認）"},
                   required())
           .option(&ConfigArgs::settings, "SETTINGS",
                   {"options to change, as key=value", "変更するオプション（key=value）"})
           .shows(protocol::kDeckConfig,
                  [](const protocol::DeckConfigResult& result, std::ostream& out) {
                    print_deck_config(result, maintenance_messages_for("en"), out);
                  })
           .runs([](CliContext& context, const ConfigArgs& args) {
             const MaintenanceMessages& words = maintenance_messages_for(context.language);
             call_and_show(context, protocol::kDeckConfig, config_params(args, words),
                           [&](const protocol::DeckConfigResult& result, std::ostream& out) {
                             print_deck_config(result, words, out);
                           });
           })})};
}

}  // namespace kioku::cli
