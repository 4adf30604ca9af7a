// kioku stats: today's reviews and the collection's totals; kioku history: the answers of each
// of the last days.
#include <iomanip>
#include <optional>
#include <ostream>
#include <string_view>

#include "cli/commands.hpp"
#include "cli/terminal/text_width.hpp"
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

struct HistoryArgs {
  std::optional<int> days;
};

// The history table's words; the numbers and dates are the same in both languages.
struct HistoryWords {
  std::string_view date, reviews, correct, new_cards, time, total, none;
};

const HistoryWords& history_words(std::string_view language) {
  static const HistoryWords english{
      "Date", "Reviews", "Correct", "New", "Time", "Total", "No answers in these days."};
  static const HistoryWords japanese{
      "日付", "復習", "正解", "新規", "時間", "合計", "この期間の解答はありません。"};
  return language == "ja" ? japanese : english;
}

// Time as minutes and seconds, "61:05": the same in both languages.
std::string minutes_seconds(std::int64_t milliseconds) {
  const std::int64_t seconds = milliseconds / 1000;
  const std::string rest = std::to_string(seconds % 60);
  return std::to_string(seconds / 60) + ":" + (rest.size() == 1 ? "0" : "") + rest;
}

std::string correct_share(std::int64_t correct, std::int64_t reviews) {
  if (reviews == 0) return "-";
  return std::to_string(correct) + " (" + std::to_string(correct * 100 / reviews) + "%)";
}

void print_history(const protocol::StatsDaysResult& result, std::string_view language,
                   std::ostream& out) {
  const HistoryWords& words = history_words(language);
  constexpr int kDate = 11, kReviews = 8, kCorrect = 12, kNew = 6, kTime = 9;
  out << pad_after(words.date, kDate) << pad_before(words.reviews, kReviews)
      << pad_before(words.correct, kCorrect) << pad_before(words.new_cards, kNew)
      << pad_before(words.time, kTime) << '\n';
  protocol::DayActivity total;
  for (const protocol::DayActivity& day : result.days) {
    out << std::left << std::setw(kDate) << day.date << std::right << std::setw(kReviews)
        << day.reviews << std::setw(kCorrect) << correct_share(day.correct, day.reviews)
        << std::setw(kNew) << day.new_ << std::setw(kTime) << minutes_seconds(day.time_ms) << '\n';
    total.reviews += day.reviews;
    total.correct += day.correct;
    total.new_ += day.new_;
    total.time_ms += day.time_ms;
  }
  if (total.reviews == 0) {
    out << words.none << '\n';
    return;
  }
  out << pad_after(words.total, kDate) << std::setw(kReviews) << total.reviews
      << std::setw(kCorrect) << correct_share(total.correct, total.reviews) << std::setw(kNew)
      << total.new_ << std::setw(kTime) << minutes_seconds(total.time_ms) << '\n';
}

}  // namespace

CommandGroup stats_commands() {
  return {
      Command<>("stats", "Show today's reviews, accuracy and streak")
          .shows(protocol::kStatsSummary, print_stats)
          .runs([](CliContext& context, const NoArgs&) {
            call_and_show(context, protocol::kStatsSummary, {}, print_stats);
          }),
      Command<HistoryArgs>("history", "Show the answers of each of the last days")
          .option(&HistoryArgs::days, "--days", "how many days, today included (default 14)",
                  between(1, 3650))
          .shows(protocol::kStatsDays, [](const protocol::StatsDaysResult& result,
                                          std::ostream& out) { print_history(result, "en", out); })
          .runs([](CliContext& context, const HistoryArgs& args) {
            call_and_show(context, protocol::kStatsDays,
                          boost::json::object{{"days", args.days.value_or(14)}},
                          [&](const protocol::StatsDaysResult& result, std::ostream& out) {
                            print_history(result, context.language, out);
                          });
          })};
}

}  // namespace kioku::cli
