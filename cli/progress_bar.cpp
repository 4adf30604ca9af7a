// A progress bar redrawn in place on stderr (cli/progress_bar.hpp).
#include "cli/progress_bar.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

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
    : words_(progress_messages_for(language)), shown_(stderr_draws()) {}

ProgressBar::~ProgressBar() {
  if (!drawn_.empty()) write_all(std::string("\r") + kEraseToLineEnd);
}

void ProgressBar::show(const protocol::RequestProgress& progress) {
  if (!shown_) return;
  // One column short of the width: a line that reaches the last column wraps on some
  // terminals, and the next \r would then redraw only its second half.
  std::string next = line(words_, progress.stage, progress.fraction, stderr_columns() - 1);
  if (next == drawn_) return;
  drawn_ = std::move(next);
  write_all("\r" + drawn_ + kEraseToLineEnd);
}

std::string ProgressBar::line(const ProgressMessages& words, std::string_view stage,
                              double fraction, int columns) {
  const std::string label = stage_words(words, stage);
  const double done = std::clamp(fraction, 0.0, 1.0);
  const std::string percent = std::to_string(static_cast<int>(std::floor(done * 100.0))) + "%";
  // label, a space, [bar], a space, the percent (at most "100%").
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
                                         boost::json::object params, const std::string& language) {
  ProgressBar bar(language);
  CallOptions options;
  if (bar.shown()) {
    params["progress"] = true;
    options.on_notification = [&bar](const boost::json::value& notification) {
      if (const auto progress = protocol::read_request_progress(notification)) bar.show(*progress);
    };
  }
  return daemon.call(method, std::move(params), options);
}

}  // namespace kioku::cli
