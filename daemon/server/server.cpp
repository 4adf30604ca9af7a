// Boost.Asio with C++20 coroutines: one listener coroutine, and per session one coroutine that
// serves it plus one idle watchdog beside it.
#include "daemon/server/server.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <utility>

#include "core/error.hpp"
#include "daemon/server/failed_commit.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace asio = boost::asio;
using asio::awaitable;
using asio::use_awaitable;
using Socket = asio::local::stream_protocol::socket;

namespace {

std::string error_line(int code, const std::string& message) {
  return protocol::to_line(protocol::make_error(nullptr, code, message));
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

}  // namespace

// The responses held for one commit: their sessions wait on `released`, which the commit
// cancels once it has returned.
struct CommitRound {
  explicit CommitRound(asio::io_context& io) : released(io) {
    released.expires_at(asio::steady_timer::time_point::max());
  }
  asio::steady_timer released;
  bool settled = false;
  std::optional<std::string> failure;
};

struct Server::Impl {
  Impl(std::string path, LineHandler line_handler, ServerLimits server_limits,
       DurableWrites durable_writes)
      : socket_path(std::move(path)),
        handler(std::move(line_handler)),
        limits(server_limits),
        durable(std::move(durable_writes)),
        io(1),  // one thread owns the handler and the database
        acceptor(io),
        // SIGHUP too: its default action would end kiokud without removing its socket or
        // closing the collection. kiokud has no configuration to reload, so it stops.
        signals(io, SIGINT, SIGTERM, SIGHUP),
        round(std::make_shared<CommitRound>(io)) {}
  ~Impl() {
    if (spare_descriptor >= 0) ::close(spare_descriptor);
  }
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;

  std::string socket_path;
  LineHandler handler;
  ServerLimits limits;
  DurableWrites durable;
  asio::io_context io;
  asio::local::stream_protocol::acceptor acceptor;
  asio::signal_set signals;
  std::set<Socket*> sessions;
  // Held in reserve so that, out of descriptors, the daemon can still accept one connection,
  // tell it why, and close it, instead of leaving clients hanging and accept() spinning.
  int spare_descriptor = open_spare_descriptor();
  bool stopping = false;
  bool listening = false;
  std::shared_ptr<CommitRound> round;  // the one responses held now wait for
  bool commit_posted = false;

  // Commits what the requests handled so far wrote, then releases their held responses.
  void commit_round() {
    commit_posted = false;
    const std::shared_ptr<CommitRound> ending =
        std::exchange(round, std::make_shared<CommitRound>(io));
    try {
      durable.commit();
    } catch (const std::exception& error) {
      std::cerr << "kiokud: commit failed; its held responses become errors: " << error.what()
                << '\n';
      ending->failure = error.what();
    }
    ending->settled = true;
    ending->released.cancel();
  }

  // Waits until the commit holding the request's writes has returned; gives the response to
  // send, or its errors when that commit failed.
  awaitable<std::string> after_commit(std::string response) {
    const std::shared_ptr<CommitRound> waiting_for = round;
    if (!commit_posted && sessions.size() == 1) {
      // A lone client has nobody to share the commit with: commit now rather than after a trip
      // through the event loop, which cost one client about a sixth of its answer rate.
      commit_round();
    } else if (!commit_posted) {
      // Posted, not run now: it runs after the completions already queued (requests that
      // arrived meanwhile), and their writes join this commit.
      commit_posted = true;
      asio::post(io, [this] { commit_round(); });
    }
    while (!waiting_for->settled) {
      boost::system::error_code cancelled;
      co_await waiting_for->released.async_wait(asio::redirect_error(use_awaitable, cancelled));
    }
    if (waiting_for->failure) co_return failed_commit_response(response, *waiting_for->failure);
    co_return response;
  }

  void stop() {
    if (stopping) return;
    stopping = true;
    boost::system::error_code ignored;
    acceptor.close(ignored);
    signals.cancel(ignored);
    // Ending reads (not writes) lets a response being written still reach its client.
    for (Socket* session : sessions) session->shutdown(Socket::shutdown_receive, ignored);
  }

  // One client connection: its socket, and the idle deadline its watchdog enforces.
  struct Session {
    Session(Socket connected, std::chrono::seconds idle_timeout)
        : socket(std::move(connected)),
          timer(socket.get_executor()),
          deadline(std::chrono::steady_clock::now() + idle_timeout) {}
    Socket socket;
    asio::steady_timer timer;
    std::chrono::steady_clock::time_point deadline;
    bool finished = false;
  };

  // Closes the session's socket once it has been idle past its deadline. Runs beside the
  // session rather than racing it, so a failing write can never leave either one waiting.
  awaitable<void> watchdog(std::shared_ptr<Session> session) {
    while (!session->finished) {
      session->timer.expires_at(session->deadline);
      boost::system::error_code error;
      co_await session->timer.async_wait(asio::redirect_error(use_awaitable, error));
      if (session->finished) co_return;
      if (std::chrono::steady_clock::now() >= session->deadline) {
        boost::system::error_code ignored;
        session->socket.close(ignored);
        co_return;
      }
    }
  }

  awaitable<void> serve_lines(Session& session) {
    Socket& socket = session.socket;
    std::string buffer;
    for (;;) {
      boost::system::error_code error;
      const std::size_t length = co_await asio::async_read_until(
          socket, asio::dynamic_buffer(buffer, limits.max_line_bytes + 1), '\n',
          asio::redirect_error(use_awaitable, error));
      if (error == asio::error::not_found) {
        const std::string reply = error_line(
            protocol::code::kInvalidRequest,
            "request line longer than " + std::to_string(limits.max_line_bytes) + " bytes");
        co_await asio::async_write(socket, asio::buffer(reply),
                                   asio::redirect_error(use_awaitable, error));
        co_return;
      }
      if (error) co_return;
      // A request that takes long (a rebuild, a commit behind a slow disk) is not idleness.
      session.deadline = std::chrono::steady_clock::now() + limits.idle_timeout;
      std::string_view line(buffer.data(), length - 1);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      std::string response;
      const std::uint64_t writes_before = durable.write_count();
      if (line.find_first_not_of(" \t") != std::string_view::npos) response = handler(line);
      buffer.erase(0, length);
      if (durable.write_count() != writes_before) {
        response = co_await after_commit(std::move(response));
      }
      if (!response.empty()) {
        co_await asio::async_write(socket, asio::buffer(response),
                                   asio::redirect_error(use_awaitable, error));
        if (error) co_return;  // the client left without reading its answer
      }
      if (stopping) co_return;
      session.deadline = std::chrono::steady_clock::now() + limits.idle_timeout;
    }
  }

  awaitable<void> run_session(Socket socket) {
    auto session = std::make_shared<Session>(std::move(socket), limits.idle_timeout);
    sessions.insert(&session->socket);
    if (stopping) {
      // Accepted just before stop() ran, which did not see it yet: end its reads too.
      boost::system::error_code ignored;
      session->socket.shutdown(Socket::shutdown_receive, ignored);
    }
    asio::co_spawn(io, watchdog(session), asio::detached);
    try {
      co_await serve_lines(*session);
    } catch (const std::exception& error) {
      std::cerr << "kiokud: session ended by an error: " << error.what() << '\n';
    }
    session->finished = true;
    session->timer.cancel();
    boost::system::error_code ignored;
    session->socket.close(ignored);
    sessions.erase(&session->socket);
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
          "kiokud has run out of file descriptors; close other kioku clients and try again");
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

  awaitable<void> listen_loop() {
    while (!stopping) {
      Socket socket(io);
      boost::system::error_code error;
      co_await acceptor.async_accept(socket, asio::redirect_error(use_awaitable, error));
      if (error == asio::error::operation_aborted || stopping) co_return;
      if (error == asio::error::no_descriptors || error.value() == ENFILE) {
        co_await refuse_without_descriptors();
        continue;
      }
      if (error) {
        std::cerr << "kiokud: accept failed: " << error.message() << '\n';
        continue;
      }
      if (const long uid = peer_uid(socket); uid != static_cast<long>(::getuid())) {
        asio::co_spawn(
            io,
            refuse(std::move(socket),
                   error_line(protocol::code::kPermission,
                              "refused: this kiokud serves only uid " + std::to_string(::getuid()) +
                                  ", not uid " + std::to_string(uid) + "; run your own kiokud")),
            asio::detached);
        continue;
      }
      if (sessions.size() >= limits.max_clients) {
        asio::co_spawn(
            io,
            refuse(std::move(socket), error_line(protocol::code::kUnavailable,
                                                 "kiokud is serving its limit of " +
                                                     std::to_string(limits.max_clients) +
                                                     " clients; close some and try again "
                                                     "(kiokud --max-clients raises the limit)")),
            asio::detached);
        continue;
      }
      asio::co_spawn(io, run_session(std::move(socket)), asio::detached);
    }
  }
};

Server::Server(std::string socket_path, LineHandler handler, ServerLimits limits,
               DurableWrites durable_writes)
    : impl_(std::make_unique<Impl>(std::move(socket_path), std::move(handler), limits,
                                   std::move(durable_writes))) {}

Server::~Server() {
  if (impl_->listening) ::unlink(impl_->socket_path.c_str());
}

void Server::listen() {
  const std::string& path = impl_->socket_path;
  struct stat info {};
  if (::lstat(path.c_str(), &info) == 0) {
    if (!S_ISSOCK(info.st_mode)) {
      throw Error(ErrorCode::kPermission, path + " exists and is not a socket; remove it");
    }
    if (someone_listens(path)) {
      throw Error(ErrorCode::kConflict, "another kiokud already listens on " + path);
    }
    ::unlink(path.c_str());  // stale: left by a daemon that did not stop cleanly
  }
  boost::system::error_code error;
  auto& acceptor = impl_->acceptor;
  acceptor.open(asio::local::stream_protocol(), error);
  // The umask makes bind create the socket as 0600, with no moment of looser permissions.
  const mode_t previous_mask = ::umask(0177);
  if (!error) acceptor.bind(asio::local::stream_protocol::endpoint(path), error);
  ::umask(previous_mask);
  if (!error) acceptor.listen(asio::socket_base::max_listen_connections, error);
  if (error) {
    throw Error(ErrorCode::kUnavailable, "cannot listen on " + path + ": " + error.message());
  }
  impl_->listening = true;
}

void Server::run() {
  impl_->signals.async_wait([this](const boost::system::error_code& error, int signal_number) {
    if (error) return;
    std::cerr << "kiokud: "
              << (signal_number == SIGINT   ? "SIGINT"
                  : signal_number == SIGHUP ? "SIGHUP"
                                            : "SIGTERM")
              << " received, stopping\n";
    impl_->stop();
  });
  asio::co_spawn(impl_->io, impl_->listen_loop(), asio::detached);
  impl_->io.run();
  if (impl_->listening) {
    ::unlink(impl_->socket_path.c_str());
    impl_->listening = false;
  }
}

void Server::stop() {
  asio::post(impl_->io, [this] { impl_->stop(); });
}

}  // namespace kioku::daemon
