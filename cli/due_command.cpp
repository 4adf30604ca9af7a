// kioku due: how many cards to study now.
#include <ostream>

#include "cli/commands.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct DueArgs {
  std::string deck;
};

void print_due_counts(const protocol::DueCountsResult& counts, std::ostream& out) {
  out << counts.total << " due (" << counts.new_ << " new, " << counts.learning << " learning, "
      << counts.review << " review)\n";
}

}  // namespace

CommandGroup due_commands() {
  return {Command<DueArgs>("due", "Count the cards due now")
              .option(&DueArgs::deck, "--deck", "only this deck")
              .shows(protocol::kDueCounts, print_due_counts)
              .runs([](CliContext& context, const DueArgs& args) {
                call_and_show(context, protocol::kDueCounts, deck_params(args.deck),
                              print_due_counts);
              })};
}

}  // namespace kioku::cli
