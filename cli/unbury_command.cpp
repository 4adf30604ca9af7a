// kioku unbury [--deck ID]: brings back cards buried until tomorrow, at once.
#include <iostream>

#include "cli/commands.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

void add_unbury_command(CLI::App& app, CliContext& context) {
  auto deck = std::make_shared<std::string>();
  auto* command = app.add_subcommand("unbury", "Bring back the cards buried until tomorrow");
  command->add_option("--deck", *deck, "only this deck");
  command->callback([&context, deck] {
    call_and_show(context, protocol::kReviewUnbury, deck_params(*deck),
                  [](const protocol::ReviewUnburyResult& result) {
                    std::cout << counted(result.unburied, "card", "cards") << " unburied\n";
                  });
  });
}

}  // namespace kioku::cli
