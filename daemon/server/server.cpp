// Boost.Asio with C++20 coroutines: one listener coroutine, and per session one coroutine that
// serves it, one idle watchdog beside it, and a writer while notifications wait to be written;
// with --idle-exit, one more that stops the server once no client has come for that long.
#include "daemon/server/server.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <cerrno>
#include <deque>
#include <future>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/work_progress.hpp"
#include "daemon/log_priority.hpp"
#include "daemon/server/event_loop.hpp"
#include "daemon/server/failed_commit.hpp"
#include "daemon/server/request_lines.hpp"
#include "daemon/server/socket_file_watch.hpp"
#include "daemon/server/stop_signals.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/paths.hpp"
#include "protocol/request_progress.hpp"

namespace kioku::daemon {

namespace asio = boost::asio;
using asio::awaitable;
using asio::use_awaitable;
using Socket = asio::local::stream_protocol::socket;

namespace {

// Names the calling thread (at most 15 bytes), as `top -H`, `ps -L` and /proc/PID/task show it.
void name_this_thread(const char* name) {
  ::pthread_setname_np(::pthread_self(), name);
}

// Writes what of `line` the socket takes now without waiting; sets `error` when the connection
// is broken. EAGAIN (a full buffer) and EINTR are not errors: the caller writes the rest
// asynchronously.
std::size_t send_at_once(Socket& socket, const std::string& line,
                         boost::system::error_code& error) {
  if (!socket.is_open()) {
    error = asio::error::bad_descriptor;
    return 0;
  }
  const ssize_t sent =
      ::send(socket.native_handle(), line.data(), line.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  if (sent >= 0) return static_cast<std::size_t>(sent);
  if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
    error = boost::system::error_code(errno, boost::system::system_category());
  }
  return 0;
}

}  // namespace

namespace {

// Bytes asked of each recvmsg: a request line is usually far shorter; a longer one takes several.
constexpr std::size_t kReceiveBytes = 16 * 1024;

// The error with its message in Japanese beside (error.data.messages.ja), as the dispatcher's.
std::string error_line(int code, const BilingualMessage& message) {
  return protocol::to_line(protocol::make_error(
      nullptr, code, message.english, protocol::with_japanese_message({}, message.japanese)));
}

// Why a long request stopped, as its client reads it (the request's own error, -32005).
BilingualMessage kiokud_stopping() {
  return bilingual("kiokud is stopping", "kiokud は停止するところです");
}
BilingualMessage client_left() {
  return bilingual("its client left", "依頼したクライアントが去りました");
}

// The connecting process's uid; -1 when the kernel cannot tell (then the client is refused).
long peer_uid(Socket& socket) {
  ucred credentials{};
  socklen_t length = sizeof credentials;
  if (getsockopt(socket.native_handle(), SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) {
    return -1;
  }
  return static_cast<long>(credentials.uid);
}

int open_spare_descriptor() {
  return ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

// True when something accepts connections on `path`.
bool someone_listens(const std::string& path) {
  const int probe = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (probe < 0) return false;
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  path.copy(address.sun_path, protocol::kMaxSocketPath);
  const bool answered =
      ::connect(probe, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
  ::close(probe);
  return answered;
}

// Which file a path named when it was looked at, to tell it from one put there since.
struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  bool known = false;
  bool operator==(const FileIdentity&) const = default;
};

FileIdentity identity_of(const std::string& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) return {};
  return {info.st_dev, info.st_ino, true};
}

}  // namespace

// The responses held for one commit: their sessions wait on `released`, which the commit
// cancels once it has returned.
struct CommitRound {
  explicit CommitRound(asio::io_context& io) : released(io) {
    released.expires_at(asio::steady_timer::time_point::max());
  }
  asio::steady_timer released;
  bool settled = false;
  std::optional<BilingualMessage> failure;
};

// What the worker and the server's thread share about one piece of later work
// (ResponseLine::later): whether it is to stop, and why. Nothing of asio's, so that the worker
// may hold the last reference.
struct WorkWatch {
  std::atomic<bool> cancelled = false;
  BilingualMessage reason;  // written on the server's thread before `cancelled`, read after it
  // Set by the worker when the report threw: the work did stop (one that never reports, a
  // backup, runs to its end however it was cancelled).
  std::atomic<bool> stopped = false;
  // Set by the worker when the work was stopped before it started (LaterWork::unstarted).
  std::atomic<bool> never_started = false;
};

// A response worked out off the server's thread (ResponseLine::later): its session waits on
// `finished`, which the worker's completion cancels on the server's thread. Only the server's
// thread holds it.
struct LaterResponse {
  explicit LaterResponse(asio::io_context& io) : finished(io) {
    finished.expires_at(asio::steady_timer::time_point::max());
  }
  asio::steady_timer finished;
  bool done = false;
  std::string text;
};

struct Server::Impl {
  Impl(std::string path, RequestHandler line_handler, const Clock& server_clock,
       ServerLimits server_limits, DurableWrites durable_writes)
      : socket_path(std::move(path)),
        handler(std::move(line_handler)),
        clock(server_clock),
        limits(server_limits),
        durable(std::move(durable_writes)),
        io(1),  // one thread owns the handler and the database
        acceptor(io),
        // SIGHUP too (StopSignals): its default action would end kiokud without removing its
        // socket or closing the collection. It reloads the configuration (when_hangup).
        signals(io),
        socket_watch(io, socket_path, [this] { check_socket_file(); }),
        idle_exit_timer(io),
        alarm_timer(io),
        quiet_timer(io),
        round(std::make_shared<CommitRound>(io)) {
    // Each pool's one thread by what it runs: a test tells by it where a request was read.
    asio::post(workers, [] { name_this_thread("kiokud-worker"); });
    asio::post(readers, [] { name_this_thread("kiokud-readers"); });
  }
  ~Impl() {
    if (spare_descriptor >= 0) ::close(spare_descriptor);
  }
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;

  std::string socket_path;
  RequestHandler handler;
  const Clock& clock;
  ServerLimits limits;
  DurableWrites durable;
  // Bytes of the lines queued for every session and not yet written whole (ServerLimits).
  // Declared before `io`: a session its destruction ends takes its lines' bytes off.
  std::size_t unread_bytes = 0;
  asio::io_context io;
  asio::local::stream_protocol::acceptor acceptor;
  StopSignals signals;
  SocketFileWatch socket_watch;
  asio::steady_timer idle_exit_timer;  // cancelled whenever a session begins or ends
  TimestampMs idle_since = 0;          // when the last session ended (or run() began)
  asio::steady_timer alarm_timer;      // waits for alarm_at (Server::set_alarm)
  std::optional<TimestampMs> alarm_at;
  std::function<void()> alarm_ring;
  std::uint64_t alarm_generation = 0;  // a wait of an older alarm finds it changed and returns
  // Server::run_beside_when_quiet: the work waiting for a quiet moment, and when one can come.
  asio::steady_timer quiet_timer;
  std::vector<std::function<void()>> waiting_for_quiet;
  std::size_t requests_in_progress = 0;
  std::chrono::steady_clock::time_point last_request_activity = std::chrono::steady_clock::now();
  std::size_t listening_sessions = 0;  // sessions that only listen (Session::keep_listening)
  std::function<void()> stopping_hook;
  std::function<void()> hangup_hook;
  // Waits for the next stop signal; a SIGHUP runs hangup_hook and waits again.
  void wait_for_signals();
  FileIdentity socket_file;       // the socket file bound last
  FileIdentity socket_directory;  // its directory when kiokud started
  bool replacement_reported = false;
  struct Connection;
  std::set<Connection*> sessions;
  // Held in reserve so that, out of descriptors, the daemon can still accept one connection,
  // tell it why, and close it, instead of leaving clients hanging and accept() spinning.
  int spare_descriptor = open_spare_descriptor();
  bool stopping = false;
  // The idle exit has cancelled the accept and stops once the cancelled accept comes back; an
  // accept that had already taken a client comes back with it instead, and that client is served.
  bool idle_exit_pending = false;
  bool listening = false;
  std::shared_ptr<CommitRound> round;  // the one responses held now wait for
  bool commit_posted = false;
  // Runs the responses handlers answer later (a backup): one at a time, beside the server's
  // thread. Declared after `io`, so it is joined first; run() does not return while a session
  // waits for one, so its completion always finds `io`.
  asio::thread_pool workers{1};
  // Runs the later work that only reads (LaterWork::reads_only), one at a time, beside the
  // worker: a search waits behind no import. Joined before the worker, after `io` as it is.
  asio::thread_pool readers{1};

  // The later work running or queued now, for stop() to cancel.
  std::set<std::shared_ptr<WorkWatch>> watched_work;

  // A LaterWork's `started` or `finished`, on the server's thread: a failure (out of memory) is
  // logged, and the work or its response goes on; the worst it leaves is a write beside the
  // work waiting for SQLite's lock instead of being refused.
  static void run_on_server(const std::function<void()>& step, const char* when,
                            const std::string& method) noexcept {
    if (!step) return;
    try {
      step();
    } catch (const std::exception& error) {
      std::cerr << log_error << "kiokud: " << when << ' ' << method << ": " << error.what() << '\n';
    } catch (...) {
      std::cerr << log_error << "kiokud: " << when << ' ' << method << ": a failure\n";
    }
  }

  // Runs `work` on the worker (on the readers' thread when it only reads) and returns the line
  // it made, once it is done; the server's thread serves the other sessions meanwhile. The
  // work's progress reaches the server's thread at most every limits.progress_interval: each
  // time, a client that has gone cancels the work, and one that asked hears a request.progress
  // notification.
  awaitable<std::string> answer_later(LaterWork work, const std::shared_ptr<Connection>& session) {
    auto waiting = std::make_shared<LaterResponse>(io);
    auto watch = std::make_shared<WorkWatch>();
    watched_work.insert(watch);
    // A request read after stop() began (its bytes were in the socket before the reads ended).
    if (stopping) cancel(*watch, kiokud_stopping());
    ProgressReport progress(progress_sink(watch, session, work));
    asio::thread_pool& runner = work.reads_only ? readers : workers;
    asio::post(runner, [this, waiting, watch, progress = std::move(progress),
                        client = std::weak_ptr<Connection>(session), make = std::move(work.make),
                        started = std::move(work.started), finished = std::move(work.finished),
                        unstarted = std::move(work.unstarted), method = work.method]() mutable {
      // On the server's thread, as the work is taken up: a client that left while it waited
      // here behind other work is not worked for (a rebuild queued and left refused every
      // write for seconds), and what must hold while it runs is set up. The server's thread
      // runs until this work has answered (its session waits for it), so what is posted there
      // runs, kiokud stopping or not.
      auto ran = std::make_shared<std::promise<bool>>();
      std::future<bool> taken_up = ran->get_future();
      asio::post(io, [watch, client, started = std::move(started), ran = std::move(ran), method,
                      can_refuse = static_cast<bool>(unstarted)] {
        const std::shared_ptr<Connection> session = client.lock();
        if (!session || session->hung_up()) cancel(*watch, client_left());
        const bool go_on = !can_refuse || !watch->cancelled.load();
        if (go_on) run_on_server(started, "before", method);
        ran->set_value(go_on);
      });
      // Should the server's loop have ended all the same (by an exception) with the handler
      // still queued, it never runs, and this thread, joined before the loop is destroyed,
      // would wait for it for good: the work is given up, as its session is gone with the loop.
      while (taken_up.wait_for(std::chrono::milliseconds(100)) == std::future_status::timeout) {
        if (io.stopped()) {
          watch->stopped = true;
          return;
        }
      }
      bool go_on = false;
      try {
        go_on = taken_up.get();
      } catch (const std::future_error&) {
        return;  // the handler destroyed unrun: the same
      }
      std::string text;
      if (go_on) {
        text = make(progress);
      } else {
        watch->stopped = true;
        watch->never_started = true;
        text = unstarted(watch->reason);
        finished = nullptr;  // nothing was started
      }
      // What the work held (a passed file among it) is let go of before the response can be
      // sent: a client that has its reply finds the file closed.
      make = {};
      // Handed over, not copied: the response must be let go of on the server's thread, which
      // owns its timer. `finished` runs in this same handler, not once the session resumes: the
      // worker posts the next work's `started` after this, and the two must come in that order
      // (an import's refusal of writes lifted after the next one had set its own).
      asio::post(io, [waiting = std::move(waiting), text = std::move(text),
                      finished = std::move(finished), method = std::move(method)]() mutable {
        run_on_server(finished, "after", method);
        waiting->text = std::move(text);
        waiting->done = true;
        waiting->finished.cancel();
      });
    });
    while (!waiting->done) {
      boost::system::error_code cancelled;
      co_await waiting->finished.async_wait(asio::redirect_error(use_awaitable, cancelled));
    }
    watched_work.erase(watch);
    if (watch->stopped) {
      std::cerr << log_info << "kiokud: " << work.method
                << (watch->never_started ? " not started: " : " stopped: ") << watch->reason.english
                << '\n';
    }
    co_return std::move(waiting->text);
  }

  // Called on the server's thread only.
  static void cancel(WorkWatch& watch, BilingualMessage reason) {
    if (watch.cancelled) return;
    watch.reason = std::move(reason);
    watch.cancelled.store(true, std::memory_order_release);
  }

  // The report the later work tells, on the worker: it throws once the work is cancelled, and
  // passes a report on to the server's thread when the stage changes, the stage is done, or
  // limits.progress_interval has passed since the last one.
  ProgressReport::Sink progress_sink(std::shared_ptr<WorkWatch> watch,
                                     const std::shared_ptr<Connection>& session,
                                     const LaterWork& work) {
    struct Passed {
      std::optional<WorkStage> stage;
      std::chrono::steady_clock::time_point at;
    };
    // A weak reference: the worker may let go of the sink last, and a session must end on the
    // server's thread.
    std::weak_ptr<Connection> client = session;
    std::optional<std::string> id;  // JSON text as the request wrote it, as its response has it
    if (work.notify_progress) id = work.id;
    return [this, watch = std::move(watch), client = std::move(client), id = std::move(id),
            passed = Passed{}](WorkStage stage, double fraction,
                               std::optional<std::uint64_t> cards) mutable {
      if (watch->cancelled.load(std::memory_order_acquire)) {
        watch->stopped = true;
        throw WorkCancelled(watch->reason);
      }
      const auto now = std::chrono::steady_clock::now();
      if (passed.stage == stage && fraction < 1.0 && now - passed.at < limits.progress_interval) {
        return;
      }
      passed = {stage, now};
      asio::post(io, [watch, client, id, stage, fraction, cards] {
        const std::shared_ptr<Connection> session = client.lock();
        if (!session || session->hung_up()) {
          cancel(*watch, client_left());
          return;
        }
        if (id) {
          session->send_notification(
              protocol::request_progress_line(*id, work_stage_name(stage), fraction, cards));
        }
      });
    };
  }

  // Waits for the alarm in steady time, at most kAlarmLook at a time.
  void arm_alarm() {
    const std::uint64_t generation = ++alarm_generation;
    if (!alarm_at || stopping) {
      alarm_timer.cancel();
      return;
    }
    const auto look = std::chrono::duration_cast<std::chrono::milliseconds>(Server::kAlarmLook);
    const std::int64_t wait = std::clamp<std::int64_t>(*alarm_at - clock.now(), 0, look.count());
    alarm_timer.expires_after(std::chrono::milliseconds(wait));
    alarm_timer.async_wait([this, generation](const boost::system::error_code&) {
      if (generation == alarm_generation) check_alarm();
    });
  }

  // Rings the alarm once the clock has reached it; otherwise waits again.
  void check_alarm() {
    if (!alarm_at || stopping) return;
    if (clock.now() < *alarm_at) {
      arm_alarm();
      return;
    }
    alarm_at.reset();
    ++alarm_generation;
    const std::function<void()> ring = std::move(alarm_ring);
    alarm_ring = nullptr;
    try {
      ring();  // may set the next alarm
    } catch (const std::exception& error) {
      std::cerr << log_error << "kiokud: alarm failed: " << error.what() << '\n';
    }
  }

  // Posted, not run now: the round runs after the completions already queued (requests that
  // arrived meanwhile), and their writes join its commit. One round is posted at a time.
  void post_commit_round() {
    if (commit_posted) return;
    commit_posted = true;
    asio::post(io, [this] { commit_round(); });
  }

  // Commits what the requests handled so far wrote, then releases their held responses.
  void commit_round() {
    commit_posted = false;
    const std::shared_ptr<CommitRound> ending =
        std::exchange(round, std::make_shared<CommitRound>(io));
    try {
      durable.commit();
    } catch (const std::exception& error) {
      std::cerr << log_error
                << "kiokud: commit failed; its held responses become errors: " << error.what()
                << '\n';
      const auto* said = dynamic_cast<const Error*>(&error);
      ending->failure = said != nullptr ? said->message() : same_in_both(error.what());
    }
    ending->settled = true;
    ending->released.cancel();
  }

  // Waits until the commit holding the request's writes has returned; gives the response to
  // send, or its errors when that commit failed.
  awaitable<std::string> after_commit(ResponseLine response) {
    const std::shared_ptr<CommitRound> waiting_for = round;
    if (!commit_posted && sessions.size() - listening_sessions == 1) {
      // A lone client has nobody to share the commit with: commit now rather than after a trip
      // through the event loop, which cost one client about a sixth of its answer rate.
      commit_round();
    } else {
      post_commit_round();
    }
    while (!waiting_for->settled) {
      boost::system::error_code cancelled;
      co_await waiting_for->released.async_wait(asio::redirect_error(use_awaitable, cancelled));
    }
    if (waiting_for->failure) co_return failed_commit_response(response, *waiting_for->failure);
    co_return std::move(response.text);
  }

  // Binds and listens on socket_path (mode 0600), closing the acceptor's previous socket first.
  // Returns what failed, or an empty string. The socket is bound under a name of its own and
  // linked to socket_path only once it listens: a client that sees the file appear (a watcher,
  // an autostart) and connects at once would otherwise be refused in the moment between bind
  // and listen, and conclude that kiokud does not listen.
  std::string bind_socket() {
    boost::system::error_code error;
    acceptor.close(error);
    error.clear();
    acceptor.open(asio::local::stream_protocol(), error);
    const std::string bound = unlisted_name();
    ::unlink(bound.c_str());  // left by a kiokud that died in this very moment
    // The umask makes bind create the socket as 0600, with no moment of looser permissions.
    const mode_t previous_mask = ::umask(0177);
    if (!error) acceptor.bind(asio::local::stream_protocol::endpoint(bound), error);
    ::umask(previous_mask);
    if (!error) acceptor.listen(asio::socket_base::max_listen_connections, error);
    if (!error && bound != socket_path) {
      // link, not rename: it never replaces a file that took the name meanwhile.
      if (::link(bound.c_str(), socket_path.c_str()) != 0) {
        error = boost::system::error_code(errno, boost::system::system_category());
      }
      ::unlink(bound.c_str());
    }
    if (error) return error.message();
    socket_file = identity_of(socket_path);
    listening = true;
    return {};
  }

  // Where bind_socket binds before the socket is linked to its name: beside it, so that the
  // link stays on one file system; the name itself when the other would not fit in sun_path.
  std::string unlisted_name() const {
    const std::size_t slash = socket_path.find_last_of('/');
    const std::size_t base = slash == std::string::npos ? 0 : slash + 1;
    std::string name = socket_path.substr(0, base) + "." + socket_path.substr(base) + ".binding";
    return name.size() < sizeof(sockaddr_un::sun_path) ? name : socket_path;
  }

  // The socket's directory is missing or not the one kiokud started with: it may be made again,
  // but only trusted as kiokud's own (owned by us, closed to others), as at start-up.
  std::string prepare_directory() {
    const std::string directory = protocol::parent_directory(socket_path);
    if (identity_of(directory) == socket_directory) return {};
    try {
      protocol::ensure_private_directory(directory);
    } catch (const std::exception& error) {
      return error.what();
    }
    return {};
  }

  // The socket file may have changed: if it is gone, binds it again, so that clients reach this
  // daemon rather than try to start another one that the collection lock would refuse.
  void check_socket_file() {
    if (stopping) return;
    const FileIdentity now = identity_of(socket_path);
    if (now == socket_file) return;
    if (now.known) {
      // Something else took the name (a file moved over it): not ours to remove.
      if (!replacement_reported) {
        std::cerr << log_warning << "kiokud: " << socket_path
                  << " was replaced by another file; kiokud leaves "
                  << "it alone, and clients cannot reach it until it is removed\n";
        replacement_reported = true;
      }
      socket_watch.look_again();
      return;
    }
    replacement_reported = false;
    std::string problem = prepare_directory();
    if (problem.empty()) problem = bind_socket();
    if (!problem.empty()) {
      std::cerr << log_error << "kiokud: socket " << socket_path
                << " was removed and cannot be made again (" << problem << "); trying again in "
                << SocketFileWatch::kLookInterval.count() << " s\n";
      socket_watch.look_again();
      return;
    }
    std::cerr << log_warning << "kiokud: socket " << socket_path
              << " was removed; listening on it again\n";
    socket_watch.watch();
    asio::co_spawn(io, listen_loop(), asio::detached);
  }

  // Removes the socket file on the way out, if it is still the one kiokud made.
  void remove_socket_file() {
    if (listening && identity_of(socket_path) == socket_file) ::unlink(socket_path.c_str());
    listening = false;
  }

  void stop() {
    if (stopping) return;
    stopping = true;
    if (stopping_hook) stopping_hook();
    boost::system::error_code ignored;
    socket_watch.stop();
    idle_exit_timer.cancel();
    alarm_at.reset();
    alarm_timer.cancel();
    // What waits for quiet is upkeep nobody waits for (a WAL checkpoint, which closing the
    // collection does anyway).
    waiting_for_quiet.clear();
    quiet_timer.cancel();
    // A fit or a simulation would hold the stop up for minutes; its client hears why it ended.
    for (const std::shared_ptr<WorkWatch>& watch : watched_work) cancel(*watch, kiokud_stopping());
    acceptor.close(ignored);
    signals.cancel();
    // Ending reads (not writes) lets a response being written still reach its client.
    for (Connection* session : sessions) {
      session->socket.shutdown(Socket::shutdown_receive, ignored);
    }
  }

  // One client connection: its socket, the idle deadline its watchdog enforces, and the lines
  // waiting to be written to it.
  struct Connection final : Session {
    Connection(Impl& owner, Socket connected)
        : server(owner),
          socket(std::move(connected)),
          timer(socket.get_executor()),
          written(socket.get_executor()),
          deadline(owner.idle_deadline()) {
      written.expires_at(asio::steady_timer::time_point::max());
    }
    Impl& server;
    Socket socket;
    asio::steady_timer timer;
    asio::steady_timer written;  // cancelled each time the writer stops: wakes a waiting response
    TimestampMs deadline;
    bool finished = false;
    // Its request's answer is being made on the worker: the client waits for it, which is no
    // idleness however long it takes.
    bool answering_later = false;
    bool listening = false;  // keep_listening() was called

    void keep_listening() override {
      if (listening) return;
      listening = true;
      ++server.listening_sessions;
      timer.cancel();  // its watchdog stops counting idleness
    }

    struct Outgoing {
      std::string line;
      bool notification;
    };
    std::deque<Outgoing> outbox;  // in the order they are to be written
    bool writing = false;         // a writer has them; only one at a time may
    std::uint64_t queued = 0;     // lines ever queued
    std::uint64_t sent = 0;       // lines ever written whole
    std::size_t unsent_notification_bytes = 0;
    std::size_t outbox_bytes = 0;  // of the lines in `outbox`, counted in server.unread_bytes

    ~Connection() override { server.unread_bytes -= outbox_bytes; }

    void queue(std::string line, bool notification) {
      outbox_bytes += line.size();
      server.unread_bytes += line.size();
      outbox.push_back({std::move(line), notification});
      ++queued;
    }
    void drop_front() {
      outbox_bytes -= outbox.front().line.size();
      server.unread_bytes -= outbox.front().line.size();
      outbox.pop_front();
    }

    bool ended() const noexcept override { return finished || !socket.is_open(); }

    // The client has closed the connection (POLLHUP), not only its writing half: one that sent
    // its request and shut its writing down still waits for the answer.
    bool hung_up() {
      if (ended()) return true;
      pollfd state{socket.native_handle(), 0, 0};
      return ::poll(&state, 1, 0) > 0 && (state.revents & (POLLHUP | POLLERR)) != 0;
    }

    void send_notification(std::string line) override {
      if (ended()) return;
      if (unsent_notification_bytes + line.size() > server.limits.max_unsent_notification_bytes) {
        std::cerr << log_warning << "kiokud: a client left " << unsent_notification_bytes
                  << " bytes of notifications unread; its connection is closed\n";
        boost::system::error_code ignored;
        socket.close(ignored);
        return;
      }
      unsent_notification_bytes += line.size();
      queue(std::move(line), true);
      if (writing) return;
      // Posted: a notification pushed while a request is handled waits for nothing, and its
      // response, queued after it, is written after it by the same writer.
      writing = true;
      asio::co_spawn(socket.get_executor(),
                     server.write_queued(std::static_pointer_cast<Connection>(shared_from_this())),
                     asio::detached);
    }
  };

  TimestampMs idle_deadline() const {
    return clock.now() +
           std::chrono::duration_cast<std::chrono::milliseconds>(limits.idle_timeout).count();
  }

  // Writes the session's queued lines in order until none is left. The caller has set
  // `writing`: there is one writer at a time, so lines never interleave.
  awaitable<void> write_queued(std::shared_ptr<Connection> session) {
    while (!session->outbox.empty()) {
      const std::string& line = session->outbox.front().line;
      boost::system::error_code error;
      // Most lines fit the socket's buffer and go at once: written here, they skip the trip
      // through the event loop an asynchronous write's completion takes, which cost every
      // answer one more epoll_wait.
      const std::size_t sent_now = send_at_once(session->socket, line, error);
      if (!error && sent_now < line.size()) {
        co_await asio::async_write(session->socket,
                                   asio::buffer(line.data() + sent_now, line.size() - sent_now),
                                   asio::redirect_error(use_awaitable, error));
      }
      if (error) {
        // The client left without reading, or its connection was closed: nothing more reaches
        // it.
        boost::system::error_code ignored;
        session->socket.close(ignored);
        while (!session->outbox.empty()) session->drop_front();
        session->unsent_notification_bytes = 0;
        break;
      }
      const bool response = !session->outbox.front().notification;
      if (!response) session->unsent_notification_bytes -= session->outbox.front().line.size();
      session->drop_front();
      ++session->sent;
      // Its session may read the next request while later notifications are still written.
      if (response) session->written.cancel();
    }
    session->writing = false;
    session->written.cancel();
  }

  // The error that stands for a read's response of `bytes` bytes, which would take the lines
  // held for clients that have not read them past limits.max_unread_bytes.
  std::string too_much_unread(const ResponseLine& response, std::size_t bytes) const {
    const auto megabytes = [](std::size_t count) {  // to the nearest MiB
      return std::to_string((count + 512 * 1024) / (1024 * 1024));
    };
    std::cerr << log_warning << "kiokud: a reply of " << bytes << " bytes refused: " << unread_bytes
              << " bytes of replies are held unread\n";
    return error_response(
        response, protocol::code::kUnavailable,
        bilingual(
            "a reply of {bytes} MiB is not sent: kiokud already holds {held} MiB of replies "
            "that clients have not read (at most {limit} MiB); ask again later, or for less",
            "{bytes} MiB の返信は送りません: クライアントが読んでいない返信を kiokud が既に "
            "{held} MiB 抱えています (上限 {limit} MiB)。後でもう一度、または少なく求めてください",
            {{"bytes", megabytes(bytes)},
             {"held", megabytes(unread_bytes)},
             {"limit", megabytes(limits.max_unread_bytes)}}));
  }

  // Queues the response after whatever notifications wait, and returns once it is written;
  // false when the client can no longer be written to.
  awaitable<bool> send_response(std::shared_ptr<Connection> session, std::string response) {
    session->queue(std::move(response), false);
    const std::uint64_t mine = session->queued;
    if (!session->writing) {
      session->writing = true;
      co_await write_queued(session);
    }
    while (session->sent < mine && session->socket.is_open()) {
      boost::system::error_code cancelled;
      co_await session->written.async_wait(asio::redirect_error(use_awaitable, cancelled));
    }
    co_return session->sent >= mine;
  }

  // Closes the session's socket once it has been idle past its deadline. Runs beside the
  // session rather than racing it, so a failing write can never leave either one waiting.
  awaitable<void> watchdog(std::shared_ptr<Connection> session) {
    while (!session->finished) {
      if (session->listening) co_return;
      const TimestampMs now = clock.now();
      if (now >= session->deadline && session->answering_later) {
        session->deadline = idle_deadline();
      } else if (now >= session->deadline) {
        boost::system::error_code ignored;
        session->socket.close(ignored);
        co_return;
      }
      session->timer.expires_after(std::chrono::milliseconds(session->deadline - now));
      boost::system::error_code error;
      co_await session->timer.async_wait(asio::redirect_error(use_awaitable, error));
    }
  }

  // The timers wait in steady time and the deadlines are in the injected clock's, which may run
  // ahead of it (a wall clock set forward, a fake clock in a test): a client arriving is also
  // when every session past its deadline is closed, so that none holds a place past its time.
  void close_idle_sessions() {
    const TimestampMs now = clock.now();
    for (Connection* session : sessions) {
      if (!session->finished && !session->listening && !session->answering_later &&
          now >= session->deadline) {
        boost::system::error_code ignored;
        session->socket.close(ignored);
      }
    }
  }

  // Waits until the socket has bytes (or its end) and receives them with any descriptors passed
  // alongside. Returns false when the session is over: end of stream, an error, or closed.
  awaitable<bool> receive(Socket& socket, RequestLines& lines) {
    for (;;) {
      boost::system::error_code error;
      co_await socket.async_wait(Socket::wait_read, asio::redirect_error(use_awaitable, error));
      if (error || !socket.is_open()) co_return false;
      PassedDescriptors passed;
      const ssize_t received =
          receive_with_descriptors(socket.native_handle(), lines.prepare(kReceiveBytes), passed);
      if (received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
        lines.commit(0, std::move(passed));
        continue;
      }
      lines.commit(received > 0 ? static_cast<std::size_t>(received) : 0, std::move(passed));
      co_return received > 0;
    }
  }

  awaitable<void> serve_lines(std::shared_ptr<Connection> session) {
    Socket& socket = session->socket;
    RequestLines lines(limits.max_line_bytes);
    bool served_since_receive = false;
    for (;;) {
      std::optional<RequestLine> request = lines.next();
      if (!request && lines.overlong()) {
        // Made before the co_await: GCC fails on bilingual()'s braced values inside a
        // co_await's expression ("array used as initializer").
        std::string refusal =
            error_line(protocol::code::kInvalidRequest,
                       bilingual("request line longer than {bytes} bytes",
                                 "リクエストの行が {bytes} バイトを超えています",
                                 {{"bytes", std::to_string(limits.max_line_bytes)}}));
        co_await send_response(session, std::move(refusal));
        co_return;
      }
      if (!request) {
        if (!co_await receive(socket, lines)) co_return;
        served_since_receive = false;
        continue;
      }
      // A client that sends requests without waiting for their answers takes turns with the
      // others: each line after the first that one read brought waits behind whatever else is
      // ready (other clients' requests, their writes' commits). Without it, one client kept
      // writing cheap requests and no other was answered while it did. A client that waits for
      // each answer brings one line a read and never yields here.
      if (served_since_receive) {
        co_await asio::post(io, use_awaitable);
        if (stopping || !socket.is_open()) co_return;
      }
      served_since_receive = true;
      // A request that takes long (a rebuild, a commit behind a slow disk) is not idleness.
      session->deadline = idle_deadline();
      const RequestActivity activity(*this);
      // The clock may have been set past the alarm since it was armed (Server::set_alarm).
      if (alarm_at && clock.now() >= *alarm_at) check_alarm();
      const std::string_view line(request->text);
      ResponseLine response;
      const std::uint64_t writes_before = durable.write_count();
      if (line.find_first_not_of(" \t") != std::string_view::npos) {
        response = handler(line, std::move(request->descriptors), *session);
      }
      request.reset();  // closes whatever descriptor the handler left
      std::string text;
      // Whether the response may be refused for being too large to hold: a read's, never an
      // acknowledgement's.
      bool a_read = !response.later || response.later.reads_only;
      if (response.later) {
        session->answering_later = true;
        text = co_await answer_later(std::move(response.later), session);
        session->answering_later = false;
      } else if (durable.write_count() != writes_before) {
        a_read = false;
        text = co_await after_commit(std::move(response));
      } else {
        text = std::move(response.text);
      }
      if (a_read && text.size() > kLargeResponseBytes &&
          unread_bytes + text.size() > limits.max_unread_bytes) {
        text = too_much_unread(response, text.size());
      }
      if (!text.empty() && !co_await send_response(session, std::move(text))) {
        co_return;  // the client left without reading its answer
      }
      if (stopping) co_return;
      session->deadline = idle_deadline();
    }
  }

  // A request from its line to its response's last byte, for Server::run_beside_when_quiet.
  class RequestActivity {
   public:
    explicit RequestActivity(Impl& server) : server_(server) {
      ++server_.requests_in_progress;
      server_.last_request_activity = std::chrono::steady_clock::now();
    }
    ~RequestActivity() {
      --server_.requests_in_progress;
      server_.last_request_activity = std::chrono::steady_clock::now();
    }
    RequestActivity(const RequestActivity&) = delete;
    RequestActivity& operator=(const RequestActivity&) = delete;

   private:
    Impl& server_;
  };

  // Hands what waits for quiet to the worker once no request has been in progress for
  // limits.quiet_before_upkeep, looking at `when` first and again whenever the quiet can first
  // be complete.
  void wait_for_quiet(std::chrono::steady_clock::time_point when) {
    quiet_timer.expires_at(when);
    quiet_timer.async_wait([this](const boost::system::error_code& error) {
      if (error || stopping || waiting_for_quiet.empty()) return;
      const auto now = std::chrono::steady_clock::now();
      // A request in progress ends with an activity: a whole quiet time from now is the
      // earliest it can be over.
      const auto quiet_from =
          (requests_in_progress > 0 ? now : last_request_activity) + limits.quiet_before_upkeep;
      if (now < quiet_from) {
        wait_for_quiet(quiet_from);
        return;
      }
      for (std::function<void()>& work : std::exchange(waiting_for_quiet, {})) {
        post_to_worker(std::move(work));
      }
    });
  }

  void post_to_worker(std::function<void()> work) {
    asio::post(workers, [work = std::move(work)] {
      try {
        work();
      } catch (const std::exception& error) {
        std::cerr << log_error << "kiokud: " << error.what() << '\n';
      }
    });
  }

  awaitable<void> run_session(Socket socket) {
    auto session = std::make_shared<Connection>(*this, std::move(socket));
    sessions.insert(session.get());
    idle_exit_timer.cancel();
    if (stopping) {
      // Accepted just before stop() ran, which did not see it yet: end its reads too.
      boost::system::error_code ignored;
      session->socket.shutdown(Socket::shutdown_receive, ignored);
    }
    asio::co_spawn(io, watchdog(session), asio::detached);
    try {
      co_await serve_lines(session);
    } catch (const std::exception& error) {
      std::cerr << log_error << "kiokud: session ended by an error: " << error.what() << '\n';
    }
    session->finished = true;
    if (session->listening) --listening_sessions;
    session->timer.cancel();
    boost::system::error_code ignored;
    session->socket.close(ignored);
    sessions.erase(session.get());
    if (sessions.empty()) {
      idle_since = clock.now();
      idle_exit_timer.cancel();
    }
  }

  // True when a client waits in the listening socket's backlog, not accepted yet.
  bool client_waiting() {
    pollfd waiting{acceptor.native_handle(), POLLIN, 0};
    return ::poll(&waiting, 1, 0) > 0 && (waiting.revents & POLLIN) != 0;
  }

  // Stops the server once no client has been connected for limits.idle_exit. A connected client,
  // however quiet, keeps kiokud running (its own idle timeout ends it first); a held response
  // means a session, so no commit is ever in flight when this stops. Deadlines are in the
  // injected clock's time, as the sessions' are.
  awaitable<void> idle_exit_watch() {
    const auto idle_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(limits.idle_exit).count();
    while (!stopping) {
      if (sessions.empty() && !commit_posted && !idle_exit_pending) {
        const TimestampMs now = clock.now();
        if (now >= idle_since + idle_ms) {
          if (!client_waiting()) {
            // Not stop() here: the accept may have taken a client whose completion is queued
            // behind this wake-up, and closing the acceptor now would drop that client.
            idle_exit_pending = true;
            boost::system::error_code ignored;
            acceptor.cancel(ignored);
            continue;
          }
          // The listener is about to take the waiting client; a new idle period begins.
          idle_since = now;
        }
        idle_exit_timer.expires_after(std::chrono::milliseconds(idle_since + idle_ms - now));
      } else {
        idle_exit_timer.expires_at(asio::steady_timer::time_point::max());
      }
      boost::system::error_code woken;
      co_await idle_exit_timer.async_wait(asio::redirect_error(use_awaitable, woken));
    }
  }

  awaitable<void> refuse(Socket socket, std::string reply) {
    try {
      co_await asio::async_write(socket, asio::buffer(reply), use_awaitable);
    } catch (const std::exception&) {
    }
  }

  // accept() failed for want of descriptors: spends the spare one on the waiting client.
  awaitable<void> refuse_without_descriptors() {
    if (spare_descriptor >= 0) ::close(spare_descriptor);
    const int client =
        ::accept4(acceptor.native_handle(), nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (client >= 0) {
      const std::string reply = error_line(
          protocol::code::kUnavailable,
          bilingual(
              "kiokud has run out of file descriptors; close other kioku clients and try again",
              "kiokud のファイルディスクリプタが尽きました。ほかの kioku "
              "クライアントを閉じてから、もう一度試してください"));
      [[maybe_unused]] const ssize_t written = ::send(client, reply.data(), reply.size(), 0);
      ::close(client);
    }
    spare_descriptor = open_spare_descriptor();
    if (client < 0 || spare_descriptor < 0) {
      // Nothing to give back yet: wait a little for a session to end rather than spin.
      asio::steady_timer pause(io, std::chrono::milliseconds(100));
      boost::system::error_code ignored;
      co_await pause.async_wait(asio::redirect_error(use_awaitable, ignored));
    }
  }

  void stop_when_idle() {
    std::cerr << log_info << "kiokud: no client for " << limits.idle_exit.count()
              << " s (--idle-exit); stopping\n";
    stop();
  }

  awaitable<void> listen_loop() {
    while (!stopping) {
      // The idle exit asked while no accept was pending: no client was taken, and those in the
      // backlog stay in the socket for whoever listens next (under systemd, the socket unit).
      if (idle_exit_pending) {
        stop_when_idle();
        co_return;
      }
      Socket socket(io);
      boost::system::error_code error;
      co_await acceptor.async_accept(socket, asio::redirect_error(use_awaitable, error));
      if (error == asio::error::operation_aborted) {
        if (idle_exit_pending && !stopping) stop_when_idle();
        co_return;
      }
      if (stopping) co_return;
      if (idle_exit_pending) {
        // The accept had taken a client before the idle exit cancelled it: serve the client;
        // a new idle period begins, and the idle exit looks again.
        idle_exit_pending = false;
        idle_since = clock.now();
        idle_exit_timer.cancel();
      }
      if (error == asio::error::no_descriptors || error.value() == ENFILE) {
        co_await refuse_without_descriptors();
        continue;
      }
      if (error) {
        std::cerr << log_error << "kiokud: accept failed: " << error.message() << '\n';
        continue;
      }
      close_idle_sessions();
      if (const long uid = peer_uid(socket); uid != static_cast<long>(::getuid())) {
        std::string refusal = error_line(
            protocol::code::kPermission,
            bilingual("refused: this kiokud serves only uid {own}, not uid {uid}; run your own "
                      "kiokud",
                      "拒否しました: この kiokud が応じるのは uid {own} だけで、uid {uid} "
                      "には応じません。自分の kiokud を起動してください",
                      {{"own", std::to_string(::getuid())}, {"uid", std::to_string(uid)}}));
        asio::co_spawn(io, refuse(std::move(socket), std::move(refusal)), asio::detached);
        continue;
      }
      if (sessions.size() >= limits.max_clients) {
        std::string refusal = error_line(
            protocol::code::kUnavailable,
            bilingual("kiokud is serving its limit of {count} clients; close some and try again "
                      "(kiokud --max-clients raises the limit)",
                      "kiokud は上限の {count} クライアントに応じています。いくつか閉じてから、"
                      "もう一度試してください（kiokud --max-clients で上限を上げられます）",
                      {{"count", std::to_string(limits.max_clients)}}));
        asio::co_spawn(io, refuse(std::move(socket), std::move(refusal)), asio::detached);
        continue;
      }
      asio::co_spawn(io, run_session(std::move(socket)), asio::detached);
    }
  }
};

Server::Server(std::string socket_path, RequestHandler handler, const Clock& clock,
               ServerLimits limits, DurableWrites durable_writes)
    : impl_(std::make_unique<Impl>(std::move(socket_path), std::move(handler), clock, limits,
                                   std::move(durable_writes))) {}

Server::~Server() {
  impl_->remove_socket_file();
}

void Server::listen() {
  const std::string& path = impl_->socket_path;
  struct stat info {};
  if (::lstat(path.c_str(), &info) == 0) {
    if (!S_ISSOCK(info.st_mode)) {
      throw Error(ErrorCode::kPermission,
                  bilingual("{path} exists and is not a socket; remove it",
                            "{path} がありますが、ソケットではありません。削除してください",
                            {{"path", path}}));
    }
    if (someone_listens(path)) {
      throw Error(ErrorCode::kConflict,
                  bilingual("another kiokud already listens on {path}",
                            "別の kiokud が既に {path} で待ち受けています", {{"path", path}}));
    }
    ::unlink(path.c_str());  // stale: left by a daemon that did not stop cleanly
  }
  if (const std::string problem = impl_->bind_socket(); !problem.empty()) {
    throw Error(ErrorCode::kUnavailable, bilingual("cannot listen on {path}: {problem}",
                                                   "{path} で待ち受けられません: {problem}",
                                                   {{"path", path}, {"problem", problem}}));
  }
  impl_->socket_directory = identity_of(protocol::parent_directory(path));
  impl_->socket_watch.watch();
}

void Server::adopt_listening_socket(int descriptor) {
  boost::system::error_code error;
  impl_->acceptor.assign(asio::local::stream_protocol(), descriptor, error);
  if (error) {
    ::close(descriptor);
    throw Error(ErrorCode::kUnavailable,
                bilingual("cannot listen on the socket systemd passed: {problem}",
                          "systemd が渡したソケットで待ち受けられません: {problem}",
                          {{"problem", error.message()}}));
  }
}

void Server::when_stopping(std::function<void()> stopping) {
  impl_->stopping_hook = std::move(stopping);
}

void Server::when_hangup(std::function<void()> reload) {
  impl_->hangup_hook = std::move(reload);
}

void Server::Impl::wait_for_signals() {
  signals.async_wait([this](int signal_number) {
    if (signal_number == SIGHUP) {
      std::cerr << log_info << "kiokud: SIGHUP received, reloading the configuration\n";
      if (hangup_hook) hangup_hook();
      wait_for_signals();
      return;
    }
    std::cerr << log_info << "kiokud: " << (signal_number == SIGINT ? "SIGINT" : "SIGTERM")
              << " received, stopping\n";
    stop();
  });
}

void Server::run() {
  impl_->wait_for_signals();
  asio::co_spawn(impl_->io, impl_->listen_loop(), asio::detached);
  if (impl_->limits.idle_exit.count() > 0) {
    impl_->idle_since = impl_->clock.now();
    asio::co_spawn(impl_->io, impl_->idle_exit_watch(), asio::detached);
  }
  run_event_loop(impl_->io, look_before_sleeping());
  // The threads end here, as they would with the server: the read connections they keep
  // (CollectionSnapshot) close with them, before kiokud's own, which is then the collection's
  // last and so copies the WAL into the file and removes it. Kept open past it, a clean stop
  // left the collection in its WAL (found by the session's review).
  impl_->readers.stop();
  impl_->readers.join();
  impl_->workers.stop();
  impl_->workers.join();
  impl_->remove_socket_file();
}

std::size_t Server::session_count() const noexcept {
  return impl_->sessions.size() - impl_->listening_sessions;
}

void Server::stop() {
  asio::post(impl_->io, [this] { impl_->stop(); });
}

void Server::commit_soon() {
  impl_->post_commit_round();
}

void Server::run_beside(std::function<void()> work) {
  impl_->post_to_worker(std::move(work));
}

void Server::run_beside_when_quiet(std::function<void()> work) {
  if (impl_->stopping) return;
  impl_->waiting_for_quiet.push_back(std::move(work));
  if (impl_->waiting_for_quiet.size() == 1) {
    impl_->wait_for_quiet(impl_->last_request_activity + impl_->limits.quiet_before_upkeep);
  }
}

void Server::set_alarm(TimestampMs when, std::function<void()> ring) {
  impl_->alarm_at = when;
  impl_->alarm_ring = std::move(ring);
  impl_->arm_alarm();
}

void Server::when_readable(int descriptor, std::function<void()> ready) {
  auto watched = std::make_shared<asio::posix::stream_descriptor>(impl_->io, descriptor);
  watched->async_wait(asio::posix::stream_descriptor::wait_read,
                      [watched, ready = std::move(ready)](const boost::system::error_code& error) {
                        if (error) return;  // the server is stopping
                        try {
                          ready();
                        } catch (const std::exception& failure) {
                          std::cerr << log_error << "kiokud: " << failure.what() << '\n';
                        }
                      });
}

void Server::cancel_alarm() {
  impl_->alarm_at.reset();
  impl_->alarm_ring = nullptr;
  impl_->arm_alarm();
}

}  // namespace kioku::daemon
