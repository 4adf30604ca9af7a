// kioku stats: today's reviews and the collection's totals.
#include <ostream>

#include "cli/commands.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

void print_stats(const protocol::StatsSummaryResult& stats, std::ostream& out) {
  out << "Today: " << counted(stats.reviews_today, "review", "reviews") << ", "
      << stats.correct_today << " correct";
  if (stats.reviews_today > 0) {
    out << " (" << stats.correct_today * 100 / stats.reviews_today << "%)";
  }
  out << ", " << stats.new_today << " new, " << stats.time_today_ms / 1000 << " s\n"
      << "Streak: " << stats.streak_days << (stats.streak_days == 1 ? " day\n" : " days\n")
      << "Collection: " << counted(stats.cards, "card", "cards") << " in "
      << counted(stats.decks, "deck", "decks") << ", "
      << counted(stats.reviews_total, "review", "reviews") << " in all\n"
      << "Due now: " << stats.due.total << '\n';
}

}  // namespace

CommandGroup stats_commands() {
  return {Command<>("stats", "Show today's reviews, accuracy and streak")
              .shows(protocol::kStatsSummary, print_stats)
              .runs([](CliContext& context, const NoArgs&) {
                call_and_show(context, protocol::kStatsSummary, {}, print_stats);
              })};
}

}  // namespace kioku::cli
