// kioku due: how many cards to study now.
#include <iostream>

#include "cli/commands.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;

void add_due_command(CLI::App& app, CliContext& context) {
  auto deck = std::make_shared<std::string>();
  auto* command = app.add_subcommand("due", "Count the cards due now");
  command->add_option("--deck", *deck, "only this deck");
  command->callback([&context, deck] {
    json::object params;
    if (!deck->empty()) params["deck"] = *deck;
    const json::value result = context.daemon().call(protocol::method::kDueCounts, params);
    if (context.json) {
      print_json(result);
      return;
    }
    const json::object& counts = result.as_object();
    std::cout << integer_field(counts, "total") << " due (" << integer_field(counts, "new")
              << " new, " << integer_field(counts, "learning") << " learning, "
              << integer_field(counts, "review") << " review)\n";
  });
}

}  // namespace kioku::cli
