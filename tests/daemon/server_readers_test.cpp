// Work answered later that only reads (LaterWork::reads_only) runs on the readers' thread,
// beside the worker: held there, it holds up neither the worker's work nor the other clients,
// and work held on the worker holds up none of it.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <future>
#include <optional>
#include <string>
#include <thread>

#include "core/clock.hpp"
#include "daemon/server/server.hpp"
#include "protocol/json_rpc.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
namespace json = boost::json;

namespace {

// A server whose "held-read" and "held-write" requests are answered later, each once the test
// lets it go (reads only or not), and whose "quick-read" and "quick-write" are answered later at
// once; any other request is answered on the server's thread.
class TwoLaneServer {
 public:
  TwoLaneServer()
      : server_(
            home_.root() + "/lanes.sock",
            [this](std::string_view line, daemon::PassedDescriptors, daemon::Session&) {
              const json::value request = json::parse(line);
              const json::value id = request.at("id");
              const std::string method(request.at("method").as_string());
              daemon::ResponseLine response{{}, {json::serialize(id)}, false, {}};
              if (method == "ping") {
                response.text = protocol::to_line(protocol::make_result(id, "pong"));
                return response;
              }
              std::shared_future<void> waits_for;
              if (method == "held-read") waits_for = read_released_;
              if (method == "held-write") waits_for = write_released_;
              response.later.make = [waits_for, id, method](const ProgressReport&) {
                if (waits_for.valid()) waits_for.wait();
                return protocol::to_line(protocol::make_result(id, json::string(method)));
              };
              response.later.reads_only = method.ends_with("-read");
              return response;
            },
            clock_) {
    server_.listen();
    thread_ = std::thread([this] { server_.run(); });
  }
  ~TwoLaneServer() {
    release_reads();
    release_writes();
    server_.stop();
    thread_.join();
  }
  TwoLaneServer(const TwoLaneServer&) = delete;
  TwoLaneServer& operator=(const TwoLaneServer&) = delete;

  std::string socket_path() const { return home_.root() + "/lanes.sock"; }
  void release_reads() {
    if (!read_set_) read_release_.set_value();
    read_set_ = true;
  }
  void release_writes() {
    if (!write_set_) write_release_.set_value();
    write_set_ = true;
  }

 private:
  test::TempHome home_;
  const FakeClock clock_{0};
  std::promise<void> read_release_;
  std::shared_future<void> read_released_ = read_release_.get_future().share();
  bool read_set_ = false;
  std::promise<void> write_release_;
  std::shared_future<void> write_released_ = write_release_.get_future().share();
  bool write_set_ = false;
  daemon::Server server_;
  std::thread thread_;
};

std::string result_of(const std::optional<std::string>& line) {
  REQUIRE(line);
  return std::string(json::parse(*line).at("result").as_string());
}

}  // namespace

TEST_CASE("answer later: reads run beside work held on the worker", "[daemon][server]") {
  TwoLaneServer server;
  test::LineClient writing(server.socket_path());
  REQUIRE(writing.send(test::request_line(1, "held-write") + "\n"));
  // On one worker, the read would wait behind the held write and never be answered.
  test::LineClient reading(server.socket_path());
  REQUIRE(reading.send(test::request_line(2, "quick-read") + "\n"));
  CHECK(result_of(reading.read_line()) == "quick-read");
  // Later work that writes still waits its turn behind the held one.
  test::LineClient second_writer(server.socket_path());
  REQUIRE(second_writer.send(test::request_line(3, "quick-write") + "\n"));
  CHECK_FALSE(second_writer.read_line(300));
  server.release_writes();
  CHECK(result_of(writing.read_line()) == "held-write");
  CHECK(result_of(second_writer.read_line()) == "quick-write");
}

TEST_CASE("answer later: a held read holds up neither the worker nor other clients",
          "[daemon][server]") {
  TwoLaneServer server;
  test::LineClient reading(server.socket_path());
  REQUIRE(reading.send(test::request_line(1, "held-read") + "\n"));
  test::LineClient other(server.socket_path());
  CHECK(other.request(test::request_line(2, "ping")).at("result").as_string() == "pong");
  REQUIRE(other.send(test::request_line(3, "quick-write") + "\n"));
  CHECK(result_of(other.read_line()) == "quick-write");
  // Reads take turns on their one thread: a second waits behind the held one.
  test::LineClient second_reader(server.socket_path());
  REQUIRE(second_reader.send(test::request_line(4, "quick-read") + "\n"));
  CHECK_FALSE(second_reader.read_line(300));
  server.release_reads();
  CHECK(result_of(reading.read_line()) == "held-read");
  CHECK(result_of(second_reader.read_line()) == "quick-read");
}
