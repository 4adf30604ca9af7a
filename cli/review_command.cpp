// kioku review [--deck ID] [--no-shuffle] [--limit N]
#include <limits>

#include "cli/commands.hpp"
#include "cli/review_session.hpp"

namespace kioku::cli {

CommandGroup review_commands() {
  return {Command<ReviewOptions>("review", "Review the cards due now")
              .option(&ReviewOptions::deck, "--deck", "only this deck (its id, from `kioku decks`)")
              .flag(&ReviewOptions::shuffle, "--no-shuffle",
                    "show choices in the deck's order (stable numbering for scripts)", false)
              // Not CLI::PositiveNumber: its message spells out the range of a double, 300 digits
              // long.
              .option(&ReviewOptions::limit, "--limit", "stop after this many cards",
                      between(1, std::numeric_limits<int>::max()))
              .runs(run_review)};
}

}  // namespace kioku::cli
