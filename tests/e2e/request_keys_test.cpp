// Request ids and keys over the real socket: a numeric id comes back exactly as the client wrote
// it, and a key written twice anywhere in a request is refused instead of the last one winning.
#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// The raw reply line to `line`, failing the test when none comes.
std::string reply_to(LineClient& client, const std::string& line) {
  REQUIRE(client.send(line + "\n"));
  const auto reply = client.read_line();
  REQUIRE(reply.has_value());
  return *reply;
}

// The card review.next offers, and its right choice.
std::pair<std::int64_t, std::int64_t> next_card(LineClient& client) {
  const json::value next = result_of(rpc(client, kioku::protocol::kReviewNext.name));
  const std::int64_t card = next.at("card").at("id").as_int64();
  return {card, right_choice(client, card)};
}

std::int64_t reviews_total(LineClient& client) {
  return field(result_of(rpc(client, kioku::protocol::kStatsSummary.name)), "reviews_total");
}

}  // namespace

TEST_CASE("e2e: a numeric id comes back exactly as it was sent", "[e2e][protocol]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  // Numbers a double cannot keep (too large, too long, beyond its range), and spellings that
  // differ from what a serializer would write for the same value.
  const std::vector<std::string> ids = {"1e400",
                                        "123456789012345678901234567890",
                                        "-1e-400",
                                        "18446744073709551616",
                                        "-9223372036854775809",
                                        "1.50",
                                        "1E2",
                                        "-0",
                                        "0.1e1",
                                        "7"};
  for (const std::string& id : ids) {
    INFO("id " << id);
    // In a result, and in an error.
    CHECK(reply_to(client, R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":"system.hello"})")
              .starts_with(R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":)"));
    CHECK(reply_to(client, R"({"jsonrpc":"2.0","method":"no.such","id":)" + id + "}")
              .starts_with(R"({"jsonrpc":"2.0","id":)" + id + R"(,"error":)"));
    // In a batch, each entry its own.
    const std::string batch =
        reply_to(client, R"([{"jsonrpc":"2.0","id":)" + id +
                             R"(,"method":"system.hello"},{"jsonrpc":"2.0","id":"x)" + id +
                             R"(","method":"due.counts"},{"jsonrpc":"2.0","id": )" + id +
                             R"( ,"method":"no.such"}])");
    CHECK(batch.starts_with(R"([{"jsonrpc":"2.0","id":)" + id + R"(,"result":)"));
    CHECK(batch.find(R"({"jsonrpc":"2.0","id":"x)" + id + R"(","result":)") != std::string::npos);
    CHECK(batch.find(R"({"jsonrpc":"2.0","id":)" + id + R"(,"error":{"code":-32601)") !=
          std::string::npos);
  }
}

TEST_CASE("e2e: a key written twice in a request is refused - naming the key", "[e2e][protocol]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  const auto [card, right] = next_card(client);
  const std::string answer = R"("method":"review.answer","jsonrpc":"2.0")";

  SECTION("the same parameter twice: nothing is answered") {
    const std::string card_text = std::to_string(card);
    const std::string right_text = std::to_string(right);
    for (const std::string& params :
         {R"({"card":)" + card_text + R"(,"card":99,"choice":)" + right_text + "}",
          R"({"card":)" + card_text + R"(,"choice":)" + right_text + R"(,"choice":1})",
          // Equal once the escape is read: the same key to a JSON parser.
          R"({"card":)" + card_text + R"(,"c\u0061rd":)" + card_text + R"(,"choice":)" +
              right_text + "}"}) {
      INFO(params);
      const json::value response =
          client.request(R"({"id":5,)" + answer + R"(,"params":)" + params + "}");
      CHECK(error_code_of(response) == -32602);
      CHECK(response.at("id").as_int64() == 5);
      const std::string message = error_message_of(response);
      CHECK((message.find("duplicate key 'card' in params") != std::string::npos ||
             message.find("duplicate key 'choice' in params") != std::string::npos));
      CHECK(reviews_total(client) == 0);
    }
  }
  SECTION("a key twice deeper inside params") {
    const json::value response = client.request(
        R"({"jsonrpc":"2.0","id":6,"method":"deck.config","params":{"deck":"gradient-checkpointing","set":{"new_per_day":"5","new_per_day":"50"}}})");
    CHECK(error_code_of(response) == -32602);
    CHECK(error_message_of(response).find("duplicate key 'new_per_day' in params.set") !=
          std::string::npos);
    const json::value config = result_of(
        rpc(client, kioku::protocol::kDeckConfig.name, {{"deck", "gradient-checkpointing"}}));
    for (const json::value& option : config.at("options").as_array()) {
      if (option.at("name") == "new_per_day") CHECK(option.at("value") == "20");
    }
  }
  SECTION("two ids: the reply has none") {
    const json::value response =
        client.request(R"({"jsonrpc":"2.0","id":1,"id":2,)" + answer + R"(,"params":{"card":)" +
                       std::to_string(card) + R"(,"choice":)" + std::to_string(right) + "}}");
    CHECK(error_code_of(response) == -32600);
    CHECK(response.at("id").is_null());
    CHECK(error_message_of(response).find("duplicate key 'id' in the request") !=
          std::string::npos);
    CHECK(reviews_total(client) == 0);
  }
  SECTION("two methods, two params members or two versions") {
    for (const std::string line :
         {R"({"jsonrpc":"2.0","id":7,"method":"system.shutdown","method":"system.hello"})",
          R"({"jsonrpc":"2.0","id":7,"method":"review.answer","params":{"card":1},)"
          R"("params":{"card":1,"choice":1}})",
          R"({"jsonrpc":"2.0","jsonrpc":"2.0","id":7,"method":"system.hello"})"}) {
      INFO(line);
      const json::value response = client.request(line);
      CHECK(error_code_of(response) == -32600);
      CHECK(response.at("id").as_int64() == 7);
      CHECK(error_message_of(response).find("duplicate key '") != std::string::npos);
      CHECK(reviews_total(client) == 0);
    }
  }
  SECTION("in a batch only the entry that repeats a key is refused") {
    const json::value response = client.request(
        R"([{"jsonrpc":"2.0","id":1,"method":"due.counts","params":{"deck":"x","deck":"gradient-checkpointing"}},)"
        R"({"jsonrpc":"2.0","id":2,"method":"due.counts","params":{"deck":"gradient-checkpointing"}}])");
    REQUIRE(response.is_array());
    REQUIRE(response.as_array().size() == 2);
    CHECK(error_code_of(response.as_array()[0]) == -32602);
    CHECK(response.as_array()[1].as_object().contains("result"));
  }
  SECTION("a notification that repeats a parameter does not run") {
    REQUIRE(client.send(R"({)" + answer + R"(,"params":{"card":)" + std::to_string(card) +
                        R"(,"card":)" + std::to_string(card) + R"(,"choice":)" +
                        std::to_string(right) + "}}\n"));
    CHECK(reviews_total(client) == 0);
  }
  // The connection goes on, and the same request written once is answered.
  const json::value recorded = result_of(
      rpc(client, kioku::protocol::kReviewAnswer.name, {{"card", card}, {"choice", right}}));
  CHECK(recorded.at("card").as_int64() == card);
  CHECK(reviews_total(client) == 1);
}
