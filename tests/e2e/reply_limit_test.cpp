// The size of one reply is capped (docs/protocol.md, Limits): a batch whose results would pass
// 16 MiB gets errors for the rest instead of a reply of gigabytes, and the daemon goes on
// serving everyone. The collection's cards are made large behind kiokud's back, as an older
// collection (imported before the field caps) can hold them.
#include <signal.h>
#include <sqlite3.h>

#include "protocol/framing.hpp"
#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxReply = kioku::protocol::kMaxReplyBytes;

// Gives every card of the collection an English explanation of `bytes` bytes (kiokud stopped).
void enlarge_explanations(const TempHome& home, std::size_t bytes) {
  sqlite3* database = nullptr;
  REQUIRE(sqlite3_open(home.collection_path().c_str(), &database) == SQLITE_OK);
  // hex() of a zeroblob of n bytes is 2n zeros: a long text without a loop.
  const std::string sql =
      "UPDATE cards SET content = json_set(content, '$.explanation.en', "
      "replace(hex(zeroblob(" +
      std::to_string(bytes / 2) + ")), '0', 'x'))";
  char* error = nullptr;
  const int result = sqlite3_exec(database, sql.c_str(), nullptr, nullptr, &error);
  INFO((error ? error : ""));
  sqlite3_free(error);
  sqlite3_close(database);
  REQUIRE(result == SQLITE_OK);
}

// A daemon on the eight choice cards of the format 1 deck whose explanations are `bytes` long.
void prepare_collection(const TempHome& home, std::size_t bytes) {
  RunningDaemon first(home, {"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  REQUIRE(first.stop(SIGTERM) == 0);
  enlarge_explanations(home, bytes);
}

std::string next_request(int id) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) +
         R"(,"method":"review.next","params":{"lang":"en"}})";
}

// The raw reply line to `line`.
std::string large_reply_to(LineClient& client, const std::string& line) {
  REQUIRE(client.send(line + "\n"));
  const auto reply = client.read_line(120'000);
  REQUIRE(reply.has_value());
  return *reply;
}

json::value parse(const std::string& text) {
  json::error_code error;
  json::value value = json::parse(text, error);
  REQUIRE_FALSE(error);
  return value;
}

}  // namespace

TEST_CASE("e2e: a batch whose results would pass the reply limit gets errors for the rest",
          "[e2e][protocol][limits]") {
  TempHome home;
  prepare_collection(home, 3'000'000);
  // On a clock that stands still: a batch may also run out of its time (200 ms, a clock's
  // reading), which five results of 3 MB took on a loaded sanitizer run, and that is not the
  // limit this tests (dispatcher_test tests it).
  const std::string clock = home.write_file("clock", std::to_string(kMorning * 1000));
  RunningDaemon daemon(home, {"--clock-file", clock});
  LineClient greedy(home.socket_path());
  LineClient other(home.socket_path());
  REQUIRE(greedy.connected());
  REQUIRE(other.connected());

  SECTION("40 review.next of a 3 MB card") {
    std::string batch = "[";
    for (int id = 1; id <= 40; ++id) batch += (id > 1 ? "," : "") + next_request(id);
    const std::string reply = large_reply_to(greedy, batch + "]");
    CHECK(reply.size() <= kMaxReply);
    const json::value responses = parse(reply);
    REQUIRE(responses.is_array());
    REQUIRE(responses.as_array().size() == 40);
    int results = 0;
    std::int64_t id = 0;
    for (const json::value& response : responses.as_array()) {
      CHECK(response.at("id").as_int64() == ++id);
      if (!is_error(response)) {
        CHECK(results == id - 1);  // the results come first
        ++results;
        continue;
      }
      CHECK(error_code_of(response) == -32600);
    }
    // As many as fit, in order, then errors for every other entry.
    CHECK(results == static_cast<int>(kMaxReply / 3'000'000));
    CHECK(error_message_of(responses.as_array()[static_cast<std::size_t>(results)])
              .find("limit of one reply") != std::string::npos);
    CHECK(error_message_of(responses.as_array().back()).starts_with("not run:"));
  }
  SECTION("an answer after the limit is not run, one that crosses it is sent whole") {
    const json::value first = parse(large_reply_to(greedy, next_request(1)));
    const std::int64_t card = first.at("result").at("card").at("id").as_int64();
    CHECK_FALSE(first.at("result").at("card").as_object().contains("answer"));
    const std::int64_t right = right_choice(greedy, card);
    const std::string answer =
        R"({"jsonrpc":"2.0","id":99,"method":"review.answer","params":{"card":)" +
        std::to_string(card) + R"(,"choice":)" + std::to_string(right) + "}}";
    // Five cards fill 15 MB; the answer's result, with its 3 MB explanation, goes past 16 MiB
    // but is sent: it was recorded, and the client must learn so.
    std::string crossing = "[";
    for (int id = 1; id <= 5; ++id) crossing += next_request(id) + ",";
    const json::value crossed = parse(large_reply_to(greedy, crossing + answer + "]"));
    REQUIRE(crossed.as_array().size() == 6);
    CHECK(crossed.as_array()[5].at("result").at("card").as_int64() == card);
    CHECK(field(result_of(rpc(other, kioku::protocol::kStatsSummary.name)), "reviews_total") == 1);
    // Six cards pass the limit: the answer after them does not run.
    std::string past = "[";
    for (int id = 1; id <= 6; ++id) past += next_request(id) + ",";
    const json::value refused = parse(large_reply_to(greedy, past + answer + "]"));
    REQUIRE(refused.as_array().size() == 7);
    CHECK(error_code_of(refused.as_array()[5]) == -32600);
    CHECK(error_code_of(refused.as_array()[6]) == -32600);
    CHECK(refused.as_array()[6].at("id").as_int64() == 99);
    CHECK(field(result_of(rpc(other, kioku::protocol::kStatsSummary.name)), "reviews_total") == 1);
  }
  // The greedy client's connection goes on, and so does everyone else's.
  CHECK(result_of(rpc(greedy, kioku::protocol::kHello.name)).at("daemon") == "kiokud");
  CHECK(result_of(rpc(other, kioku::protocol::kHello.name)).at("daemon") == "kiokud");
  expect_still_serving(home);
}

TEST_CASE("e2e: a single result larger than the reply limit is an error - not a closed line",
          "[e2e][protocol][limits]") {
  TempHome home;
  prepare_collection(home, kMaxReply + 1'000'000);
  RunningDaemon daemon(home, {"--clock-start", clock_start(kMorning)});
  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  const std::string reply = large_reply_to(client, next_request(3));
  CHECK(reply.size() < 1000);
  const json::value response = parse(reply);
  CHECK(error_code_of(response) == -32600);
  CHECK(response.at("id").as_int64() == 3);
  // Smaller requests go on being answered on the same connection.
  CHECK(field(result_of(rpc(client, kioku::protocol::kDueCounts.name)), "new") > 0);
  expect_still_serving(home);
}
