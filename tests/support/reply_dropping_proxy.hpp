// A relay between a client and kiokud, on a socket of its own, that can lose one reply: it
// passes a request on, lets kiokud handle it, then closes the client's connection instead of
// passing the reply back. It plays the one failure a client can never tell apart from others: a
// daemon that committed an answer and died before replying.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace kioku::test {

class ReplyDroppingProxy {
 public:
  // Listens on `listen_path` and relays each client, one at a time, line by line to a new
  // connection to `daemon_path`.
  ReplyDroppingProxy(std::string listen_path, std::string daemon_path);
  ~ReplyDroppingProxy();
  ReplyDroppingProxy(const ReplyDroppingProxy&) = delete;
  ReplyDroppingProxy& operator=(const ReplyDroppingProxy&) = delete;

  // The reply to the next request line that contains `marker` is dropped, with the client's
  // connection.
  void drop_next_reply_to(const std::string& marker);
  int replies_dropped() const noexcept { return dropped_; }

 private:
  void run();
  void relay(int client);

  std::string daemon_path_;
  int listener_ = -1;
  int stop_[2] = {-1, -1};
  std::mutex mutex_;
  std::optional<std::string> marker_;  // under mutex_
  std::atomic<int> dropped_{0};
  std::thread thread_;
};

}  // namespace kioku::test
