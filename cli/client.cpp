// Blocking request/response over a Unix stream socket, one JSON object per line.
#include "cli/client.hpp"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "protocol/framing.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::cli {

namespace json = boost::json;

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

Client::Client(const std::string& socket_path) : socket_path_(socket_path) {
  descriptor_ = try_connect(socket_path);
  if (descriptor_ < 0) {
    throw Error(ErrorCode::kUnavailable,
                "cannot connect to kiokud at " + socket_path + ": " + std::strerror(errno));
  }
}

Client::~Client() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

std::string Client::read_line() {
  for (;;) {
    if (const auto newline = buffer_.find('\n'); newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      return line;
    }
    if (buffer_.size() > protocol::kMaxLineBytes * 64) {
      throw Error(ErrorCode::kInternal, "response from kiokud is too long");
    }
    char chunk[65536];
    const ssize_t received = ::recv(descriptor_, chunk, sizeof chunk, 0);
    if (received < 0 && errno == EINTR) continue;
    if (received <= 0) {
      throw CallError(request_sent_ ? CallFailure::kClosedAfterSend : CallFailure::kNotSent,
                      "kiokud closed the connection (" + socket_path_ + ")", 0);
    }
    buffer_.append(chunk, static_cast<std::size_t>(received));
  }
}

json::value Client::call(std::string_view method, json::object params) {
  const std::int64_t id = next_id_++;
  const std::string line = protocol::to_line(protocol::make_request(id, method, std::move(params)));
  std::size_t sent = 0;
  while (sent < line.size()) {
    const ssize_t written =
        ::send(descriptor_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
    if (written < 0 && errno == EINTR) continue;
    // A daemon that refused this connection (too many clients, another user) has written why
    // and closed; its reason is still there to be read.
    if (written < 0 && (errno == EPIPE || errno == ECONNRESET)) break;
    if (written < 0) {
      throw Error(ErrorCode::kUnavailable,
                  "cannot send to kiokud: " + std::string(std::strerror(errno)));
    }
    sent += static_cast<std::size_t>(written);
  }
  // A line cut short is never handled (protocol.md, Framing).
  request_sent_ = sent == line.size();
  for (;;) {
    const std::string text = read_line();
    json::error_code error;
    json::value response = json::parse(text, error);
    if (error || !response.is_object()) {
      throw Error(ErrorCode::kInternal, "kiokud sent something that is not JSON-RPC: " + text);
    }
    json::object& object = response.as_object();
    const json::value* response_id = object.if_contains("id");
    if (const json::value* failure = object.if_contains("error"); failure && failure->is_object()) {
      // An error without our id (a refusal at connect time, say) still concerns us.
      if (response_id && !response_id->is_null() && *response_id != json::value(id)) continue;
      const json::object& details = failure->as_object();
      const int code = details.contains("code") && details.at("code").is_int64()
                           ? static_cast<int>(details.at("code").as_int64())
                           : protocol::code::kInternalError;
      const std::string message = details.contains("message") && details.at("message").is_string()
                                      ? std::string(details.at("message").as_string())
                                      : "unknown error";
      throw Error(protocol::from_json_rpc_code(code), message);
    }
    if (!response_id || *response_id != json::value(id)) continue;
    if (json::value* result = object.if_contains("result")) return std::move(*result);
    throw Error(ErrorCode::kInternal, "kiokud's response has neither result nor error");
  }
}

void Client::wait_until_closed() {
  char chunk[4096];
  for (;;) {
    const ssize_t received = ::recv(descriptor_, chunk, sizeof chunk, 0);
    if (received < 0 && errno == EINTR) continue;
    if (received <= 0) return;
  }
}

}  // namespace kioku::cli
