// kioku due: how many cards to study now.
#include <ostream>

#include "cli/commands.hpp"
#include "cli/messages.hpp"
#include "cli/overview_messages.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct DueArgs {
  std::string deck;
};

void print_due_counts(const protocol::DueCountsResult& counts, const OverviewMessages& words,
                      std::ostream& out) {
  out << fill_in(words.due_counts, {{"total", std::to_string(counts.total)},
                                    {"new", std::to_string(counts.new_)},
                                    {"learning", std::to_string(counts.learning)},
                                    {"review", std::to_string(counts.review)}})
      << '\n';
}

}  // namespace

CommandGroup due_commands() {
  return {Command<DueArgs>("due", {"Count the cards due now", "今復習するカードの数を表示"})
              .option(&DueArgs::deck, "--deck", {"only this deck", "このデッキだけ"})
              .shows(protocol::kDueCounts,
                     [](const protocol::DueCountsResult& counts, std::ostream& out) {
                       print_due_counts(counts, overview_messages_for("en"), out);
                     })
              .runs([](CliContext& context, const DueArgs& args) {
                call_and_show(context, protocol::kDueCounts, deck_params(args.deck),
                              [&](const protocol::DueCountsResult& counts, std::ostream& out) {
                                print_due_counts(counts, overview_messages_for(context.language),
                                                 out);
                              });
              })};
}

}  // namespace kioku::cli
