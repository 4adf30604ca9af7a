// The dispatcher: every malformed request becomes the right JSON-RPC error with a message that
// helps, and nothing a client sends escapes as an exception.
#include <memory>
#include <string>
#include <vector>

#include "daemon/server/session.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/json_rpc_calls.hpp"

using namespace kioku::test;
namespace json = boost::json;

TEST_CASE("dispatcher: bad JSON is -32700 with the parser's reason", "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const auto response = fixture.call_line("{\"jsonrpc\": \"2.0\", ");
  CHECK(error_code_of(response) == -32700);
  CHECK(error_message_of(response).rfind("request is not valid JSON: ", 0) == 0);
  CHECK(response.at("id").is_null());
}

TEST_CASE("dispatcher: an unknown method is -32601 and names the method", "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const auto response = fixture.call("deck.explode");
  CHECK(error_code_of(response) == -32601);
  CHECK(error_message_of(response) == "unknown method 'deck.explode' (system.methods lists them)");
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
       "unknown parameter 'colour' for due.counts (it takes: deck, tag, new_limit)"},
      {"system.hello", "[1, 2]", "'params' must be an object of named parameters"},
      {"review.answer", "{\"card\": \"one\"}", "parameter 'card' must be an integer"},
      {"stats.summary", "{\"x\": true}", "unknown parameter 'x' for stats.summary (it takes none)"},
  }));
  const std::string line = std::string(R"({"jsonrpc":"2.0","id":5,"method":")") + row.method +
                           R"(","params":)" + row.params + "}";
  const auto response = fixture.call_line(line);
  CHECK(error_code_of(response) == -32602);
  CHECK(error_message_of(response) == row.message);
}

TEST_CASE("dispatcher: invalid requests are -32600", "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const auto line =
      GENERATE(as<std::string>{}, R"({"id":1,"method":"system.hello"})",
               R"({"jsonrpc":"1.0","id":1,"method":"system.hello"})",
               R"({"jsonrpc":"2.0","id":1,"method":7})",
               R"({"jsonrpc":"2.0","id":{"a":1},"method":"system.hello"})", "42", "[]");
  INFO(line);
  CHECK(error_code_of(fixture.call_line(line)) == -32600);
}

TEST_CASE("dispatcher: notifications get no response - batches get an array",
          "[daemon][dispatcher]") {
  DaemonFixture fixture;
  CHECK(fixture.call_line(R"({"jsonrpc":"2.0","method":"system.hello"})").is_null());
  // Not even an error answers a well-formed notification...
  CHECK(fixture.call_line(R"({"jsonrpc":"2.0","method":"no.such"})").is_null());
  CHECK(fixture.call_line(R"({"jsonrpc":"2.0","method":"deck.import","params":{}})").is_null());
  // ...but a malformed one is an invalid request and is answered.
  CHECK(error_code_of(fixture.call_line(R"({"method":"system.hello"})")) == -32600);
  const auto batch = fixture.call_line(
      R"([{"jsonrpc":"2.0","id":"a","method":"system.hello"},{"jsonrpc":"2.0","method":"system.hello"},5])");
  REQUIRE(batch.is_array());
  REQUIRE(batch.as_array().size() == 2);
  CHECK(batch.as_array()[0].at("id").as_string() == "a");
  CHECK(error_code_of(batch.as_array()[1]) == -32600);
}

TEST_CASE("dispatcher: an import error carries file - line and field in data",
          "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const auto response = fixture.call("deck.import", {{"path", "/nonexistent/deck.toml"}});
  CHECK(error_code_of(response) == -32002);
  CHECK(response.at("error").at("data").at("file").as_string() == "/nonexistent/deck.toml");
  CHECK(response.at("error").at("data").at("line").as_int64() == 0);
}

namespace {

// A session that only counts what is pushed to it.
class CountingSession final : public kioku::daemon::Session {
 public:
  void send_notification(std::string) override { ++sent; }
  bool ended() const noexcept override { return false; }
  int sent = 0;
};

}  // namespace

TEST_CASE("dispatcher: the response line comes with the ids it answers, as written",
          "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const auto session = std::make_shared<CountingSession>();
  using Ids = std::vector<std::string>;
  const kioku::daemon::ResponseLine single =
      kioku::daemon::respond_to_line(R"({"jsonrpc":"2.0","id":1e400,"method":"system.hello"})",
                                     fixture.context, {}, session.get());
  CHECK(single.text.starts_with(R"({"jsonrpc":"2.0","id":1e400,"result":)"));
  CHECK(single.ids == Ids{"1e400"});
  CHECK_FALSE(single.batch);
  // The session is lent for the line only.
  CHECK(fixture.context.session == nullptr);

  // A batch: the ids of the responses in it, in order (a notification has none; an entry that
  // is not a request is answered with null).
  const kioku::daemon::ResponseLine batch = kioku::daemon::respond_to_line(
      R"([{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"system.hello"},)"
      R"({"jsonrpc":"2.0","method":"system.hello"},{"jsonrpc":"2.0","id":"a","method":"no.such"},5])",
      fixture.context);
  CHECK(batch.ids == Ids{"123456789012345678901234567890", R"("a")", "null"});
  CHECK(batch.batch);
  const json::value parsed = json::parse(batch.text);
  CHECK(parsed.as_array().size() == 3);

  CHECK(kioku::daemon::respond_to_line("{", fixture.context).ids == Ids{"null"});
  const kioku::daemon::ResponseLine silent = kioku::daemon::respond_to_line(
      R"({"jsonrpc":"2.0","method":"system.hello"})", fixture.context);
  CHECK(silent.text.empty());
  CHECK(silent.ids.empty());
  CHECK(session->sent == 0);
}

namespace {

// A clock whose steady time moves on 70 ms each time it is read: every request of a batch
// seems to take long. Its wall clock goes back an hour each time, as a clock being set would:
// the share is measured on the steady clock alone.
class SlowRequestsClock final : public kioku::Clock {
 public:
  kioku::TimestampMs now() const override { return wall_ -= 3'600'000; }
  std::int64_t steady_ms() const override { return steady_ += 70; }

 private:
  mutable kioku::TimestampMs wall_ = kTestMorning;
  mutable std::int64_t steady_ = 0;
};

}  // namespace

TEST_CASE("dispatcher: a batch runs for at most its share of time, the rest answered not run",
          "[daemon][dispatcher]") {
  DaemonFixture fixture;
  const SlowRequestsClock clock;
  kioku::daemon::MethodContext context{fixture.collection, clock, kioku::DayCalendar(4),
                                       ":memory:"};
  std::string line = "[";
  for (int id = 1; id <= 20; ++id) {
    line += (id > 1 ? "," : "") + request_line(id, "system.hello", {});
  }
  // A notification past the share is left out silently, as it would have been answered.
  line += R"(,{"jsonrpc":"2.0","method":"system.hello"}])";
  const json::value reply = json::parse(kioku::daemon::dispatch_line(line, context, {}));
  REQUIRE(reply.is_array());
  const json::array& responses = reply.as_array();
  REQUIRE(responses.size() == 20);
  // The first always runs; once 200 ms have passed the others are told to come again, in order.
  CHECK(responses[0].as_object().contains("result"));
  std::size_t ran = 0;
  while (ran < responses.size() && responses[ran].as_object().contains("result")) ++ran;
  CHECK(ran >= 1);
  CHECK(ran < 20);
  for (std::size_t index = ran; index < responses.size(); ++index) {
    INFO(index);
    CHECK(responses[index].at("id").as_int64() == static_cast<std::int64_t>(index + 1));
    CHECK(error_code_of(responses[index]) == -32600);
    CHECK(error_message_of(responses[index]) ==
          "not run: this batch had run for 200 ms, as long as one batch may before other "
          "clients are served; send this request again");
  }

  // With a clock that stands still (the fixture's), all twenty run.
  const json::value unhurried = fixture.call_line(line);
  for (const json::value& response : unhurried.as_array()) {
    CHECK(response.as_object().contains("result"));
  }
}
