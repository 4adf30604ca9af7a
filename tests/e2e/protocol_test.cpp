// Talking to a real kiokud over its socket with raw lines: errors for bad requests, and the
// daemon keeps serving everyone else whatever one client sends.
#include <signal.h>

#include <filesystem>
#include <set>

#include "protocol/json_rpc.hpp"
#include "protocol/methods.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/line_client.hpp"

using namespace kioku::test;
namespace json = boost::json;

TEST_CASE("e2e: malformed requests get JSON-RPC errors and the connection stays usable",
          "[e2e][protocol]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  REQUIRE(client.connected());

  SECTION("garbage is a parse error") {
    CHECK(error_code_of(client.request("this is not json")) == -32700);
  }
  SECTION("invalid UTF-8 is a parse error") {
    CHECK(error_code_of(client.request("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\xfe\"}")) ==
          -32700);
  }
  SECTION("deeply nested JSON is refused, not recursed into") {
    CHECK(error_code_of(client.request(std::string(100000, '[') + std::string(100000, ']'))) ==
          -32700);
  }
  SECTION("a request without jsonrpc 2.0 is invalid") {
    CHECK(error_code_of(client.request(R"({"id":1,"method":"system.hello"})")) == -32600);
  }
  SECTION("an unknown method names itself") {
    const json::value response = client.request(R"({"jsonrpc":"2.0","id":7,"method":"deck.burn"})");
    CHECK(error_code_of(response) == -32601);
    CHECK(error_message_of(response).find("deck.burn") != std::string::npos);
    CHECK(response.at("id").as_int64() == 7);
  }
  SECTION("a wrong parameter type names the parameter") {
    const json::value response =
        client.request(R"({"jsonrpc":"2.0","id":2,"method":"deck.import","params":{"path":5}})");
    CHECK(error_code_of(response) == -32602);
    CHECK(error_message_of(response) == "parameter 'path' must be a string");
  }
  SECTION("a missing required parameter is named") {
    const json::value response =
        client.request(R"({"jsonrpc":"2.0","id":3,"method":"review.answer","params":{}})");
    CHECK(error_code_of(response) == -32602);
    CHECK(error_message_of(response).find("'card'") != std::string::npos);
  }
  SECTION("a batch gets an array of responses") {
    const json::value response = client.request(
        R"([{"jsonrpc":"2.0","id":1,"method":"system.hello"},{"jsonrpc":"2.0","id":2,"method":"x"}])");
    REQUIRE(response.is_array());
    REQUIRE(response.as_array().size() == 2);
    CHECK(response.as_array()[0].at("result").at("protocol").as_int64() ==
          kioku::protocol::kProtocolVersion);
    CHECK(error_code_of(response.as_array()[1]) == -32601);
  }
  SECTION("a notification gets no response") {
    REQUIRE(client.send(R"({"jsonrpc":"2.0","method":"system.hello"})"
                        "\n"));
    const json::value next = client.request(R"({"jsonrpc":"2.0","id":9,"method":"system.hello"})");
    CHECK(next.at("id").as_int64() == 9);
  }
  // After any of the above, the same connection still works.
  const json::value hello = client.request(R"({"jsonrpc":"2.0","id":42,"method":"system.hello"})");
  REQUIRE(hello.is_object());
  CHECK(hello.at("id").as_int64() == 42);
}

TEST_CASE("e2e: a line over 1 MiB gets an error and that connection is closed", "[e2e][protocol]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  client.send(std::string(1024 * 1024 + 10, 'x'));
  const auto reply = client.read_line();
  REQUIRE(reply.has_value());
  CHECK(reply->find("-32600") != std::string::npos);
  CHECK(reply->find("longer than 1048576 bytes") != std::string::npos);
  CHECK(client.closed_by_peer());
  expect_still_serving(home);
}

TEST_CASE("e2e: a client that disconnects mid-request does not disturb the daemon",
          "[e2e][protocol]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  {
    LineClient client(home.socket_path());
    REQUIRE(client.connected());
    client.send(R"({"jsonrpc":"2.0","id":1,"method":"sys)");
  }
  {
    // One that asks and leaves before reading the answer.
    LineClient client(home.socket_path());
    client.send(R"({"jsonrpc":"2.0","id":1,"method":"stats.summary"})"
                "\n");
  }
  expect_still_serving(home);
  CHECK(daemon.stop(SIGTERM) == 0);
}

// Derived from the daemon's own table (system.methods) rather than a list kept here: every
// method it lists is answered, and checks its parameters against the specs it lists.
TEST_CASE("e2e: every method system.methods lists is served and checks its parameters",
          "[e2e][protocol]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  const json::value response =
      client.request(R"({"jsonrpc":"2.0","id":1,"method":"system.methods"})");
  const json::array& methods = response.at("result").at("methods").as_array();
  std::vector<std::string> names;
  for (const json::value& method : methods) {
    const std::string name(method.at("name").as_string());
    names.push_back(name);
    INFO("method " << name);
    CHECK_FALSE(method.at("help").as_string().empty());
    if (name == "system.shutdown") continue;
    const json::value reply = client.request(R"({"jsonrpc":"2.0","id":2,"method":")" + name +
                                             R"(","params":{"no_such_parameter":1}})");
    REQUIRE(reply.as_object().contains("error"));
    CHECK(reply.at("error").at("code").as_int64() == -32602);
    CHECK(std::string(reply.at("error").at("message").as_string()).find("no_such_parameter") !=
          std::string::npos);
    for (const json::value& param : method.at("params").as_array()) {
      const std::string type(param.at("type").as_string());
      CHECK((type == "string" || type == "integer" || type == "number" || type == "boolean" ||
             type == "object" || type == "array" || type == "any"));
    }
  }
  // The clients' methods are among them (a name the client calls that the daemon lost would
  // fail every command that uses it).
  for (std::string_view used :
       {kioku::protocol::kHello.name, kioku::protocol::kDeckImport.name,
        kioku::protocol::kReviewNext.name, kioku::protocol::kReviewCheck.name,
        kioku::protocol::kReviewChoose.name, kioku::protocol::kReviewAnswer.name,
        kioku::protocol::kDueCounts.name, kioku::protocol::kStatsSummary.name}) {
    CHECK(std::find(names.begin(), names.end(), used) != names.end());
  }
  CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
}

// The idle timeout is tested on the server's fake clock (tests/daemon/server_session_test.cpp);
// the review tests in review_lost_connection_test.cpp still see a real kiokud drop idle sessions.

TEST_CASE("e2e: a long request in a batch or as a notification is refused, not run at once",
          "[e2e][protocol]") {
  // A batch's requests and a notification are run on kiokud's own thread, at once: an import, a
  // backup or the optimizer would hold every other client for as long as it took.
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string deck = home.write_file("batched.txt", "#separator:tab\nfront\tback\n");
  LineClient client(home.socket_path());
  const std::string batch =
      "[" +
      request_line(1, "deck.import", {{"path", deck}, {"deck", "Batched"}, {"kind", "basic"}}) +
      "," + request_line(2, "collection.backup", {{"file", home.root() + "/batched.sqlite"}}) +
      "," + request_line(3, "sched.optimize") + "," + request_line(4, "doctor.check") + "," +
      request_line(5, "doctor.rebuild") + "," + request_line(6, "due.counts") + "]";
  const json::value replies = client.request(batch);
  INFO(json::serialize(replies));
  REQUIRE(replies.is_array());
  REQUIRE(replies.as_array().size() == 6);
  for (std::size_t entry = 0; entry < 5; ++entry) {
    const json::object& reply = replies.as_array()[entry].as_object();
    REQUIRE(reply.contains("error"));
    CHECK(reply.at("error").at("code").as_int64() == kioku::protocol::code::kInvalidRequest);
    CHECK(std::string(reply.at("error").at("message").as_string()).find("sent alone") !=
          std::string::npos);
  }
  CHECK(replies.as_array()[5].as_object().contains("result"));
  // As a notification: no reply, and nothing done.
  std::string notification =
      request_line(5, "deck.import", {{"path", deck}, {"deck", "Batched"}, {"kind", "basic"}});
  notification.replace(notification.find("\"id\":5,"), 7, "");
  const json::value after = client.request(notification + "\n" + request_line(6, "deck.list"));
  INFO(json::serialize(after));
  CHECK(after.at("id").as_int64() == 6);
  CHECK(after.at("result").at("decks").as_array().empty());
  CHECK_FALSE(std::filesystem::exists(home.root() + "/batched.sqlite"));
  // Sent alone, the same import runs.
  const json::value alone = client.request(
      request_line(7, "deck.import", {{"path", deck}, {"deck", "Batched"}, {"kind", "basic"}}));
  INFO(json::serialize(alone));
  CHECK(alone.at("result").at("added").as_int64() == 1);
}
