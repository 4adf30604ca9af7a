// Reading request lines: the value Boost.JSON would build, plus each message's numeric id as
// written and the first key one of its objects repeats.
#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include "protocol/message_parser.hpp"

using namespace kioku::protocol;
namespace json = boost::json;

namespace {

ParsedLine parsed(std::string_view line) {
  ParsedLine result;
  INFO(line);
  REQUIRE_FALSE(parse_line(line, 64, result));
  CHECK(result.value == json::parse(line));
  return result;
}

std::string duplicate_of(const MessageFacts& facts) {
  return facts.duplicate ? facts.duplicate->key + " @ " + facts.duplicate->where : "none";
}

}  // namespace

TEST_CASE("message parser: numeric ids are kept as written, for each message of a batch",
          "[daemon][protocol]") {
  const ParsedLine one = parsed(R"({"jsonrpc":"2.0","id": 1e400 ,"method":"x"})");
  REQUIRE(one.messages.size() == 1);
  CHECK(one.messages[0].number_id == "1e400");
  CHECK(id_text(one.value.as_object().if_contains("id"), one.messages[0]) == "1e400");

  const ParsedLine batch =
      parsed(R"([{"id":-0},{"id":"7"},5,{"params":{"id":3}},{"id":12345678901234567890123}, []])");
  REQUIRE(batch.messages.size() == 6);
  CHECK(batch.messages[0].number_id == "-0");
  CHECK(batch.messages[1].number_id.empty());  // a string id is not a number's text
  CHECK(id_text(batch.value.as_array()[1].as_object().if_contains("id"), batch.messages[1]) ==
        "\"7\"");
  CHECK(batch.messages[2].number_id.empty());
  CHECK(batch.messages[3].number_id.empty());  // an "id" inside params is no request's id
  CHECK(batch.messages[4].number_id == "12345678901234567890123");
  CHECK(id_text(nullptr, batch.messages[5]) == "null");
}

TEST_CASE("message parser: the first repeated key of each message and where it is",
          "[daemon][protocol]") {
  CHECK(duplicate_of(parsed(R"({"id":1,"id":2})").messages[0]) == "id @ ");
  CHECK(duplicate_of(parsed(R"({"params":{"card":1,"c\u0061rd":2}})").messages[0]) ==
        "card @ params");
  CHECK(duplicate_of(
            parsed(R"({"params":{"set":{"a":1,"b":{"x":[{"k":1,"k":2}]},"a":3}}})").messages[0]) ==
        "k @ params.set.b.x[0]");
  // Equal keys in different objects are no repetition.
  CHECK(duplicate_of(parsed(R"({"a":{"k":1},"b":{"k":1},"k":{}})").messages[0]) == "none");
  const ParsedLine batch = parsed(R"([{"id":1},{"m":1,"params":{},"m":2},{"id":3}])");
  REQUIRE(batch.messages.size() == 3);
  CHECK(duplicate_of(batch.messages[0]) == "none");
  CHECK(duplicate_of(batch.messages[1]) == "m @ ");
  CHECK(duplicate_of(batch.messages[2]) == "none");
}

TEST_CASE("message parser: invalid JSON is refused as Boost.JSON refuses it",
          "[daemon][protocol]") {
  for (const char* line : {"", "{", "{\"a\":1} x", "[1,]", "{\"a\" 1}", "01", "\"\xff\""}) {
    INFO(line);
    ParsedLine result;
    CHECK(parse_line(line, 64, result));
  }
  ParsedLine deep;
  CHECK(parse_line(std::string(65, '[') + std::string(65, ']'), 64, deep));
  CHECK_FALSE(parse_line(std::string(64, '[') + std::string(64, ']'), 64, deep));
}

TEST_CASE("message parser: a repeated key is found however many keys come before it",
          "[daemon][protocol]") {
  // Past 16 keys an object's keys move from a list to a hash set; the repeat is found either way.
  for (const int keys : {1, 15, 16, 17, 40}) {
    std::string object = R"({"params":{)";
    for (int key = 0; key < keys; ++key) object += "\"k" + std::to_string(key) + "\":1,";
    INFO(keys << " keys");
    CHECK(duplicate_of(parsed(object + R"("last":2}})").messages[0]) == "none");
    CHECK(duplicate_of(parsed(object + R"("k0":2}})").messages[0]) == "k0 @ params");
    CHECK(
        duplicate_of(parsed(object + "\"k" + std::to_string(keys - 1) + R"(":2}})").messages[0]) ==
        "k" + std::to_string(keys - 1) + " @ params");
  }
}

TEST_CASE("message parser: a line is parsed into the storage of the caller's value",
          "[daemon][protocol]") {
  const std::string line =
      R"([{"jsonrpc":"2.0","id":7,"method":"review.answer","params":{"card":3,"rating":"good",)"
      R"("lang":"ja","text":")" +
      std::string(6000, 'x') + R"("}},{"id":"a","list":[1,2.5,null,true,{"k":"v"}]}])";
  unsigned char buffer[512];
  json::monotonic_resource resource(buffer, sizeof buffer);
  ParsedLine result{json::value(json::storage_ptr(&resource)), {}};
  REQUIRE_FALSE(parse_line(line, 64, result));
  CHECK(result.value == json::parse(line));
  CHECK(result.value.storage().get() == &resource);
  REQUIRE(result.messages.size() == 2);
  CHECK(result.messages[0].number_id == "7");
}
