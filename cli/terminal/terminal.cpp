// termios and ioctl details for the review screen.
#include "cli/terminal/terminal.hpp"

#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "cli/terminal/raw_mode_signals.hpp"

namespace kioku::cli {

namespace {
// xterm's bracketed paste mode, which terminals since have taken up.
constexpr const char* kBracketedPasteOn = "\033[?2004h";
constexpr const char* kBracketedPasteOff = "\033[?2004l";
constexpr const char* kPasteStarts = "[200~";
constexpr std::string_view kPasteEnd = "\033[201~";
// A paste arrives at once; this long without a byte and no end mark, the mark was lost.
constexpr int kPasteQuietMs = 1000;
}  // namespace

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

int terminal_height() {
  winsize size{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0) return size.ws_row;
  return 24;
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
  termios single_key;
};

RawMode::RawMode() {
  if (!stdin_is_terminal()) return;
  saved_ = std::make_unique<Saved>();
  if (::tcgetattr(STDIN_FILENO, &saved_->settings) != 0) return;
  termios raw = saved_->settings;
  raw.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO | ISIG));
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  saved_->single_key = raw;
  // The handlers first, and as if in single-key mode already: a signal from here on puts the
  // terminal back (putting it back before it changed does no harm).
  active_ = true;
  mode_ = kSingleKey;
  signals_ = std::make_unique<RawModeSignals>(*this);
  if (::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0) {
    // Asked through stdout: a pipe there (`kioku review | less`) must not get the sequence.
    bracketed_paste_ = stdout_is_terminal();
    if (bracketed_paste_) write_sequence(kBracketedPasteOn);
    return;
  }
  signals_.reset();
  mode_ = kRestored;
  active_ = false;
}

RawMode::~RawMode() {
  restore();
  signals_.reset();  // after: a signal meanwhile still finds the terminal put back
}

void RawMode::write_sequence(const char* sequence) const noexcept {
  if (sequence == nullptr) return;
  std::size_t left = std::strlen(sequence);
  while (left > 0) {
    const ssize_t written = ::write(STDOUT_FILENO, sequence, left);
    if (written <= 0) return;
    sequence += written;
    left -= static_cast<std::size_t>(written);
  }
}

void RawMode::put_back(Mode then) const noexcept {
  if (!active_ || mode_ == kRestored) return;
  const bool in_single_key_mode = mode_ == kSingleKey;
  mode_ = then;
  if (!in_single_key_mode) return;  // suspended: put back already
  if (bracketed_paste_) write_sequence(kBracketedPasteOff);
  write_sequence(leave_sequence_);
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_->settings);
}

void RawMode::restore() const noexcept {
  put_back(kRestored);
}

void RawMode::suspend() const noexcept {
  put_back(kSuspended);
}

void RawMode::reenter() noexcept {
  if (!active_) return;
  const bool was_left = mode_ != kSingleKey;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_->single_key);
  mode_ = kSingleKey;
  if (was_left && bracketed_paste_) write_sequence(kBracketedPasteOn);
  if (was_left) write_sequence(enter_sequence_);
}

bool RawMode::resume_if_continued() noexcept {
  if (!RawModeSignals::take_continued()) return false;
  // Not after restore(): the screen was left for good, and the shell has the terminal.
  if (active_ && mode_ != kRestored) reenter();
  return true;
}

void RawMode::set_screen_sequences(const char* enter, const char* leave) noexcept {
  enter_sequence_ = enter;
  leave_sequence_ = leave;
  if (active_ && mode_ == kSingleKey) write_sequence(enter_sequence_);
}

void RawMode::stop() {
  // To the whole process group, as the terminal's own Ctrl-Z would: a shell's subshell or
  // pipeline kioku runs in stops with it, and the shell sees the job stopped.
  ::kill(0, SIGTSTP);
}

void RawMode::set_hooks(std::function<void()> on_wait, std::function<bool(char)> on_key,
                        int tick_ms) {
  on_wait_ = std::move(on_wait);
  on_key_ = std::move(on_key);
  tick_ms_ = tick_ms;
}

void RawMode::set_ctrl_c_signals(bool on) {
  termios settings{};
  // Put back (stopped, or left for good): the terminal is the shell's as it was.
  if (!active_ || mode_ != kSingleKey || ::tcgetattr(STDIN_FILENO, &settings) != 0) return;
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

namespace {
constexpr char kCtrlZ = 26;  // the terminal's suspend key, a plain key with ISIG off
}  // namespace

// Arrow and function keys arrive as ESC [ ... final-byte; they mean nothing here, so they are
// read whole and dropped instead of leaking '[' and 'A' as if typed.
std::string RawMode::read_escape_sequence() {
  std::string sequence;
  pollfd input{STDIN_FILENO, POLLIN, 0};
  // A sequence longer than any key's or mark's is not one: the rest is read as keys.
  constexpr std::size_t kLongest = 16;
  while (sequence.size() < kLongest && ::poll(&input, 1, 30) > 0) {
    char next = 0;
    if (::read(STDIN_FILENO, &next, 1) <= 0) break;
    sequence += next;
    if (sequence.size() == 1 && next != '[' && next != 'O') break;
    if (sequence.size() > 1 && next >= 0x40 && next <= 0x7E) break;
  }
  return sequence;
}

std::optional<char> RawMode::read_key() {
  for (;;) {
    // After `fg`: single-key mode again. A full screen's hook does it itself, to redraw too.
    if (on_wait_) {
      on_wait_();
    } else {
      resume_if_continued();
    }
    if (tick_ms_ >= 0 || pasting_) {
      // A signal (a resize) or the tick ends the wait, and on_wait_ runs again. A paste whose
      // end mark never came ends once nothing more arrives: keys are keys again.
      pollfd input{STDIN_FILENO, POLLIN, 0};
      const int ready = ::poll(&input, 1, pasting_ ? kPasteQuietMs : tick_ms_);
      if (ready == 0 && pasting_) {
        pasting_ = false;
        paste_end_matched_ = 0;
      }
      if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
    }
    char key = 0;
    const ssize_t received = ::read(STDIN_FILENO, &key, 1);
    if (received < 0 && errno == EINTR) continue;
    if (received <= 0) return std::nullopt;
    if (pasting_) {
      // The end mark byte by byte, not as an escape sequence: a paste that ends in ESC, or a
      // mark split across reads, must not hide it and leave every key after it pasted text.
      if (key == kPasteEnd[paste_end_matched_]) {
        if (++paste_end_matched_ == kPasteEnd.size()) {
          pasting_ = false;
          paste_end_matched_ = 0;
        }
        continue;
      }
      paste_end_matched_ = key == kPasteEnd[0] ? 1 : 0;
      // Pasted text, not keys: no Ctrl-C, Enter, Backspace or rating in it.
      if (!accept_pasted_ || paste_end_matched_ > 0) continue;
      if (key == '\r' || key == '\n' || key == '\t') key = ' ';
      if (static_cast<unsigned char>(key) < 0x20 || key == 0x7F) continue;
      return key;
    }
    if (key == 27) {
      if (read_escape_sequence() == kPasteStarts) pasting_ = true;
      continue;
    }
    if (key == 3 || key == 4) return std::nullopt;  // Ctrl-C, Ctrl-D (ISIG is off)
    if (key == '\r') key = '\n';
    if (on_key_ && on_key_(key)) continue;
    if (key == kCtrlZ) {
      stop();
      continue;
    }
    return key;
  }
}

}  // namespace kioku::cli
