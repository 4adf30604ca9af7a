// The server's half of group commit, with a scripted handler instead of a collection: held
// responses wait for their commit, requests that arrive together share it, a failed commit
// answers errors, and a session's requests stay in order.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "daemon/server/server.hpp"
#include "protocol/json_rpc.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
namespace json = boost::json;

namespace {

// What the handler and the commit hook saw, on the server's thread; read under `mutex`.
struct Script {
  std::mutex mutex;
  std::vector<std::string> events;  // "write 1", "read 2", "commit", in order
  std::uint64_t writes = 0;
  int commits_to_fail = 0;
  std::vector<const test::LineClient*> watched;  // their unread bytes are noted at each commit
  std::vector<std::size_t> unread_at_commit;
  std::promise<void> blocked;  // set once a "block" request is being handled
  std::promise<void> unblock;  // a "block" request returns once this is set
  // Taken before any thread shares the promises (get_future is not safe beside set_value).
  std::future<void> blocked_future = blocked.get_future();
  std::future<void> unblock_future = unblock.get_future();
};

// Requests are {"id": N, "method": "write" | "read" | "block"} or a batch of them; each
// response's result is its method.
json::value respond(const json::value& request, Script& script) {
  const std::string method(request.at("method").as_string());
  if (method == "block") {
    script.blocked.set_value();
    script.unblock_future.wait();
  }
  std::lock_guard lock(script.mutex);
  script.events.push_back(method + " " + json::serialize(request.at("id")));
  if (method == "write") ++script.writes;
  return protocol::make_result(request.at("id"), json::value(method));
}

class ScriptedServer {
 public:
  ScriptedServer()
      : server_(
            home_.root() + "/scripted.sock",
            [this](std::string_view line, daemon::PassedDescriptors, daemon::Session&) {
              // The ids go with the line, as the dispatcher gives them (for a failed commit).
              const json::value request = json::parse(line);
              if (!request.is_array()) {
                return daemon::ResponseLine{protocol::to_line(respond(request, script)),
                                            {json::serialize(request.at("id"))},
                                            false};
              }
              daemon::ResponseLine response{{}, {}, true};
              json::array responses;
              for (const json::value& entry : request.as_array()) {
                responses.push_back(respond(entry, script));
                response.ids.push_back(json::serialize(entry.at("id")));
              }
              response.text = protocol::to_line(responses);
              return response;
            },
            clock_, {},
            daemon::DurableWrites{[this] {
                                    std::lock_guard lock(script.mutex);
                                    return script.writes;
                                  },
                                  [this] { commit(); }}) {
    server_.listen();
    thread_ = std::thread([this] { server_.run(); });
  }
  ~ScriptedServer() {
    server_.stop();
    thread_.join();
  }
  ScriptedServer(const ScriptedServer&) = delete;
  ScriptedServer& operator=(const ScriptedServer&) = delete;

  std::string socket_path() const { return home_.root() + "/scripted.sock"; }
  void watch(const test::LineClient& client) {
    std::lock_guard lock(script.mutex);
    script.watched.push_back(&client);
  }
  std::vector<std::string> events() {
    std::lock_guard lock(script.mutex);
    return script.events;
  }

  Script script;

 private:
  void commit() {
    std::lock_guard lock(script.mutex);
    script.events.emplace_back("commit");
    for (const test::LineClient* client : script.watched) {
      script.unread_at_commit.push_back(client->bytes_waiting());
    }
    if (script.commits_to_fail > 0) {
      --script.commits_to_fail;
      throw Error(ErrorCode::kStorage, "disk on fire");
    }
  }

  test::TempHome home_;
  FakeClock clock_{0};
  daemon::Server server_;
  std::thread thread_;
};

json::value next_response(test::LineClient& client) {
  const auto line = client.read_line();
  REQUIRE(line.has_value());
  return json::parse(*line);
}

using ServerEvents = std::vector<std::string>;

}  // namespace

TEST_CASE("server: a write is answered only after the commit holding it returned",
          "[daemon][server]") {
  ScriptedServer server;
  test::LineClient client(server.socket_path());
  REQUIRE(client.connected());
  server.watch(client);
  const json::value written = client.request(test::request_line(1, "write"));
  CHECK(written.at("result") == "write");
  CHECK(server.events() == ServerEvents{"write 1", "commit"});
  {
    std::lock_guard lock(server.script.mutex);
    CHECK(server.script.unread_at_commit == std::vector<std::size_t>{0});
  }
  // A request that writes nothing is answered at once, with no commit.
  CHECK(client.request(test::request_line(2, "read")).at("result") == "read");
  CHECK(server.events() == ServerEvents{"write 1", "commit", "read 2"});
}

TEST_CASE("server: writes that arrive together share one commit", "[daemon][server]") {
  ScriptedServer server;
  test::LineClient blocker(server.socket_path());
  test::LineClient first(server.socket_path());
  test::LineClient second(server.socket_path());
  REQUIRE((blocker.connected() && first.connected() && second.connected()));
  // Served once, so that both sessions are waiting for their next line.
  CHECK(first.request(test::request_line(1, "read")).at("id") == 1);
  CHECK(second.request(test::request_line(2, "read")).at("id") == 2);
  // While the server is busy with the blocker, both writes arrive.
  REQUIRE(blocker.send(test::request_line(9, "block") + "\n"));
  server.script.blocked_future.wait();
  REQUIRE(first.send(test::request_line(3, "write") + "\n"));
  REQUIRE(second.send(test::request_line(4, "write") + "\n"));
  server.script.unblock.set_value();
  CHECK(next_response(blocker).at("result") == "block");
  CHECK(next_response(first).at("id") == 3);
  CHECK(next_response(second).at("id") == 4);
  CHECK(server.events() ==
        ServerEvents{"read 1", "read 2", "block 9", "write 3", "write 4", "commit"});
}

TEST_CASE("server: a failed commit answers every held request with an error", "[daemon][server]") {
  ScriptedServer server;
  server.script.commits_to_fail = 1;
  test::LineClient client(server.socket_path());
  REQUIRE(client.connected());
  const std::string batch =
      "[" + test::request_line(1, "write") + "," + test::request_line(2, "read") + "]";
  const json::value failed = client.request(batch);
  INFO(json::serialize(failed));
  REQUIRE(failed.is_array());
  REQUIRE(failed.as_array().size() == 2);
  for (std::int64_t id = 1; id <= 2; ++id) {
    const json::value& response = failed.as_array()[static_cast<std::size_t>(id - 1)];
    CHECK(response.at("id") == id);
    CHECK(response.at("error").at("code") == protocol::code::kStorage);
    CHECK(std::string(response.at("error").at("message").as_string()).find("disk on fire") !=
          std::string::npos);
    CHECK_FALSE(response.as_object().contains("result"));
  }
  // The next commit works again.
  CHECK(client.request(test::request_line(3, "write")).at("result") == "write");
}

TEST_CASE("server: a session's next request waits until its write is committed",
          "[daemon][server]") {
  ScriptedServer server;
  test::LineClient client(server.socket_path());
  REQUIRE(client.connected());
  REQUIRE(
      client.send(test::request_line(1, "write") + "\n" + test::request_line(2, "read") + "\n"));
  CHECK(next_response(client).at("id") == 1);
  CHECK(next_response(client).at("id") == 2);
  CHECK(server.events() == ServerEvents{"write 1", "commit", "read 2"});
}
