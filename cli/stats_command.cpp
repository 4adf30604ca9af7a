// kioku stats: today's reviews and the collection's totals.
#include <iostream>

#include "cli/commands.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

void show_stats(const json::object& stats) {
  const std::int64_t reviews = integer_field(stats, "reviews_today");
  const std::int64_t correct = integer_field(stats, "correct_today");
  std::cout << "Today: " << counted(reviews, "review", "reviews") << ", " << correct << " correct";
  if (reviews > 0) std::cout << " (" << correct * 100 / reviews << "%)";
  std::cout << ", " << integer_field(stats, "new_today") << " new, "
            << integer_field(stats, "time_today_ms") / 1000 << " s\n"
            << "Streak: " << integer_field(stats, "streak_days")
            << (integer_field(stats, "streak_days") == 1 ? " day\n" : " days\n")
            << "Collection: " << counted(integer_field(stats, "cards"), "card", "cards") << " in "
            << counted(integer_field(stats, "decks"), "deck", "decks") << ", "
            << counted(integer_field(stats, "reviews_total"), "review", "reviews") << " in all\n"
            << "Due now: " << integer_field(stats.at("due").as_object(), "total") << '\n';
}

}  // namespace

void add_stats_command(CLI::App& app, CliContext& context) {
  auto* command = app.add_subcommand("stats", "Show today's reviews, accuracy and streak");
  command->callback(
      [&context] { call_and_show(context, protocol::method::kStatsSummary, {}, show_stats); });
}

}  // namespace kioku::cli
