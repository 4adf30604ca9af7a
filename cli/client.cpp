// Request/response over a Unix stream socket, one JSON object per line. Every wait (to send, for
// the reply) is a poll with the call's deadline, with SIGINT, SIGTERM and SIGHUP let through.
#include "cli/client.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "cli/connection_messages.hpp"
#include "cli/messages.hpp"
#include "cli/stop_signal_wait.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;
using Clock = std::chrono::steady_clock;

namespace {

std::string seconds_text(std::chrono::milliseconds duration, const ConnectionMessages& words) {
  const auto count = duration.count();
  const std::string number =
      count % 1000 == 0 ? std::to_string(count / 1000)
                        : std::to_string(count / 1000) + "." + std::to_string(count % 1000 / 100);
  return fill_in(words.seconds, {{"count", number}});
}

// sendmsg(2) of `line` with `descriptor` beside its first byte (SCM_RIGHTS): kiokud gives a
// descriptor to the request line its bytes came with (docs/protocol.md, "Passing a file").
ssize_t send_with_descriptor(int socket, const std::string& line, int descriptor) {
  iovec data{const_cast<char*>(line.data()), line.size()};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr message{};
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  cmsghdr* header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(header), &descriptor, sizeof descriptor);
  return ::sendmsg(socket, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
}

}  // namespace

std::chrono::milliseconds ReplyTimeouts::for_method(std::string_view method) const noexcept {
  const bool slow =
      method == protocol::kDeckImport.name || method == protocol::kDeckExport.name ||
      method == protocol::kDeckConfig.name || method == protocol::kDoctorCheck.name ||
      method == protocol::kDoctorRebuild.name || method == protocol::kCollectionBackup.name ||
      method == protocol::kCollectionBackups.name || method == protocol::kCollectionRestore.name ||
      method == protocol::kSchedOptimize.name || method == protocol::kSchedEvaluate.name;
  return slow ? long_running : ordinary;
}

int try_connect(const std::string& socket_path) {
  sockaddr_un address{};
  if (socket_path.size() >= sizeof address.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  const int descriptor = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) return -1;
  address.sun_family = AF_UNIX;
  socket_path.copy(address.sun_path, sizeof address.sun_path - 1);
  if (::connect(descriptor, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int saved = errno;
    ::close(descriptor);
    errno = saved;
    return -1;
  }
  // Only a daemon of our own user may hear our answers.
  ucred peer{};
  socklen_t length = sizeof peer;
  if (::getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0 ||
      peer.uid != ::getuid()) {
    ::close(descriptor);
    errno = EPERM;
    return -1;
  }
  return descriptor;
}

pid_t peer_pid(int descriptor) noexcept {
  ucred peer{};
  socklen_t length = sizeof peer;
  if (::getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0) return 0;
  return peer.pid;
}

Client::Client(const std::string& socket_path) : socket_path_(socket_path) {
  descriptor_ = try_connect(socket_path);
  if (descriptor_ < 0) {
    const int error = errno;
    throw Error(
        ErrorCode::kUnavailable,
        fill_in(text_->cannot_connect,
                {{"socket", socket_path}, {"error", system_error_reason_in(error, language_)}}));
  }
  daemon_pid_ = peer_pid(descriptor_);
}

Client::Client(const std::string& socket_path, int connected_descriptor)
    : socket_path_(socket_path),
      descriptor_(connected_descriptor),
      daemon_pid_(peer_pid(connected_descriptor)) {}

Client::~Client() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

void Client::set_interrupt_watch(int descriptor, std::function<bool()> interrupted) {
  watched_descriptor_ = descriptor;
  watched_interrupts_ = descriptor >= 0 ? std::move(interrupted) : nullptr;
}

void Client::set_language(const std::string& language) {
  text_ = &connection_messages_for(language);
  language_ = language;
}

std::string Client::who() const {
  return daemon_pid_ > 0 ? fill_in(text_->daemon_with_pid, {{"pid", std::to_string(daemon_pid_)}})
                         : fill_in(text_->daemon_at, {{"socket", socket_path_}});
}

std::string Client::not_answering(std::string_view method,
                                  std::chrono::milliseconds timeout) const {
  const std::string advice =
      daemon_pid_ > 0 ? fill_in(text_->resume_advice, {{"pid", std::to_string(daemon_pid_)}})
                      : std::string(text_->stop_advice);
  return fill_in(text_->not_answering, {{"daemon", who()},
                                        {"method", std::string(method)},
                                        {"timeout", seconds_text(timeout, *text_)},
                                        {"advice", advice}});
}

Client::Waited Client::wait_for(StopSignalWait& stop_signals, short events,
                                Clock::time_point deadline, std::string_view method) {
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return Waited::kTimedOut;
    pollfd watched[2] = {{descriptor_, events, 0}, {watched_descriptor_, POLLIN, 0}};
    const nfds_t count = watched_descriptor_ >= 0 ? 2 : 1;
    // Rounded up, so that poll does not return a millisecond early and spin.
    const int ready = stop_signals.wait(watched, count, static_cast<int>(left) + 1);
    if (const int error = errno; ready < 0 && error != EINTR) {
      throw CallError(
          CallFailure::kNotAnswering,
          fill_in(text_->cannot_wait, {{"error", system_error_reason_in(error, language_)}}),
          daemon_pid_);
    }
    if (stop_signals.interrupted() || (ready > 0 && watched[1].revents != 0 && count == 2 &&
                                       watched_interrupts_ && watched_interrupts_())) {
      throw CallError(
          CallFailure::kInterrupted,
          fill_in(text_->interrupted, {{"daemon", daemon_pid_ > 0 ? who() : std::string("kiokud")},
                                       {"method", std::string(method)}}),
          daemon_pid_);
    }
    if (ready > 0 && watched[0].revents != 0) return Waited::kReady;
  }
}

bool Client::send_line(StopSignalWait& stop_signals, const std::string& line, int descriptor,
                       Clock::time_point deadline, std::string_view method,
                       std::chrono::milliseconds timeout) {
  std::size_t sent = 0;
  bool descriptor_sent = descriptor < 0;
  while (sent < line.size()) {
    const ssize_t written = descriptor_sent
                                ? ::send(descriptor_, line.data() + sent, line.size() - sent,
                                         MSG_NOSIGNAL | MSG_DONTWAIT)
                                : send_with_descriptor(descriptor_, line, descriptor);
    if (written < 0 && errno == EINTR) continue;
    if (written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (wait_for(stop_signals, POLLOUT, deadline, method) == Waited::kTimedOut) {
        throw CallError(CallFailure::kNotAnswering, not_answering(method, timeout), daemon_pid_);
      }
      continue;
    }
    // A daemon that refused this connection (too many clients, another user) has written why
    // and closed; its reason is still there to be read.
    if (written < 0 && (errno == EPIPE || errno == ECONNRESET)) return false;
    if (written < 0) {
      const int error = errno;
      throw CallError(
          CallFailure::kNotSent,
          fill_in(text_->cannot_send, {{"error", system_error_reason_in(error, language_)}}),
          daemon_pid_);
    }
    descriptor_sent = true;
    sent += static_cast<std::size_t>(written);
  }
  return true;
}

json::value Client::call(std::string_view method, json::object params) {
  return call(method, std::move(params), CallOptions{});
}

json::value Client::call(std::string_view method, json::object params, const CallOptions& options) {
  const std::chrono::milliseconds timeout = options.timeout.value_or(timeouts_.for_method(method));
  Clock::time_point deadline = Clock::now() + timeout;
  const std::int64_t id = next_id_++;
  const std::string line = protocol::to_line(protocol::make_request(id, method, std::move(params)));
  // From before the first byte is sent: once the daemon can see the request, a Ctrl-C always
  // ends the wait through CallError, never by killing kioku halfway.
  StopSignalWait stop_signals;
  const bool sent = send_line(stop_signals, line, options.descriptor, deadline, method, timeout);
  for (;;) {
    while (const std::optional<std::string> reply = replies_.next_line(*text_)) {
      if (options.on_notification) {
        if (const std::optional<json::value> notification = notification_in(*reply)) {
          options.on_notification(*notification);
          deadline = Clock::now() + timeout;
          continue;
        }
      }
      if (std::optional<json::value> result = interpret_reply(*reply, id, language_)) {
        return std::move(*result);
      }
    }
    if (wait_for(stop_signals, POLLIN, deadline, method) == Waited::kTimedOut) {
      throw CallError(CallFailure::kNotAnswering, not_answering(method, timeout), daemon_pid_);
    }
    char chunk[65536];
    const ssize_t received = ::recv(descriptor_, chunk, sizeof chunk, MSG_DONTWAIT);
    if (received < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
    if (received <= 0 && !sent) {
      throw CallError(CallFailure::kNotSent,
                      fill_in(text_->closed_before_sent,
                              {{"method", std::string(method)}, {"socket", socket_path_}}),
                      daemon_pid_);
    }
    if (received <= 0) {
      throw CallError(CallFailure::kClosedAfterSend,
                      fill_in(text_->closed_before_answer,
                              {{"method", std::string(method)}, {"socket", socket_path_}}),
                      daemon_pid_);
    }
    replies_.append(std::string_view(chunk, static_cast<std::size_t>(received)));
  }
}

std::optional<std::string> Client::next_unasked_line() {
  for (;;) {
    if (std::optional<std::string> line = replies_.next_line(*text_)) return line;
    char chunk[65536];
    const ssize_t received = ::recv(descriptor_, chunk, sizeof chunk, 0);
    if (received < 0 && errno == EINTR) continue;
    if (received <= 0) return std::nullopt;
    replies_.append(std::string_view(chunk, static_cast<std::size_t>(received)));
  }
}

bool Client::wait_until_closed(std::chrono::milliseconds timeout) {
  const Clock::time_point deadline = Clock::now() + timeout;
  StopSignalWait stop_signals;
  for (;;) {
    if (wait_for(stop_signals, POLLIN, deadline, protocol::kShutdown.name) == Waited::kTimedOut) {
      return false;
    }
    char chunk[4096];
    const ssize_t received = ::recv(descriptor_, chunk, sizeof chunk, MSG_DONTWAIT);
    if (received < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
    if (received <= 0) return true;
  }
}

}  // namespace kioku::cli
