// The SIGINT handler and what it may touch: plain pointers published before it is installed.
#include "cli/interrupt_while_waiting.hpp"

#include <unistd.h>

#include <atomic>
#include <iostream>

namespace kioku::cli {

namespace {

std::atomic<const RawMode*> waiting_terminal{nullptr};
std::atomic<const char*> farewell_text{nullptr};
std::atomic<std::size_t> farewell_size{0};

extern "C" void end_on_interrupt(int) {
  if (const RawMode* terminal = waiting_terminal.load()) terminal->restore();
  const char* text = farewell_text.load();
  std::size_t left = farewell_size.load();
  while (text != nullptr && left > 0) {
    const ssize_t written = ::write(STDOUT_FILENO, text, left);
    if (written <= 0) break;
    text += written;
    left -= static_cast<std::size_t>(written);
  }
  ::_exit(kExitInterrupted);
}

}  // namespace

InterruptWhileWaiting::InterruptWhileWaiting(RawMode* terminal, std::string farewell)
    : terminal_(terminal), farewell_(std::move(farewell)) {
  std::cout.flush();
  farewell_text = farewell_.data();
  farewell_size = farewell_.size();
  waiting_terminal = terminal_;
  struct sigaction action {};
  action.sa_handler = end_on_interrupt;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, &previous_);
  if (terminal_) terminal_->set_ctrl_c_signals(true);
}

InterruptWhileWaiting::~InterruptWhileWaiting() {
  if (terminal_) terminal_->set_ctrl_c_signals(false);
  ::sigaction(SIGINT, &previous_, nullptr);
  waiting_terminal = nullptr;
  farewell_text = nullptr;
  farewell_size = 0;
}

}  // namespace kioku::cli
