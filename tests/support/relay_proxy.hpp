// A relay between a client and kiokud, on a socket of its own, that can meddle with one reply.
// Dropping it (kiokud handles the request, then the client's connection is closed instead of the
// reply passed back) plays the one failure a client can never tell apart from others: a daemon
// that committed an answer and died before replying. Rewriting it plays a daemon of another
// version, or a broken one.
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace kioku::test {

class RelayProxy {
 public:
  // Listens on `listen_path` and relays each client, one at a time, line by line to a new
  // connection to `daemon_path`.
  RelayProxy(std::string listen_path, std::string daemon_path);
  ~RelayProxy();
  RelayProxy(const RelayProxy&) = delete;
  RelayProxy& operator=(const RelayProxy&) = delete;

  // The reply to the next request line that contains `marker` is dropped, with the client's
  // connection.
  void drop_next_reply_to(const std::string& marker);
  int replies_dropped() const noexcept { return dropped_; }
  // The reply to the next request line that contains `marker` is passed back as `rewrite` makes
  // it (the reply line without its '\n').
  void rewrite_next_reply_to(const std::string& marker,
                             std::function<std::string(const std::string&)> rewrite);

 private:
  void run();
  void relay(int client);

  std::string daemon_path_;
  int listener_ = -1;
  int stop_[2] = {-1, -1};
  std::mutex mutex_;
  std::optional<std::string> marker_;                       // under mutex_
  std::function<std::string(const std::string&)> rewrite_;  // under mutex_; empty: drop
  std::atomic<int> dropped_{0};
  std::thread thread_;
};

}  // namespace kioku::test
