// kioku stats: today's reviews and the collection's totals.
#include <iostream>

#include "cli/commands.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

void show_stats(const protocol::StatsSummaryResult& stats) {
  std::cout << "Today: " << counted(stats.reviews_today, "review", "reviews") << ", "
            << stats.correct_today << " correct";
  if (stats.reviews_today > 0) {
    std::cout << " (" << stats.correct_today * 100 / stats.reviews_today << "%)";
  }
  std::cout << ", " << stats.new_today << " new, " << stats.time_today_ms / 1000 << " s\n"
            << "Streak: " << stats.streak_days << (stats.streak_days == 1 ? " day\n" : " days\n")
            << "Collection: " << counted(stats.cards, "card", "cards") << " in "
            << counted(stats.decks, "deck", "decks") << ", "
            << counted(stats.reviews_total, "review", "reviews") << " in all\n"
            << "Due now: " << stats.due.total << '\n';
}

}  // namespace

void add_stats_command(CLI::App& app, CliContext& context) {
  auto* command = app.add_subcommand("stats", "Show today's reviews, accuracy and streak");
  command->callback(
      [&context] { call_and_show(context, protocol::kStatsSummary, {}, show_stats); });
}

}  // namespace kioku::cli
