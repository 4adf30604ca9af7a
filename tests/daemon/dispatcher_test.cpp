// The dispatcher: every malformed request becomes the right JSON-RPC error with a message that
// helps, and nothing a client sends escapes as an exception.
#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

std::int64_t code_of(const json::value& response) {
  INFO(json::serialize(response));
  return response.at("error").at("code").as_int64();
}

std::string message_of(const json::value& response) {
  return std::string(response.at("error").at("message").as_string());
}

}  // namespace

TEST_CASE("dispatcher: bad JSON is -32700 with the parser's reason", "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const auto response = fixture.call_line("{\"jsonrpc\": \"2.0\", ");
  CHECK(code_of(response) == -32700);
  CHECK(message_of(response).rfind("request is not valid JSON: ", 0) == 0);
  CHECK(response.at("id").is_null());
}

TEST_CASE("dispatcher: an unknown method is -32601 and names the method", "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const auto response = fixture.call("deck.explode");
  CHECK(code_of(response) == -32601);
  CHECK(message_of(response) == "unknown method 'deck.explode' (system.methods lists them)");
  CHECK(response.at("id").as_int64() == 1);
}

TEST_CASE("dispatcher: bad params are -32602 with a message naming the parameter",
          "[daemon][dispatcher]") {
  DaemonFixture fixture;
  struct Row {
    const char* method;
    const char* params;
    const char* message;
  };
  const auto row = GENERATE(values<Row>({
      {"deck.import", "{}", "deck.import needs 'fd' (a file passed with the request) or 'path'"},
      {"deck.import", "{\"path\": 3}", "parameter 'path' must be a string"},
      {"deck.import", "{\"path\": \"relative.toml\"}",
       "parameter 'path' must be an absolute path, got \"relative.toml\""},
      {"due.counts", "{\"deck\": \"x\", \"colour\": 1}",
       "unknown parameter 'colour' for due.counts (it takes: deck)"},
      {"system.hello", "[1, 2]", "'params' must be an object of named parameters"},
      {"review.answer", "{\"card\": \"one\"}", "parameter 'card' must be an integer"},
      {"stats.summary", "{\"x\": true}", "unknown parameter 'x' for stats.summary (it takes none)"},
  }));
  const std::string line = std::string(R"({"jsonrpc":"2.0","id":5,"method":")") + row.method +
                           R"(","params":)" + row.params + "}";
  const auto response = fixture.call_line(line);
  CHECK(code_of(response) == -32602);
  CHECK(message_of(response) == row.message);
}

TEST_CASE("dispatcher: invalid requests are -32600", "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const auto line =
      GENERATE(as<std::string>{}, R"({"id":1,"method":"system.hello"})",
               R"({"jsonrpc":"1.0","id":1,"method":"system.hello"})",
               R"({"jsonrpc":"2.0","id":1,"method":7})",
               R"({"jsonrpc":"2.0","id":{"a":1},"method":"system.hello"})", "42", "[]");
  INFO(line);
  CHECK(code_of(fixture.call_line(line)) == -32600);
}

TEST_CASE("dispatcher: notifications get no response - batches get an array",
          "[daemon][dispatcher]") {
  DaemonFixture fixture;
  CHECK(fixture.call_line(R"({"jsonrpc":"2.0","method":"system.hello"})").is_null());
  // Not even an error answers a well-formed notification...
  CHECK(fixture.call_line(R"({"jsonrpc":"2.0","method":"no.such"})").is_null());
  CHECK(fixture.call_line(R"({"jsonrpc":"2.0","method":"deck.import","params":{}})").is_null());
  // ...but a malformed one is an invalid request and is answered.
  CHECK(code_of(fixture.call_line(R"({"method":"system.hello"})")) == -32600);
  const auto batch = fixture.call_line(
      R"([{"jsonrpc":"2.0","id":"a","method":"system.hello"},{"jsonrpc":"2.0","method":"system.hello"},5])");
  REQUIRE(batch.is_array());
  REQUIRE(batch.as_array().size() == 2);
  CHECK(batch.as_array()[0].at("id").as_string() == "a");
  CHECK(code_of(batch.as_array()[1]) == -32600);
}

TEST_CASE("dispatcher: an import error carries file - line and field in data",
          "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const auto response = fixture.call("deck.import", {{"path", "/nonexistent/deck.toml"}});
  CHECK(code_of(response) == -32002);
  CHECK(response.at("error").at("data").at("file").as_string() == "/nonexistent/deck.toml");
  CHECK(response.at("error").at("data").at("line").as_int64() == 0);
}
