// kioku unbury [--deck ID]: brings back cards buried until tomorrow, at once.
#include <iostream>

#include "cli/commands.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;

void add_unbury_command(CLI::App& app, CliContext& context) {
  auto deck = std::make_shared<std::string>();
  auto* command = app.add_subcommand("unbury", "Bring back the cards buried until tomorrow");
  command->add_option("--deck", *deck, "only this deck");
  command->callback([&context, deck] {
    json::object params;
    if (!deck->empty()) params["deck"] = *deck;
    const json::value result = context.daemon().call(protocol::method::kReviewUnbury, params);
    if (context.json) {
      print_json(result);
      return;
    }
    std::cout << integer_field(result.as_object(), "unburied") << " cards unburied\n";
  });
}

}  // namespace kioku::cli
