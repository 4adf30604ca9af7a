// The Unix-socket server: accepts local clients of the same user, reads one request line at a
// time, hands it to the request handler with the client's session and writes the response, and
// the notifications pushed to the session in order with it. One thread runs everything, so the
// handler (and the SQLite connection behind it) needs no locks. Asio stays behind this header.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "daemon/server/passed_descriptors.hpp"
#include "daemon/server/response_line.hpp"
#include "daemon/server/session.hpp"
#include "protocol/framing.hpp"

namespace kioku::daemon {

// A response this large is worth refusing when too much is held unread (ServerLimits).
inline constexpr std::size_t kLargeResponseBytes = 64 * 1024;

struct ServerLimits {
  std::size_t max_line_bytes = protocol::kMaxLineBytes;
  std::size_t max_clients = 256;
  std::chrono::seconds idle_timeout{3600};
  // The whole daemon's idle time (`--idle-exit`), not one client's: with no client connected
  // for this long, run() stops as stop() does. Zero: never.
  std::chrono::seconds idle_exit{0};
  // Notifications queued for a client and not yet taken by it: past this the client is taken
  // to have stopped reading and its connection is closed, rather than kiokud's memory growing
  // without end. Responses need no such bound: a session reads its next request only once its
  // response is written.
  std::size_t max_unsent_notification_bytes = protocol::kMaxReplyBytes;
  // Lines queued for every client together and not yet taken by them. A client reads its next
  // request only once its response is written, so each holds one response at most, but 256
  // clients that never read a 16 MiB page would hold 4 GiB: past this sum, a read's response of
  // more than kLargeResponseBytes is refused with an error (-32005) saying why, and the client
  // may ask again once the others have read theirs. Responses to writes (an acknowledgement
  // must never become an error) and small ones are always sent.
  std::size_t max_unread_bytes = 256 * 1024 * 1024;
  // Server::run_beside_when_quiet's wait: no request in progress for this long. Far shorter
  // than a person takes over a card, far longer than a client's requests are apart while it
  // works through a card.
  std::chrono::milliseconds quiet_before_upkeep{250};
  // How often later work (a fit, a simulation) tells the server's thread how far it has come:
  // as often its client hears request.progress, and as soon a client that left is noticed and
  // its work stopped. A progress bar needs no more than ten a second.
  std::chrono::milliseconds progress_interval{100};
};

// Turns a request line from `session`, and the descriptors the client passed with it, into a
// response line (empty text when nothing is to be sent). The descriptors the handler does not
// take are closed afterwards.
using RequestHandler = std::function<ResponseLine(std::string_view line,
                                                  PassedDescriptors descriptors, Session& session)>;

// Group commit (docs/decisions.md): a request that wrote into the open transaction has its
// response held until commit() has returned. The commit runs once the read completions already
// queued have been handled, so requests that arrived together share it, and no timer ever
// waits for more. A session reads its next request only after its response is sent.
struct DurableWrites {
  // Writes into the open transaction so far; a change across a handler call means the request
  // wrote and its response must wait for commit().
  std::function<std::uint64_t()> write_count = [] { return std::uint64_t{0}; };
  // Commits the open transaction; when that fails it rolls it back and throws, and every held
  // response becomes an error instead.
  std::function<void()> commit = [] {};
};

class Server {
 public:
  // Idle deadlines are kept in `clock`'s time, which must outlive the server and be read only
  // on the server's thread (a handler may move a fake one).
  Server(std::string socket_path, RequestHandler handler, const Clock& clock,
         ServerLimits limits = {}, DurableWrites durable_writes = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and listens (socket mode 0600). A stale socket file is removed only after checking
  // that no daemon answers on it. Throws kioku::Error with a message that says what to fix.
  // The path's length is the caller's to check (protocol::check_socket_path_length): kiokud
  // does it before it opens the collection.
  void listen();
  // Listens on a socket that someone else bound and owns (systemd's socket unit), instead of
  // listen(): the server then never makes, re-makes or removes a socket file, and the socket
  // file watch stays off. Takes `descriptor` over; closing it leaves the owner's copy open.
  void adopt_listening_socket(int descriptor);
  // Serves until stop(), SIGINT/SIGTERM or the idle exit; the request in flight is
  // answered first. Removes the socket file on the way out, if listen() made it. The worker
  // and the readers' thread end with it (work still queued there is dropped): call it once.
  void run();
  // `stopping` runs once, on the server's thread, as the server begins to stop (for whatever
  // reason). Call before run().
  void when_stopping(std::function<void()> stopping);
  // `reload` runs on the server's thread for each SIGHUP (kiokud reloads its configuration);
  // without one a SIGHUP is logged and ignored. Call before run().
  void when_hangup(std::function<void()> reload);
  // Stops accepting and ends every session after its current response. Call only from a
  // handler (the server's own thread).
  void stop();
  // The clients connected now, leaving out those that only listen for notifications (a status
  // bar's `kioku due --watch`). Call only from the server's own thread.
  std::size_t session_count() const noexcept;

  // One alarm on the injected clock: `ring` runs once, on the server's thread, when the clock
  // reads `when` or later; setting it again replaces it. The wait is in steady time, looked at
  // again at least every kAlarmLook (a suspended laptop's steady clock stands still while its
  // wall clock runs on) and whenever a request arrives (a clock set forward, a fake one in a
  // test), so a ring is late by at most that. Call from the server's thread, or before run().
  static constexpr std::chrono::seconds kAlarmLook{60};
  // Runs `work` on the one worker thread that runs the responses answered later (a backup),
  // after what is queued there, so a request answered later after this call runs after `work`.
  // Nobody waits for it; what it throws is logged. It must not touch the daemon's connection.
  // Call from the server's thread, or before run().
  void run_beside(std::function<void()> work);
  // Runs `work` as run_beside() does, once no request has been in progress for
  // limits.quiet_before_upkeep: upkeep nobody waits for (a WAL checkpoint) then shares the
  // disk and the cores with no request. A server that stops first drops it. Call only from the
  // server's thread.
  void run_beside_when_quiet(std::function<void()> work);
  // Commits, in a round of its own once the completions queued now are handled, what was
  // written outside any request (a commit listener's write, a reload's): otherwise it would
  // wait in the open transaction for the next writing request, holding SQLite's write lock
  // against every other connection (an import's). Call from the server's thread.
  void commit_soon();
  void set_alarm(TimestampMs when, std::function<void()> ring);
  void cancel_alarm();
  // Runs `ready` once, on the server's thread, when `descriptor` becomes readable (a child's
  // pidfd, when the child exits: the reminders' command), then closes it; takes `descriptor`
  // over. A server that stops first closes it without running `ready`. Call from the server's
  // thread, or before run().
  void when_readable(int descriptor, std::function<void()> ready);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kioku::daemon
