// The terminal the CLI talks to: whether it is one, its width, colours, and single-key input.
#pragma once

#include <csignal>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace kioku::cli {

bool stdin_is_terminal();
bool stdout_is_terminal();
// Columns of the terminal on stdout, or 80 when it is not a terminal.
int terminal_width();
// Rows of the terminal on stdout, or 24 when it is not a terminal.
int terminal_height();

// ANSI styling. `kioku --color`: "always" on, "never" off, and "auto" (the default) on only when
// stdout is a terminal and NO_COLOR is unset or empty (https://no-color.org: an explicit option
// wins over the variable).
struct Style {
  bool enabled = false;
  std::string bold(const std::string& text) const;
  std::string dim(const std::string& text) const;
  std::string green(const std::string& text) const;
  std::string red(const std::string& text) const;
  std::string cyan(const std::string& text) const;
  static Style for_stdout(const std::string& color_choice = "auto");
};

class RawModeSignals;

// Puts the terminal on stdin into non-canonical, no-echo mode for the object's lifetime, so
// single keys can be read; restores the previous mode however the scope ends. A signal that
// would end or stop the process meanwhile puts the terminal back first (raw_mode_signals.hpp),
// and Ctrl-Z, a key here (ISIG is off), stops the process as it would in the shell. One at a
// time.
class RawMode {
 public:
  RawMode();
  ~RawMode();
  RawMode(const RawMode&) = delete;
  RawMode& operator=(const RawMode&) = delete;

  // One key press: the character, '\n' for Enter, or nullopt at end of input / Ctrl-D / Ctrl-C.
  std::optional<char> read_key();

  // Ctrl-C as a signal (SIGINT) instead of a key, for the time kioku waits for the daemon and
  // reads no keys; the quit and suspend keys stay off. Nothing while the terminal is put back.
  void set_ctrl_c_signals(bool on);
  // Puts the terminal back as it was before, for good, writing the screen's leave sequence
  // first when one is set. Async-signal-safe (for signal handlers) and idempotent: a second
  // call, or one after the scope ended, does nothing.
  void restore() const noexcept;
  // As restore(), but until resume_if_continued(): for a stop (Ctrl-Z). Async-signal-safe.
  void suspend() const noexcept;
  // Single-key mode again after restore() (the shell's `fg` after Ctrl-Z), with the enter
  // sequence; only the termios settings when the terminal is still in single-key mode.
  void reenter() noexcept;
  // True once after the process was continued (`fg`, SIGCONT): the terminal is in single-key
  // mode again first, unless it was restored for good. A screen that draws redraws then.
  bool resume_if_continued() noexcept;
  // Sequences written on entering and leaving (the alternate screen: screen_escapes.hpp); they
  // must outlive the object. The enter sequence is written at once.
  void set_screen_sequences(const char* enter, const char* leave) noexcept;

  // Stops the process as Ctrl-Z would in a shell; the terminal is put back until `fg`.
  static void stop();

  // Text the user pastes comes between the terminal's bracketed paste marks (asked for while
  // stdout is a terminal), and is not keys: dropped unless `on`, as while an answer is typed,
  // where it is taken with its line ends as spaces, so that a pasted line never submits the
  // answer and its letters never rate a card.
  void accept_pasted_text(bool on) noexcept { accept_pasted_ = on; }

  // For a full screen: `on_wait` runs before every wait for a key, after a signal interrupted
  // the wait and every `tick_ms` while no key comes (to redraw); `on_key` sees each key first
  // and returns true for the ones it handled itself (a help overlay). The hook calls
  // resume_if_continued() itself (through FullScreen::needs_redraw), to know to redraw.
  void set_hooks(std::function<void()> on_wait, std::function<bool(char)> on_key, int tick_ms);

 private:
  enum Mode : int { kRestored = 0, kSingleKey = 1, kSuspended = 2 };

  // Reads the rest of an escape sequence after ESC and returns it ("[200~"); "" when no
  // sequence follows the ESC.
  std::string read_escape_sequence();
  void write_sequence(const char* sequence) const noexcept;
  void put_back(Mode then) const noexcept;

  bool active_ = false;
  bool bracketed_paste_ = false;       // asked of the terminal
  bool pasting_ = false;               // between the marks
  std::size_t paste_end_matched_ = 0;  // bytes of the end mark read so far
  bool accept_pasted_ = false;
  mutable volatile std::sig_atomic_t mode_ = kRestored;
  const char* enter_sequence_ = nullptr;
  const char* leave_sequence_ = nullptr;
  std::function<void()> on_wait_;
  std::function<bool(char)> on_key_;
  int tick_ms_ = -1;
  struct Saved;
  std::unique_ptr<Saved> saved_;
  std::unique_ptr<RawModeSignals> signals_;
};

}  // namespace kioku::cli
