// Server::run_beside_when_quiet with a scripted handler: work handed over waits until no
// request has been in progress for the quiet time, however long requests keep coming, then runs
// on the worker; a server that stops first drops it.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "core/clock.hpp"
#include "daemon/server/server.hpp"
#include "protocol/json_rpc.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
namespace json = boost::json;
using SteadyTime = std::chrono::steady_clock::time_point;

namespace {

constexpr std::chrono::milliseconds kQuiet{100};

// A server whose "hand" request hands work over for quiet and whose every request notes when
// its handler began; the work notes when it ran.
class UpkeepServer {
 public:
  explicit UpkeepServer(std::chrono::milliseconds quiet)
      : server_(
            home_.root() + "/upkeep.sock",
            [this](std::string_view line, daemon::PassedDescriptors, daemon::Session&) {
              const json::value request = json::parse(line);
              {
                std::lock_guard lock(mutex_);
                request_starts_.push_back(std::chrono::steady_clock::now());
              }
              if (request.at("method") == "hand") {
                server_.run_beside_when_quiet(
                    [this] { ran_at_.set_value(std::chrono::steady_clock::now()); });
              }
              return daemon::ResponseLine{
                  protocol::to_line(protocol::make_result(request.at("id"), "done")),
                  {json::serialize(request.at("id"))},
                  false};
            },
            clock_, daemon::ServerLimits{.quiet_before_upkeep = quiet}) {
    server_.listen();
    thread_ = std::thread([this] { server_.run(); });
  }
  ~UpkeepServer() { stop(); }
  UpkeepServer(const UpkeepServer&) = delete;
  UpkeepServer& operator=(const UpkeepServer&) = delete;

  void stop() {
    if (!thread_.joinable()) return;
    server_.stop();
    thread_.join();
  }
  std::string socket_path() const { return home_.root() + "/upkeep.sock"; }
  std::vector<SteadyTime> request_starts() {
    std::lock_guard lock(mutex_);
    return request_starts_;
  }
  std::future<SteadyTime>& ran_at() { return ran_at_future_; }

 private:
  test::TempHome home_;
  FakeClock clock_{0};
  std::mutex mutex_;
  std::vector<SteadyTime> request_starts_;
  std::promise<SteadyTime> ran_at_;
  std::future<SteadyTime> ran_at_future_ = ran_at_.get_future();
  daemon::Server server_;
  std::thread thread_;
};

}  // namespace

TEST_CASE("server: work for a quiet moment waits out a stream of requests, then runs",
          "[daemon][server]") {
  UpkeepServer server(kQuiet);
  test::LineClient client(server.socket_path());
  REQUIRE(client.connected());
  CHECK(client.request(test::request_line(1, "hand")).at("result") == "done");
  // Requests back to back for five quiet times: the work must wait for all of them.
  const SteadyTime burst_end = std::chrono::steady_clock::now() + 5 * kQuiet;
  int id = 2;
  while (std::chrono::steady_clock::now() < burst_end) {
    REQUIRE(client.request(test::request_line(id++, "read")).at("result") == "done");
  }
  const SteadyTime ran = server.ran_at().get();

  const std::vector<SteadyTime> starts = server.request_starts();
  REQUIRE(starts.size() == static_cast<std::size_t>(id - 1));
  // Whatever the machine's pauses: a whole quiet time passed between the last request begun
  // before the work and the work.
  SteadyTime last_before = starts.front();
  std::chrono::steady_clock::duration longest_gap{};
  for (std::size_t i = 0; i < starts.size(); ++i) {
    if (starts[i] < ran) last_before = std::max(last_before, starts[i]);
    if (i > 0) longest_gap = std::max(longest_gap, starts[i] - starts[i - 1]);
  }
  CHECK(ran - last_before >= kQuiet);
  // And when the stream never paused for as long, the work came after all of it.
  if (longest_gap < kQuiet / 2) CHECK(ran > starts.back());
}

TEST_CASE("server: work waiting for a quiet moment is dropped by a server that stops first",
          "[daemon][server]") {
  UpkeepServer server(std::chrono::hours(1));
  test::LineClient client(server.socket_path());
  REQUIRE(client.connected());
  CHECK(client.request(test::request_line(1, "hand")).at("result") == "done");
  server.stop();
  CHECK(server.ran_at().wait_for(std::chrono::seconds(0)) == std::future_status::timeout);
}
