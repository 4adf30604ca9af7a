// tmux driven through its command line, with the pane's output streamed into a FIFO.
#include "tests/support/tmux_session.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "tests/support/process.hpp"

namespace kioku::test {

namespace {

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

TmuxSession::TmuxSession(const std::string& directory, const std::string& command,
                         const std::map<std::string, std::string>& environment, int width,
                         int height)
    : socket_(directory + "/tmux.sock"), fifo_(directory + "/tmux-output.fifo") {
  if (::mkfifo(fifo_.c_str(), 0600) != 0) throw std::runtime_error("mkfifo failed");
  // Opening the read side first, non-blocking, lets tmux's `cat > fifo` open its side at once.
  fifo_descriptor_ = ::open(fifo_.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  // env takes its -u options before any NAME=VALUE.
  std::string unset;
  std::string assignments;
  for (const auto& [name, value] : environment) {
    if (value.empty()) {
      unset += " -u " + name;
    } else {
      assignments += " " + shell_quote(name + "=" + value);
    }
  }
  std::string full_command = "env" + unset + assignments;
  full_command += " " + command;
  tmux({"new-session",
        "-d",
        "-s",
        "test",
        "-x",
        std::to_string(width),
        "-y",
        std::to_string(height),
        full_command,
        ";",
        "set-option",
        "-t",
        "test",
        "remain-on-exit",
        "on",
        ";",
        "pipe-pane",
        "-t",
        "test",
        "-o",
        "cat > " + shell_quote(fifo_)});
}

TmuxSession::~TmuxSession() {
  tmux({"kill-server"});
  if (fifo_descriptor_ >= 0) ::close(fifo_descriptor_);
  ::unlink(fifo_.c_str());
}

std::string TmuxSession::tmux(const std::vector<std::string>& arguments) const {
  std::vector<std::string> argv = {"/usr/bin/tmux", "-S", socket_, "-f", "/dev/null"};
  argv.insert(argv.end(), arguments.begin(), arguments.end());
  return run_command(argv, {{"TMUX", ""}}).out;
}

namespace {

std::vector<std::string> rows_of(const std::string& captured) {
  std::vector<std::string> rows;
  std::istringstream text(captured);
  std::string row;
  while (std::getline(text, row)) {
    while (!row.empty() && row.back() == ' ') row.pop_back();
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

std::vector<std::string> TmuxSession::screen() const {
  return rows_of(tmux({"capture-pane", "-p", "-t", "test"}));
}

std::vector<std::string> TmuxSession::joined_screen() const {
  return rows_of(tmux({"capture-pane", "-p", "-J", "-t", "test"}));
}

std::string TmuxSession::screen_with_escapes() const {
  return tmux({"capture-pane", "-p", "-e", "-t", "test"});
}

std::string TmuxSession::screen_text() const {
  return tmux({"capture-pane", "-p", "-t", "test"});
}

bool TmuxSession::wait_for(const std::string& text, int timeout_ms) {
  return wait_until([&] { return screen_text().find(text) != std::string::npos; }, timeout_ms);
}

bool TmuxSession::wait_until(const std::function<bool()>& condition, int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    if (condition()) return true;
    const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(
                               deadline - std::chrono::steady_clock::now())
                               .count();
    if (remaining <= 0) return false;
    // Block until the pane writes something more (or the deadline passes).
    pollfd output{fifo_descriptor_, POLLIN, 0};
    if (::poll(&output, 1, static_cast<int>(remaining)) > 0) {
      char discard[4096];
      if (::read(fifo_descriptor_, discard, sizeof discard) == 0) {
        // The writer has gone (the pane's program ended): nothing more can arrive.
        return condition();
      }
    }
  }
}

void TmuxSession::send_keys(const std::string& keys) {
  tmux({"send-keys", "-t", "test", keys});
}

void TmuxSession::paste(const std::string& text) {
  tmux({"set-buffer", "-b", "pasted", "--", text});
  tmux({"paste-buffer", "-p", "-b", "pasted", "-t", "test"});
}

std::string TmuxSession::pane_title() const {
  std::string title = tmux({"display-message", "-p", "-t", "test", "#{pane_title}"});
  while (!title.empty() && title.back() == '\n') title.pop_back();
  return title;
}

bool TmuxSession::alternate_screen_on() const {
  return tmux({"display-message", "-p", "-t", "test", "#{alternate_on}"}).rfind("1", 0) == 0;
}

bool TmuxSession::cursor_visible() const {
  return tmux({"display-message", "-p", "-t", "test", "#{cursor_flag}"}).rfind("1", 0) == 0;
}

bool TmuxSession::reads_single_keys() const {
  std::string tty = tmux({"display-message", "-p", "-t", "test", "#{pane_tty}"});
  while (!tty.empty() && tty.back() == '\n') tty.pop_back();
  const int descriptor = ::open(tty.c_str(), O_RDONLY | O_NOCTTY | O_NONBLOCK);
  if (descriptor < 0) return false;
  termios settings{};
  const bool read = ::tcgetattr(descriptor, &settings) == 0;
  ::close(descriptor);
  return read && (settings.c_lflag & ICANON) == 0;
}

void TmuxSession::resize(int width, int height) {
  tmux({"resize-window", "-t", "test", "-x", std::to_string(width), "-y", std::to_string(height)});
}

std::string number_of_choice(const TmuxSession& terminal, const std::string& choice) {
  for (const std::string& row : terminal.screen()) {
    const auto at = row.find(") " + choice);
    if (at != std::string::npos && at >= 1) return row.substr(at - 1, 1);
  }
  FAIL("choice not on screen: " << choice << "\n" << terminal.screen_text());
  return {};
}

std::string style_at(const std::string& screen, const std::string& text) {
  const std::size_t at = screen.find(text);
  if (at == std::string::npos) return "(not on the screen)";
  std::string style = ";";
  for (std::size_t escape = screen.find("\033["); escape < at;
       escape = screen.find("\033[", escape + 2)) {
    const std::size_t end = screen.find('m', escape);
    if (end == std::string::npos || end > at) break;
    const std::string parameters = screen.substr(escape + 2, end - escape - 2);
    if (parameters.empty() || parameters == "0") style = ";";
    if (parameters.starts_with("0;")) style = ";";
    style += parameters + ";";
  }
  return style;
}

}  // namespace kioku::test
