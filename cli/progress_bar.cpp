// A progress bar redrawn in place on stderr (cli/progress_bar.hpp).
#include "cli/progress_bar.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "cli/duration_text.hpp"
#include "cli/messages.hpp"
#include "core/unicode.hpp"

namespace kioku::cli {

namespace {

constexpr int kWidestBar = 40;
constexpr int kNarrowestBar = 5;
constexpr const char* kEraseToLineEnd = "\x1b[K";

int stderr_columns() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

bool stderr_draws() {
  if (::isatty(STDERR_FILENO) != 1) return false;
  const char* term = std::getenv("TERM");
  return term == nullptr || std::string_view(term) != "dumb";
}

const char* stage_words(const ProgressMessages& words, std::string_view stage) {
  if (stage == "reading") return words.reading;
  if (stage == "fitting") return words.fitting;
  if (stage == "scoring") return words.scoring;
  if (stage == "simulating") return words.simulating;
  if (stage == "importing") return words.importing;
  if (stage == "checking") return words.checking;
  if (stage == "replaying") return words.replaying;
  if (stage == "writing") return words.writing;
  if (stage == "restoring") return words.restoring;
  if (stage == "backing-up") return words.backing_up;
  return words.working;
}

void write_all(std::string_view text) {
  while (!text.empty()) {
    const ssize_t written = ::write(STDERR_FILENO, text.data(), text.size());
    if (written <= 0) return;  // a terminal that went away: the bar is not worth an error
    text.remove_prefix(static_cast<std::size_t>(written));
  }
}

}  // namespace

ProgressBar::ProgressBar(const std::string& language)
    : words_(progress_messages_for(language)), language_(language), shown_(stderr_draws()) {}

ProgressBar::~ProgressBar() {
  if (!drawn_.empty()) write_all(std::string("\r") + kEraseToLineEnd);
}

void ProgressBar::show(const protocol::RequestProgress& progress) {
  if (!shown_) return;
  std::string extra;
  if (progress.cards) {
    const auto now = std::chrono::steady_clock::now();
    if (!counting_start_ && *progress.cards > 0) {
      counting_start_ = CountingStart{*progress.cards, progress.fraction, 0};
      counting_since_ = now;
    }
    CountingStart start{*progress.cards, progress.fraction, 0};
    if (counting_start_) {
      start = *counting_start_;
      start.elapsed_ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(now - counting_since_).count();
    }
    extra = counting(words_, language_, *progress.cards, progress.fraction, start);
  }
  // One column short of the width: a line that reaches the last column wraps on some
  // terminals, and the next \r would then redraw only its second half.
  std::string next = line(words_, progress.stage, progress.fraction, stderr_columns() - 1, extra);
  if (next == drawn_) return;
  drawn_ = std::move(next);
  write_all("\r" + drawn_ + kEraseToLineEnd);
}

std::string ProgressBar::counting(const ProgressMessages& words, const std::string& language,
                                  std::uint64_t cards, double fraction,
                                  const CountingStart& start) {
  std::string text = fill_in(cards == 1 ? words.cards_done_one : words.cards_done,
                             {{"cards", std::to_string(cards)}});
  // Under half a second, or under 1% done since, a rate or a time left would jump about.
  const std::int64_t elapsed_ms = start.elapsed_ms;
  if (elapsed_ms < 500 || cards < start.cards) return text;
  const auto rate = static_cast<std::uint64_t>(static_cast<double>(cards - start.cards) * 1000.0 /
                                               static_cast<double>(elapsed_ms));
  text += " · " + fill_in(words.cards_rate, {{"rate", std::to_string(rate)}});
  const double done = std::clamp(fraction, 0.0, 1.0);
  const double done_since = done - std::clamp(start.fraction, 0.0, 1.0);
  if (done_since < 0.01 || done >= 1.0) return text;
  // Whole seconds, rounded up: "0s left" while work remains would be wrong.
  const auto left = static_cast<std::int64_t>(
      std::ceil(static_cast<double>(elapsed_ms) * (1.0 - done) / done_since / 1000.0) * 1000.0);
  return text + " · " + fill_in(words.time_left, {{"time", duration_text(left, language)}});
}

std::string ProgressBar::line(const ProgressMessages& words, std::string_view stage,
                              double fraction, int columns, std::string_view counting) {
  const std::string label = stage_words(words, stage);
  const double done = std::clamp(fraction, 0.0, 1.0);
  const std::string percent = std::to_string(static_cast<int>(std::floor(done * 100.0))) + "%";
  // label, a space, [bar], a space, the percent (at most "100%"), then two spaces and the
  // counting when a bar still fits beside it.
  if (!counting.empty()) {
    const int room =
        columns - display_width(label) - 1 - 2 - 1 - 4 - 2 - display_width(std::string(counting));
    if (room >= kNarrowestBar) {
      return line(words, stage, fraction, columns - 2 - display_width(std::string(counting))) +
             "  " + std::string(counting);
    }
  }
  const int room = columns - display_width(label) - 1 - 2 - 1 - 4;
  const int width = std::min(kWidestBar, room);
  if (width < kNarrowestBar) {
    // Past the width the line would wrap, and each redraw would add a line.
    return display_width(label) + 1 + 4 <= columns ? label + " " + percent : percent;
  }
  const int filled = static_cast<int>(std::floor(done * width));
  return label + " [" + std::string(static_cast<std::size_t>(filled), '#') +
         std::string(static_cast<std::size_t>(width - filled), '.') + "] " + percent;
}

boost::json::value call_showing_progress(Client& daemon, std::string_view method,
                                         boost::json::object params, const std::string& language,
                                         CallOptions options) {
  ProgressBar bar(language);
  if (bar.shown()) {
    params["progress"] = true;
    options.on_notification = [&bar](const boost::json::value& notification) {
      if (const auto progress = protocol::read_request_progress(notification)) bar.show(*progress);
    };
  }
  return daemon.call(method, std::move(params), options);
}

}  // namespace kioku::cli
