// kioku's Client against a scripted peer on a socketpair: how each way a call can fail is told
// apart (cli/call_error.hpp), which the review screen relies on to resend only what never ran.
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cli/client.hpp"

using namespace kioku;
using namespace std::chrono_literals;

namespace {

// A connected pair: the Client on one end, the test playing the daemon on the other.
struct Peer {
  Peer() {
    int ends[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) == 0);
    client = std::make_unique<cli::Client>("test.sock", ends[0]);
    daemon = ends[1];
  }
  ~Peer() {
    if (daemon >= 0) ::close(daemon);
  }
  void write(const std::string& bytes) const {
    REQUIRE(::write(daemon, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
  }
  // The request line the client sent (blocking until it is there).
  std::string read_request() const {
    std::string line;
    char byte = 0;
    while (::read(daemon, &byte, 1) == 1 && byte != '\n') line += byte;
    return line;
  }
  std::unique_ptr<cli::Client> client;
  int daemon = -1;
};

cli::CallFailure failure_of(Peer& peer, const cli::CallOptions& options = {}) {
  try {
    peer.client->call("due.counts", {}, options);
  } catch (const cli::CallError& error) {
    CHECK(error.code() == ErrorCode::kUnavailable);
    CHECK(error.daemon_pid() == ::getpid());  // SO_PEERCRED of a socketpair: this process
    return error.failure();
  }
  FAIL("the call did not fail");
  return cli::CallFailure::kNotAnswering;
}

}  // namespace

TEST_CASE("client: a reply with the call's id is its result - others are skipped", "[client]") {
  Peer peer;
  peer.write(
      "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":\"not ours\"}\n"
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"total\":3}}\n");
  CHECK(peer.client->call("due.counts").at("total").as_int64() == 3);
}

TEST_CASE("client: notifications before the reply go to the call's listener, which waits on",
          "[client]") {
  Peer peer;
  std::vector<std::string> heard;
  cli::CallOptions options;
  options.timeout = 60s;
  options.on_notification = [&](const boost::json::value& notification) {
    heard.push_back(boost::json::serialize(notification));
  };
  peer.write(
      "{\"jsonrpc\":\"2.0\",\"method\":\"request.progress\",\"params\":{\"id\":1}}\n"
      "{\"jsonrpc\":\"2.0\",\"method\":\"due.changed\",\"params\":{}}\n"
      "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":\"not ours\"}\n"
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"total\":3}}\n");
  CHECK(peer.client->call("sched.optimize", {}, options).at("total").as_int64() == 3);
  CHECK(heard == std::vector<std::string>{
                     R"({"jsonrpc":"2.0","method":"request.progress","params":{"id":1}})",
                     R"({"jsonrpc":"2.0","method":"due.changed","params":{}})"});

  // Without a listener they are skipped, as before.
  peer.write(
      "{\"jsonrpc\":\"2.0\",\"method\":\"request.progress\",\"params\":{}}\n"
      "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":4}\n");
  CHECK(peer.client->call("sched.optimize").as_int64() == 4);
}

TEST_CASE("client: each notification restarts the wait for the reply", "[client]") {
  Peer peer;
  cli::CallOptions options;
  options.timeout = 200ms;
  std::mutex mutex;
  std::condition_variable heard_one;
  int heard = 0;
  options.on_notification = [&](const boost::json::value&) {
    const std::lock_guard lock(mutex);
    ++heard;
    heard_one.notify_one();
  };
  const auto start = std::chrono::steady_clock::now();
  bool answered_late = false;
  std::thread daemon([&] {
    // One notification after the client has taken the one before, until the call has lasted
    // twice its timeout (never a timeout's length without a line), then the reply.
    const std::string notification =
        "{\"jsonrpc\":\"2.0\",\"method\":\"request.progress\",\"params\":{}}\n";
    std::unique_lock lock(mutex);
    for (int sent = 0;; ++sent) {
      if (std::chrono::steady_clock::now() - start > 2 * options.timeout.value()) break;
      lock.unlock();
      if (::write(peer.daemon, notification.data(), notification.size()) < 0) return;
      lock.lock();
      // A client that gave up hears no more: the wait ends at the guard, and the call has
      // already failed.
      if (!heard_one.wait_for(lock, 10s, [&] { return heard > sent; })) return;
    }
    answered_late = true;
    const std::string reply = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":7}\n";
    static_cast<void>(::write(peer.daemon, reply.data(), reply.size()));
  });
  boost::json::value result;
  try {
    result = peer.client->call("sched.simulate", {}, options);
  } catch (const cli::CallError& error) {
    ::shutdown(peer.daemon, SHUT_RDWR);
    daemon.join();
    FAIL("the call gave up while notifications came: " << error.what());
  }
  daemon.join();
  CHECK(answered_late);
  CHECK(result.as_int64() == 7);
  CHECK(heard > 1);
}

TEST_CASE("client: a connection closed before the request was sent is kNotSent", "[client]") {
  Peer peer;
  ::close(peer.daemon);  // e.g. the daemon's idle timeout, long before
  peer.daemon = -1;
  CHECK(failure_of(peer) == cli::CallFailure::kNotSent);
}

TEST_CASE("client: a connection closed after the request was sent is kClosedAfterSend",
          "[client]") {
  Peer peer;
  cli::CallOptions options;
  options.timeout = 60s;
  peer.write("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":null}\n");  // a reply, but not to us
  ::shutdown(peer.daemon, SHUT_WR);
  CHECK(failure_of(peer, options) == cli::CallFailure::kClosedAfterSend);
  CHECK(peer.read_request().find("\"method\":\"due.counts\"") != std::string::npos);
}

TEST_CASE("client: no reply within the timeout is kNotAnswering", "[client]") {
  Peer peer;
  cli::CallOptions options;
  options.timeout = 100ms;
  CHECK(failure_of(peer, options) == cli::CallFailure::kNotAnswering);
}

TEST_CASE("client: the interrupt watch ends a wait when it says so", "[client]") {
  Peer peer;
  int keys[2];
  REQUIRE(::pipe2(keys, O_CLOEXEC) == 0);
  int asked = 0;
  peer.client->set_interrupt_watch(keys[0], [&] {
    char key = 0;
    REQUIRE(::read(keys[0], &key, 1) == 1);
    ++asked;
    return key == '\x03';  // Ctrl-C in raw mode
  });
  REQUIRE(::write(keys[1], "a\x03", 2) == 2);
  cli::CallOptions options;
  options.timeout = 60s;
  CHECK(failure_of(peer, options) == cli::CallFailure::kInterrupted);
  CHECK(asked == 2);
  ::close(keys[0]);
  ::close(keys[1]);
}

TEST_CASE("client: an error reply is the daemon's error - escaped for the terminal", "[client]") {
  Peer peer;
  peer.write(
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32001,\"message\":\"no deck "
      "\\u001b]52;c;x\\u0007\"}}\n");
  try {
    peer.client->call("due.counts");
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kNotFound);
    CHECK(std::string(error.what()) == "no deck \\x1b]52;c;x\\x07");
  }
}
