// termios and ioctl details for the review screen.
#include "cli/terminal/terminal.hpp"

#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace kioku::cli {

bool stdin_is_terminal() {
  return ::isatty(STDIN_FILENO) == 1;
}
bool stdout_is_terminal() {
  return ::isatty(STDOUT_FILENO) == 1;
}

int terminal_width() {
  winsize size{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

namespace {
std::string wrap(bool enabled, const char* code, const std::string& text) {
  return enabled ? std::string("\033[") + code + "m" + text + "\033[0m" : text;
}
}  // namespace

std::string Style::bold(const std::string& text) const {
  return wrap(enabled, "1", text);
}
std::string Style::dim(const std::string& text) const {
  return wrap(enabled, "2", text);
}
std::string Style::green(const std::string& text) const {
  return wrap(enabled, "32", text);
}
std::string Style::red(const std::string& text) const {
  return wrap(enabled, "31", text);
}
std::string Style::cyan(const std::string& text) const {
  return wrap(enabled, "36", text);
}

Style Style::for_stdout(const std::string& color_choice) {
  if (color_choice == "always") return Style{true};
  if (color_choice == "never") return Style{false};
  const char* no_color = std::getenv("NO_COLOR");
  return Style{stdout_is_terminal() && (no_color == nullptr || *no_color == '\0')};
}

struct RawMode::Saved {
  termios settings;
};

RawMode::RawMode() {
  if (!stdin_is_terminal()) return;
  saved_ = std::make_unique<Saved>();
  if (::tcgetattr(STDIN_FILENO, &saved_->settings) != 0) return;
  termios raw = saved_->settings;
  raw.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO | ISIG));
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  active_ = ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0;
}

RawMode::~RawMode() {
  restore();
}

void RawMode::restore() const noexcept {
  if (active_) ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_->settings);
}

void RawMode::set_ctrl_c_signals(bool on) {
  termios settings{};
  if (!active_ || ::tcgetattr(STDIN_FILENO, &settings) != 0) return;
  if (on) {
    settings.c_lflag |= ISIG;
    settings.c_cc[VQUIT] = _POSIX_VDISABLE;
    settings.c_cc[VSUSP] = _POSIX_VDISABLE;
  } else {
    settings.c_lflag &= static_cast<tcflag_t>(~ISIG);
  }
  // TCSANOW: keys typed meanwhile stay queued for the next read.
  ::tcsetattr(STDIN_FILENO, TCSANOW, &settings);
}

// Arrow and function keys arrive as ESC [ ... final-byte; they mean nothing here, so they are
// read whole and dropped instead of leaking '[' and 'A' as if typed.
void RawMode::skip_escape_sequence() {
  pollfd input{STDIN_FILENO, POLLIN, 0};
  bool first = true;
  while (::poll(&input, 1, 30) > 0) {
    char next = 0;
    if (::read(STDIN_FILENO, &next, 1) <= 0) return;
    if (first && next != '[' && next != 'O') return;
    if (!first && next >= 0x40 && next <= 0x7E) return;
    first = false;
  }
}

std::optional<char> RawMode::read_key() {
  for (;;) {
    char key = 0;
    const ssize_t received = ::read(STDIN_FILENO, &key, 1);
    if (received < 0 && errno == EINTR) continue;
    if (received <= 0) return std::nullopt;
    if (key == 3 || key == 4) return std::nullopt;  // Ctrl-C, Ctrl-D (ISIG is off)
    if (key == '\r') return '\n';
    if (key == 27) {
      skip_escape_sequence();
      continue;
    }
    return key;
  }
}

}  // namespace kioku::cli
