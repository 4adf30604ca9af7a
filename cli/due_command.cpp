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
    call_and_show(
        context, protocol::method::kDueCounts, deck_params(*deck), [](const json::object& counts) {
          std::cout << integer_field(counts, "total") << " due (" << integer_field(counts, "new")
                    << " new, " << integer_field(counts, "learning") << " learning, "
                    << integer_field(counts, "review") << " review)\n";
        });
  });
}

}  // namespace kioku::cli
