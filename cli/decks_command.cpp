// kioku decks: the decks with their card and due counts.
#include <iomanip>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

std::string pad(const std::string& text, int width) {
  return text +
         std::string(static_cast<std::size_t>(std::max(0, width - display_width(text))), ' ');
}

}  // namespace

void add_decks_command(CLI::App& app, CliContext& context) {
  auto* command = app.add_subcommand("decks", "List decks with card and due counts");
  command->callback([&context] {
    const json::value result = context.daemon().call(protocol::method::kDeckList,
                                                     json::object{{"lang", context.language}});
    const json::array& decks = result.as_object().at("decks").as_array();
    if (context.json) {
      print_json(decks);
      return;
    }
    if (decks.empty()) {
      std::cout << "No decks yet. Import one with: kioku import FILE\n";
      return;
    }
    // Ids and names as the terminal shows them, so that the columns are measured on that.
    const auto shown = [](const json::value& deck, const char* key) {
      return safe_line(deck.at(key).as_string());
    };
    int id_width = 4;
    int name_width = 4;
    for (const json::value& deck : decks) {
      id_width = std::max(id_width, display_width(shown(deck, "id")));
      name_width = std::max(name_width, display_width(shown(deck, "name")));
    }
    std::cout << pad("ID", id_width) << "  " << pad("NAME", name_width)
              << "  CARDS    DUE    NEW  LEARN  REVIEW\n";
    for (const json::value& value : decks) {
      const json::object& deck = value.as_object();
      std::cout << pad(shown(value, "id"), id_width) << "  "
                << pad(shown(value, "name"), name_width) << std::setw(7)
                << integer_field(deck, "cards") << std::setw(7) << integer_field(deck, "due")
                << std::setw(7) << integer_field(deck, "new") << std::setw(7)
                << integer_field(deck, "learning") << std::setw(8) << integer_field(deck, "review")
                << '\n';
    }
  });
}

}  // namespace kioku::cli
