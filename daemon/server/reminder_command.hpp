// Running the reminder's command (docs/reminders.md): posix_spawn of its argv, no shell, with
// the count and the message as arguments and environment; the child is reaped when it exits
// (a pidfd the server watches), its failure logged. Nothing here waits for the child.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kioku::daemon {

// The first executable file named `program` in the directories of `path` (PATH's syntax);
// nullopt when there is none. A name with a slash is itself when it is executable.
std::optional<std::string> find_program(const std::string& program, const std::string& path);

// What the command is given: the argv (the configured one, then the summary "kioku" and
// `text`), and KIOKU_DUE, KIOKU_REMINDER_EN and KIOKU_REMINDER_JA added to kiokud's environment.
struct ReminderCall {
  std::vector<std::string> command;
  std::int64_t due = 0;
  std::string text;      // the notification's body, in the configured language (or both)
  std::string english;   // KIOKU_REMINDER_EN
  std::string japanese;  // KIOKU_REMINDER_JA
};

class ReminderCommand {
 public:
  // Calls `exited` on the server's thread once `descriptor` (a pidfd) is readable, then closes
  // it (Server::when_readable).
  using WatchExit = std::function<void(int descriptor, std::function<void()> exited)>;
  explicit ReminderCommand(WatchExit watch_exit) : watch_exit_(std::move(watch_exit)) {}
  ReminderCommand(const ReminderCommand&) = delete;
  ReminderCommand& operator=(const ReminderCommand&) = delete;

  // Starts `call` unless the last one still runs. Returns what went wrong, in English (also
  // logged): the program could not be started, or the last one is still running; nullopt when
  // it started. How it ends is logged, and kept for last_problem(), when it is reaped.
  std::optional<std::string> start(const ReminderCall& call);
  // Whether a command started is still running (not yet reaped).
  bool running();
  // How the last command failed (could not start, exited with a status, was killed); nullopt
  // when it ran well or still runs.
  const std::optional<std::string>& last_problem() const noexcept { return last_problem_; }

 private:
  // Reaps the child if it has exited; true when it has (or there is none).
  bool reap();

  WatchExit watch_exit_;
  pid_t child_ = -1;
  std::string program_;
  std::optional<std::string> last_problem_;
};

}  // namespace kioku::daemon
