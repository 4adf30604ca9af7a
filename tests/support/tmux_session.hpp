// A real terminal for testing the review screen: a private tmux server running one command.
// Waiting is event-driven: the pane's output is piped into a FIFO and the screen is checked
// each time something arrives, never after a fixed sleep.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace kioku::test {

class TmuxSession {
 public:
  // Starts `command` (run by /bin/sh) in a detached session of `width` x `height` cells, with
  // `environment` set. The tmux server's socket and FIFO live in `directory`.
  TmuxSession(const std::string& directory, const std::string& command,
              const std::map<std::string, std::string>& environment, int width = 100,
              int height = 40);
  ~TmuxSession();
  TmuxSession(const TmuxSession&) = delete;
  TmuxSession& operator=(const TmuxSession&) = delete;

  // The visible screen, one string per row, trailing blanks removed.
  std::vector<std::string> screen() const;
  std::string screen_text() const;
  // The screen with each row the terminal wrapped joined to the row it continues, so that a
  // line written wider than the pane reads as one long row.
  std::vector<std::string> joined_screen() const;
  // The screen with the SGR sequences that style its cells (capture-pane -e).
  std::string screen_with_escapes() const;
  // Waits until the screen contains `text`; false after `timeout_ms` without it.
  bool wait_for(const std::string& text, int timeout_ms = 15'000);
  // Waits until `condition` holds, checked now and each time the pane writes something more;
  // false after `timeout_ms` without it.
  bool wait_until(const std::function<bool()>& condition, int timeout_ms = 15'000);
  // Types keys as tmux send-keys understands them ("2", "Enter", "q").
  void send_keys(const std::string& keys);
  // Pastes `text` as a terminal does, between bracketed paste marks when the program asked for
  // them.
  void paste(const std::string& text);
  // The pane's title, which a program sets with OSC 0 or OSC 2 (tmux starts it at the host name).
  std::string pane_title() const;
  // Whether the program has the alternate screen (xterm's 1049) on.
  bool alternate_screen_on() const;
  // Whether the cursor is shown (a full screen hides it with xterm's ?25l).
  bool cursor_visible() const;
  // Whether the pane's terminal is in single-key mode (canonical input off), as the program
  // running in it last set it: read from the pane's tty, no output announces it.
  bool reads_single_keys() const;
  // Makes the window (and its one pane) `width` x `height`: the program gets SIGWINCH.
  void resize(int width, int height);

 private:
  std::string tmux(const std::vector<std::string>& arguments) const;

  std::string socket_;
  std::string fifo_;
  int fifo_descriptor_ = -1;
};

// The number shown before the choice whose text starts with `choice`, read off the screen;
// fails the test when no choice on the screen starts so.
std::string number_of_choice(const TmuxSession& terminal, const std::string& choice);

// The SGR parameters in force where `text` first starts on a screen as capture-pane -e writes
// it (screen_with_escapes()), as ";1;36;": the sequences since the last reset, run together
// (tmux carries a style over from row to row). "(not on the screen)" when `text` is not there.
std::string style_at(const std::string& screen, const std::string& text);

// The screen's rows joined with spaces: kioku wraps at spaces, so a wrapped sentence reads whole.
inline std::string unwrapped_screen(const TmuxSession& terminal) {
  std::string text;
  for (const std::string& row : terminal.screen()) text += row + " ";
  return text;
}

}  // namespace kioku::test
