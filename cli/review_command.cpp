// kioku review [--deck ID] [--no-shuffle] [--limit N]
#include <limits>

#include "cli/commands.hpp"
#include "cli/review_session.hpp"

namespace kioku::cli {

void add_review_command(CLI::App& app, CliContext& context, int& exit_code) {
  auto options = std::make_shared<ReviewOptions>();
  auto* command = app.add_subcommand("review", "Review the cards due now");
  command->add_option_function<std::string>(
      "--deck", [options](const std::string& deck) { options->deck = deck; },
      "only this deck (its id, from `kioku decks`)");
  command->add_flag_function(
      "--no-shuffle", [options](std::int64_t) { options->shuffle = false; },
      "show choices in the deck's order (stable numbering for scripts)");
  command
      ->add_option_function<int>(
          "--limit", [options](int limit) { options->limit = limit; }, "stop after this many cards")
      // Not CLI::PositiveNumber: its message spells out the range of a double, 300 digits long.
      ->check(CLI::Range(1, std::numeric_limits<int>::max()));
  command->callback([&context, &exit_code, options] { exit_code = run_review(context, *options); });
}

}  // namespace kioku::cli
