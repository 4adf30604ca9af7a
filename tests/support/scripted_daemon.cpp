// One connection, one request line read before each reply written.
#include "tests/support/scripted_daemon.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include "tests/support/silent_listener.hpp"

namespace kioku::test {

namespace json = boost::json;

ScriptedDaemon::ScriptedDaemon(std::vector<std::string> replies)
    : path_(home_.root() + "/scripted.sock") {
  listener_ = listen_unix(path_, 1);
  REQUIRE(listener_ >= 0);
  thread_ = std::thread([this, replies = std::move(replies)] { serve(replies); });
}

ScriptedDaemon::~ScriptedDaemon() {
  // Wakes an accept() that no client came to.
  ::shutdown(listener_, SHUT_RDWR);
  if (thread_.joinable()) thread_.join();
  ::close(listener_);
}

const std::vector<std::string>& ScriptedDaemon::methods() {
  if (thread_.joinable()) thread_.join();
  return methods_;
}

void ScriptedDaemon::serve(const std::vector<std::string>& replies) {
  const int connection = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
  if (connection < 0) return;
  for (const std::string& reply_member : replies) {
    std::string line;
    char byte = 0;
    while (::read(connection, &byte, 1) == 1 && byte != '\n') line += byte;
    if (line.empty()) break;
    const json::object request = json::parse(line).as_object();
    methods_.emplace_back(request.at("method").as_string());
    const std::string reply = "{\"jsonrpc\":\"2.0\",\"id\":" + json::serialize(request.at("id")) +
                              "," + reply_member + "}\n";
    if (::write(connection, reply.data(), reply.size()) != static_cast<ssize_t>(reply.size())) {
      break;
    }
  }
  ::close(connection);
}

}  // namespace kioku::test
