// kioku stats: the dashboard of docs/stats.md's figures, with --json every figure as the
// daemon's stats.report gives it, with --html the same as a page of charts; kioku history: the
// answers of each of the last days.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <optional>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/duration_text.hpp"
#include "cli/messages.hpp"
#include "cli/overview_messages.hpp"
#include "cli/report_messages.hpp"
#include "cli/stats_dashboard.hpp"
#include "cli/stats_html.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/terminal.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "protocol/methods.hpp"
#include "protocol/unique_fd.hpp"

namespace kioku::cli {

namespace {

// The dashboard's lines to `out`.
void print_dashboard(const protocol::StatsReportResult& report, const std::string& language,
                     const Style& style, std::ostream& out) {
  for (const std::string& line : dashboard_lines(report, language, style)) out << line << '\n';
}

struct StatsArgs {
  std::optional<std::string> deck;
  std::optional<std::string> period;
  std::optional<std::string> html;  // the report's file, "-" for stdout
};

// stats.report for the deck and period asked, the deck named when there is none such.
boost::json::value call_report(CliContext& context, const StatsArgs& args) {
  boost::json::object params;
  if (args.deck) params["deck"] = *args.deck;
  if (args.period) params["period"] = *args.period;
  try {
    return context.daemon().call(protocol::kStatsReport.name, std::move(params));
  } catch (const Error& error) {
    // The one thing the daemon refuses that the options do not check first: a deck.
    if (error.code() != ErrorCode::kNotFound || !args.deck) throw;
    throw Error(ErrorCode::kNotFound,
                fill_in(overview_messages_for(context.language).stats_no_such_deck,
                        {{"deck", safe_line(*args.deck)}}));
  }
}

// The error for a report that could not be written to `file`, from errno.
Error cannot_write(const std::string& file, const std::string& language) {
  const int error = errno;
  return Error(
      error == EACCES || error == EPERM || error == EROFS ? ErrorCode::kPermission
                                                          : ErrorCode::kInternal,
      fill_in(report_messages_for(language).cannot_write,
              {{"file", safe_line(file)}, {"error", system_error_reason_in(error, language)}}));
}

// Writes all of `text` to `descriptor`; false (errno set) when it cannot.
bool write_all(int descriptor, const std::string& text) {
  for (std::size_t at = 0; at < text.size();) {
    const ssize_t count = ::write(descriptor, text.data() + at, text.size() - at);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) {
      if (count == 0) errno = EIO;
      return false;
    }
    at += static_cast<std::size_t>(count);
  }
  return true;
}

// `html` to `path` ("-": stdout). The file is written whole or the command fails: a report cut
// short by a full disk is an error, not a page missing its end. A regular file is written under
// a temporary name beside `path` and renamed over it, so a failure leaves what was there
// before; anything else that exists (/dev/stdout, a pipe) is written as it is.
void write_report(const std::string& path, const std::string& html, const std::string& language) {
  if (path == "-") {
    std::cout << html << std::flush;
    if (!std::cout) {
      if (errno == 0) errno = EIO;
      throw cannot_write(path, language);
    }
    return;
  }
  struct stat existing {};
  if (::stat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
    const protocol::UniqueFd target(::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC));
    if (!target || !write_all(target.get(), html)) throw cannot_write(path, language);
    return;
  }
  std::string temporary = path + ".XXXXXX";
  const protocol::UniqueFd file(::mkstemp(temporary.data()));
  if (!file) throw cannot_write(path, language);
  // mkstemp makes 0600; a report is an ordinary file, readable as the umask allows.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(file.get(), 0666 & ~mask) != 0 || !write_all(file.get(), html) ||
      ::rename(temporary.c_str(), path.c_str()) != 0) {
    const Error error = cannot_write(path, language);
    ::unlink(temporary.c_str());
    throw error;
  }
}

// With --html the report as HTML (docs/stats.md "The HTML report"); with --json the report as
// the daemon gives it, one line (docs/stats.md's document); else the dashboard.
void run_stats(CliContext& context, const StatsArgs& args) {
  if (args.html) {
    if (context.json) {
      throw Error(ErrorCode::kInvalidParams, report_messages_for(context.language).html_and_json);
    }
    const auto report = protocol::decode_result<protocol::StatsReportResult>(
        protocol::kStatsReport.name, call_report(context, args));
    write_report(*args.html, stats_html(report, context.language), context.language);
    return;
  }
  show_result(context, protocol::kStatsReport, call_report(context, args),
              [&](const protocol::StatsReportResult& report, std::ostream& out) {
                print_dashboard(report, context.language, Style::for_stdout(context.color), out);
              });
}

struct HistoryArgs {
  std::optional<int> days;
};

std::string correct_share(std::int64_t correct, std::int64_t reviews) {
  if (reviews == 0) return "-";
  return std::to_string(correct) + " (" + std::to_string(correct * 100 / reviews) + "%)";
}

void print_history(const protocol::StatsDaysResult& result, const std::string& language,
                   std::ostream& out) {
  const OverviewMessages& words = overview_messages_for(language);
  constexpr int kDate = 11, kReviews = 8, kCorrect = 12, kNew = 6;
  // The time column is as wide as its widest cell ("1時間2分5秒" takes 11 columns), at least 9.
  int time_width = std::max(9, display_width(words.history_time) + 1);
  std::int64_t total_ms = 0;
  for (const protocol::DayActivity& day : result.days) {
    time_width = std::max(time_width, display_width(duration_text(day.time_ms, language)) + 1);
    total_ms += day.time_ms;
  }
  time_width = std::max(time_width, display_width(duration_text(total_ms, language)) + 1);
  out << pad_after(words.history_date, kDate) << pad_before(words.history_reviews, kReviews)
      << pad_before(words.history_correct, kCorrect) << pad_before(words.history_new, kNew)
      << pad_before(words.history_time, time_width) << '\n';
  protocol::DayActivity total;
  for (const protocol::DayActivity& day : result.days) {
    out << std::left << std::setw(kDate) << day.date << std::right << std::setw(kReviews)
        << day.reviews << std::setw(kCorrect) << correct_share(day.correct, day.reviews)
        << std::setw(kNew) << day.new_
        << pad_before(duration_text(day.time_ms, language), time_width) << '\n';
    total.reviews += day.reviews;
    total.correct += day.correct;
    total.new_ += day.new_;
    total.time_ms += day.time_ms;
  }
  if (total.reviews == 0) {
    out << words.history_none << '\n';
    return;
  }
  out << pad_after(words.history_total, kDate) << std::setw(kReviews) << total.reviews
      << std::setw(kCorrect) << correct_share(total.correct, total.reviews) << std::setw(kNew)
      << total.new_ << pad_before(duration_text(total.time_ms, language), time_width) << '\n';
}

}  // namespace

CommandGroup stats_commands() {
  return {
      Command<StatsArgs>("stats",
                         {"Show the statistics dashboard: today, streak, retention, forecast, "
                          "calendar (--json: every statistic, docs/stats.md)",
                          "統計ダッシュボードを表示: 今日、連続学習、定着率、予定、カレンダー"
                          "（--json: すべての統計、docs/stats.md）"})
          .option(&StatsArgs::deck, "--deck", {"only this deck", "このデッキだけ"})
          .option(&StatsArgs::period, "--period",
                  {"the days the period figures cover (default 30d)",
                   "期間の統計が集計する日数（既定値 30d）"},
                  one_of({"7d", "30d", "1y", "all"}))
          .option(&StatsArgs::html, "--html",
                  {"write every statistic as one self-contained HTML page to this file "
                   "(- for stdout)",
                   "すべての統計を1つの自己完結した HTML ページとしてこのファイルに書く"
                   "（- で標準出力）"})
          .shows(protocol::kStatsReport,
                 [](const protocol::StatsReportResult& report, std::ostream& out) {
                   print_dashboard(report, "en", Style{}, out);
                 })
          .runs(run_stats),
      Command<HistoryArgs>(
          "history", {"Show the answers of each of the last days", "直近の日ごとの解答を表示"})
          .option(&HistoryArgs::days, "--days",
                  {"how many days, today included (default 14)", "今日を含む日数（既定値 14）"},
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
