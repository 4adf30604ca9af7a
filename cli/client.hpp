// A blocking JSON-RPC client over the daemon's Unix socket. The CLI makes one call at a time,
// so plain POSIX sockets serve better than an event loop (and start faster). Every call waits
// for its reply at most a timeout, and Ctrl-C ends the wait (docs/faults.md, "A daemon that
// does not answer").
#pragma once

#include <sys/types.h>

#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "cli/call_error.hpp"
#include "cli/connection_messages.hpp"
#include "cli/reply.hpp"

namespace kioku::cli {

class StopSignalWait;

// How long a call waits for its reply before the daemon counts as not answering.
struct ReplyTimeouts {
  // Every request but the ones below: the daemon answers them in milliseconds, and a write
  // waits at most SQLite's 5 s busy timeout for another process's lock.
  std::chrono::milliseconds ordinary{std::chrono::seconds(15)};
  // deck.import, deck.export, deck.config (an algorithm switch replays every card), doctor.check
  // (reads the whole collection file), doctor.rebuild, collection.backup/restore and sched.optimize
  // (a fit to every answer): minutes on a large collection or a slow disk.
  std::chrono::milliseconds long_running{std::chrono::minutes(10)};

  // The same timeout for every request (kioku --timeout SECONDS).
  static ReplyTimeouts uniform(std::chrono::milliseconds timeout) { return {timeout, timeout}; }
  std::chrono::milliseconds for_method(std::string_view method) const noexcept;
};

struct CallOptions {
  // The wait for the reply; unset: the client's ReplyTimeouts for the method.
  std::optional<std::chrono::milliseconds> timeout;
  // A descriptor to pass with the request (SCM_RIGHTS), e.g. deck.import's file; -1 for none.
  // It stays the caller's to close.
  int descriptor = -1;
  // Called with each notification (a line with a method and no id) that comes before the reply
  // (request.progress); each one also restarts the wait, the daemon being at work. Unset: they
  // are skipped.
  std::function<void(const boost::json::value& notification)> on_notification = nullptr;
};

class Client {
 public:
  // Connects to `socket_path`. Throws kioku::Error (kUnavailable) when nothing answers there.
  explicit Client(const std::string& socket_path);
  // Takes over an already connected descriptor.
  Client(const std::string& socket_path, int connected_descriptor);
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // Sends one request and waits for its response. Returns the result; throws kioku::Error with
  // the daemon's code and message for an error response, and CallError (cli/call_error.hpp) when
  // the connection failed, no reply came within the timeout, or the wait was interrupted: its
  // failure() says whether the request can have run.
  boost::json::value call(std::string_view method, boost::json::object params = {});
  boost::json::value call(std::string_view method, boost::json::object params,
                          const CallOptions& options);

  // While a call waits, also watch `descriptor` (e.g. a terminal in raw mode, where Ctrl-C is a
  // key, not SIGINT): when it is readable, `interrupted` is called (it may read from it) and
  // returning true ends the wait with CallFailure::kInterrupted. A descriptor of -1 removes the
  // watch.
  void set_interrupt_watch(int descriptor, std::function<bool()> interrupted);

  void set_timeouts(const ReplyTimeouts& timeouts) noexcept { timeouts_ = timeouts; }
  // The language ("en", "ja") of the errors this client throws about the connection; English
  // until set.
  void set_language(const std::string& language);
  const ReplyTimeouts& timeouts() const noexcept { return timeouts_; }

  // Waits, however long, for the next line the daemon sends unasked: a notification after a
  // subscription (due.watch). Nullopt once the daemon has closed the connection. No SIGINT
  // handling of its own: Ctrl-C ends a watching kioku as it ends any program.
  std::optional<std::string> next_unasked_line();

  // Waits until the daemon closes this connection (after system.shutdown). False when it has
  // not within `timeout`; throws CallError (kInterrupted) on Ctrl-C.
  bool wait_until_closed(std::chrono::milliseconds timeout);

  const std::string& socket_path() const noexcept { return socket_path_; }
  // The pid of the process listening on the socket (SO_PEERCRED); 0 when the kernel did not say.
  pid_t daemon_pid() const noexcept { return daemon_pid_; }

 private:
  enum class Waited { kReady, kTimedOut };
  // Waits until the socket has `events` or the deadline passes; throws CallError (kInterrupted).
  Waited wait_for(StopSignalWait& stop_signals, short events,
                  std::chrono::steady_clock::time_point deadline, std::string_view method);
  // Sends the whole line (the descriptor with its first bytes). False when the daemon closed the
  // connection before all of it was sent.
  bool send_line(StopSignalWait& stop_signals, const std::string& line, int descriptor,
                 std::chrono::steady_clock::time_point deadline, std::string_view method,
                 std::chrono::milliseconds timeout);
  std::string not_answering(std::string_view method, std::chrono::milliseconds timeout) const;
  std::string who() const;  // "kiokud (pid 12)", or "kiokud at SOCKET" when the pid is unknown

  const ConnectionMessages* text_ = &connection_messages_for("en");
  std::string language_ = "en";
  std::string socket_path_;
  int descriptor_ = -1;
  pid_t daemon_pid_ = 0;
  std::int64_t next_id_ = 1;
  ReplyLines replies_;
  ReplyTimeouts timeouts_;
  int watched_descriptor_ = -1;
  std::function<bool()> watched_interrupts_;
};

// Tries to connect; returns -1 with errno set instead of throwing (EPERM when the listener
// belongs to another user). The descriptor is blocking.
int try_connect(const std::string& socket_path);

// The pid of the process that listens on the connected socket `descriptor`; 0 when unknown.
pid_t peer_pid(int descriptor) noexcept;

}  // namespace kioku::cli
