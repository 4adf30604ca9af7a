// The terminal the CLI talks to: whether it is one, its width, colours, and single-key input.
#pragma once

#include <memory>
#include <optional>
#include <string>

namespace kioku::cli {

bool stdin_is_terminal();
bool stdout_is_terminal();
// Columns of the terminal on stdout, or 80 when it is not a terminal.
int terminal_width();

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

// Puts the terminal on stdin into non-canonical, no-echo mode for the object's lifetime, so
// single keys can be read; restores the previous mode however the scope ends.
class RawMode {
 public:
  RawMode();
  ~RawMode();
  RawMode(const RawMode&) = delete;
  RawMode& operator=(const RawMode&) = delete;

  // One key press: the character, '\n' for Enter, or nullopt at end of input / Ctrl-D / Ctrl-C.
  std::optional<char> read_key();

  // Ctrl-C as a signal (SIGINT) instead of a key, for the time kioku waits for the daemon and
  // reads no keys; the quit and suspend keys stay off.
  void set_ctrl_c_signals(bool on);
  // Puts the terminal back as it was before. Async-signal-safe: for a SIGINT handler.
  void restore() const noexcept;

 private:
  void skip_escape_sequence();

  bool active_ = false;
  struct Saved;
  std::unique_ptr<Saved> saved_;
};

}  // namespace kioku::cli
