// kioku unbury [--deck ID]: brings back cards buried until tomorrow, at once.
#include <ostream>

#include "cli/commands.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct UnburyArgs {
  std::string deck;
};

void print_unburied(const protocol::ReviewUnburyResult& result, std::ostream& out) {
  out << counted(result.unburied, "card", "cards") << " unburied\n";
}

}  // namespace

CommandGroup unbury_commands() {
  return {Command<UnburyArgs>("unbury", "Bring back the cards buried until tomorrow")
              .option(&UnburyArgs::deck, "--deck", "only this deck")
              .shows(protocol::kReviewUnbury, print_unburied)
              .runs([](CliContext& context, const UnburyArgs& args) {
                call_and_show(context, protocol::kReviewUnbury, deck_params(args.deck),
                              print_unburied);
              })};
}

}  // namespace kioku::cli
