// Replies written straight from their structs (protocol/wire_text.hpp) against the same structs
// turned into a boost::json::value and printed: the daemon now sends the first, and clients and
// scripts were written against the second, so the two must agree byte for byte.
#include "protocol/wire_text.hpp"

#include <catch2/catch.hpp>
#include <limits>
#include <random>
#include <vector>

#include "protocol/deck_types.hpp"
#include "protocol/doctor_types.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/json_text.hpp"
#include "protocol/review_types.hpp"
#include "protocol/stats_types.hpp"
#include "tests/protocol/captured_replies.hpp"

namespace json = boost::json;
using namespace kioku;
using namespace kioku::protocol;
using namespace kioku::test::captured;

namespace wire_text_test {

struct Inner {
  std::string name;
  Omissible<std::int64_t> count;
};
BOOST_DESCRIBE_STRUCT(Inner, (), (name, count))

// One of every kind of field a wire struct may have.
struct EveryKind {
  bool flag = false;
  std::int64_t integer = 0;
  double number = 0;
  std::string text;
  std::optional<std::string> maybe_text;
  Omissible<double> left_out;
  Omissible<std::string> kept;
  std::vector<Inner> list;
  std::map<std::string, std::vector<std::int64_t>> by_name;
  json::value any;
  json::object object;
  std::optional<Inner> maybe_inner;
  std::string new_;
};
BOOST_DESCRIBE_STRUCT(EveryKind, (),
                      (flag, integer, number, text, maybe_text, left_out, kept, list, by_name, any,
                       object, maybe_inner, new_))

}  // namespace wire_text_test

namespace {

template <class T>
std::string through_value(const T& value) {
  return to_json_text(encode(value));
}

}  // namespace

TEST_CASE("wire text: a string is escaped as Boost.JSON's serializer escapes it",
          "[protocol][wire]") {
  // A byte that is not UTF-8 is written as U+FFFD (json_text_test.cpp), the rest as Boost does.
  const std::string replacement = "\xEF\xBF\xBD";
  for (int byte = 0; byte < 256; ++byte) {
    const std::string text = "a" + std::string(1, static_cast<char>(byte)) + "z";
    std::string written;
    append_json_string(written, text);
    INFO("byte " << byte);
    CHECK(written == json::serialize(json::string(byte < 0x80 ? text : "a" + replacement + "z")));
  }
  // Longer than the buffer the serializer is read through, escapes falling across its edges.
  std::string long_text;
  for (int at = 0; at < 3000; ++at) long_text += (at % 7 == 0) ? "\n\"" : "勾";
  std::string long_written;
  append_json_string(long_written, long_text);
  CHECK(long_written == json::serialize(json::string(long_text)));
  std::mt19937 random(20261201);
  const std::vector<std::string> alphabet = {"\"", "\\", "/",    "\b",   "\f",   "\n",
                                             "\r", "\t", "\x01", "\x1f", "\x7f", " ",
                                             "a",  "b",  "勾",   "配",   "\xff"};
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    std::string expected;
    const int length = static_cast<int>(random() % 24);
    for (int at = 0; at < length; ++at) {
      const std::string& piece = alphabet[random() % alphabet.size()];
      text += piece;
      expected += piece == "\xff" ? replacement : piece;
    }
    std::string written = "prefix";
    append_json_string(written, text);
    CHECK(written == "prefix" + json::serialize(json::string(expected)));
  }
}

TEST_CASE("wire text: every captured reply is written as the value path writes it",
          "[protocol][wire]") {
  const auto same = [](auto result_type, const char* text) {
    using Result = decltype(result_type);
    const Result result = decode_result<Result>("test.method", json::parse(text));
    INFO(text);
    CHECK(wire_text(result) == through_value(result));
    CHECK(wire_text(result) == to_json_text(json::parse(text)));
  };
  for_each_captured_reply(same);
}

TEST_CASE("wire text: every kind of field, filled and empty", "[protocol][wire]") {
  using wire_text_test::EveryKind;
  using wire_text_test::Inner;
  EveryKind empty;
  CHECK(wire_text(empty) == through_value(empty));
  CHECK(wire_text(empty).find("left_out") == std::string::npos);

  EveryKind full;
  full.flag = true;
  full.integer = std::numeric_limits<std::int64_t>::min();
  full.number = 2.0;
  full.text = "tab\there \"quoted\" \x01 勾配";
  full.maybe_text = "";
  full.left_out.emplace(std::numeric_limits<double>::quiet_NaN());
  full.kept.emplace("kept");
  full.list = {Inner{"one", {}}, Inner{"two", {}}};
  full.list[0].count.emplace(1);
  full.by_name = {{"b", {1, 2}}, {"a", {}}, {"\n", {3}}};
  full.any = json::parse(R"([1,2.5,{"x":null,"y":"\u0000"},true,18446744073709551615])");
  full.object = json::object{{"z", 1}, {"a", json::array{0.1, -0.0}}};
  full.maybe_inner = Inner{"inner", 0};
  full.new_ = "new";
  const std::string written = wire_text(full);
  CHECK(written == through_value(full));
  CHECK(written.find(R"("new":"new")") != std::string::npos);
  CHECK(written.find(R"("left_out":null)") != std::string::npos);

  std::string appended = "[";
  Inner two{"x", {}};
  two.count.emplace(2);
  append_wire_text(appended, two);
  CHECK(appended == R"([{"name":"x","count":2})");
}

TEST_CASE("wire text: a result response is the envelope make_result writes", "[protocol][wire]") {
  const std::string result = R"({"card":1,"explanation":"E."})";
  for (const char* id_text : {"1", R"("a-1")", "null", "1e400", "123456789012345678901234567890"}) {
    INFO(id_text);
    CHECK(result_response_text(id_text, result) ==
          response_text(make_result(nullptr, json::parse(result)), id_text));
  }
}
