// kioku due: how many cards to study now.
#include <iostream>

#include "cli/commands.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

void add_due_command(CLI::App& app, CliContext& context) {
  auto deck = std::make_shared<std::string>();
  auto* command = app.add_subcommand("due", "Count the cards due now");
  command->add_option("--deck", *deck, "only this deck");
  command->callback([&context, deck] {
    call_and_show(context, protocol::kDueCounts, deck_params(*deck),
                  [](const protocol::DueCountsResult& counts) {
                    std::cout << counts.total << " due (" << counts.new_ << " new, "
                              << counts.learning << " learning, " << counts.review << " review)\n";
                  });
  });
}

}  // namespace kioku::cli
