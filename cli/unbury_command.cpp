// kioku unbury [--deck ID]: brings back cards buried until tomorrow, at once.
#include <ostream>

#include "cli/commands.hpp"
#include "cli/messages.hpp"
#include "cli/overview_messages.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct UnburyArgs {
  std::string deck;
};

void print_unburied(const protocol::ReviewUnburyResult& result, const OverviewMessages& words,
                    std::ostream& out) {
  out << fill_in_count(result.unburied, words.unburied_one, words.unburied_many) << '\n';
}

}  // namespace

CommandGroup unbury_commands() {
  return {Command<UnburyArgs>("unbury", {"Bring back the cards buried until tomorrow",
                                         "明日まで延期したカードを今すぐ戻す"})
              .option(&UnburyArgs::deck, "--deck", {"only this deck", "このデッキだけ"})
              .shows(protocol::kReviewUnbury,
                     [](const protocol::ReviewUnburyResult& result, std::ostream& out) {
                       print_unburied(result, overview_messages_for("en"), out);
                     })
              .runs([](CliContext& context, const UnburyArgs& args) {
                call_and_show(context, protocol::kReviewUnbury, deck_params(args.deck),
                              [&](const protocol::ReviewUnburyResult& result, std::ostream& out) {
                                print_unburied(result, overview_messages_for(context.language),
                                               out);
                              });
              })};
}

}  // namespace kioku::cli
