// The JSON text kioku writes: readable doubles that read back as the same double.
#include "protocol/json_text.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace json = boost::json;
using kioku::protocol::to_json_text;

TEST_CASE("json text: doubles are written as their shortest decimal", "[protocol]") {
  CHECK(to_json_text(json::value(2.5)) == "2.5");
  CHECK(to_json_text(json::value(0.9)) == "0.9");
  CHECK(to_json_text(json::value(-1.3)) == "-1.3");
  CHECK(to_json_text(json::value(1e-7)) == "1e-07");
  CHECK(to_json_text(json::value(1e300)) == "1e+300");
}

TEST_CASE("json text: an integral double keeps a fraction so it reads back as a double",
          "[protocol]") {
  CHECK(to_json_text(json::value(2.0)) == "2.0");
  CHECK(to_json_text(json::value(-0.0)) == "-0.0");
  const json::value parsed = json::parse(to_json_text(json::value(36500.0)));
  REQUIRE(parsed.is_double());
  CHECK(parsed.get_double() == 36500.0);
}

// Read back with strtod, which rounds correctly: Boost.JSON 1.81's parser may miss the last bit.
TEST_CASE("json text: every double round-trips exactly", "[protocol]") {
  for (const double number : {0.1, 1.0 / 3.0, 2.718281828459045, 5e-324, 1.7976931348623157e308,
                              0.48719999999999997, 123456789.125}) {
    const std::string text = to_json_text(json::value(number));
    CHECK(std::strtod(text.c_str(), nullptr) == number);
    CHECK(json::parse(text).is_double());
  }
}

TEST_CASE("json text: non-finite doubles become null as JSON has no such numbers", "[protocol]") {
  CHECK(to_json_text(json::value(std::numeric_limits<double>::infinity())) == "null");
  CHECK(to_json_text(json::value(std::nan(""))) == "null");
}

TEST_CASE("json text: everything else matches Boost.JSON's serializer", "[protocol]") {
  const json::value message =
      json::parse(R"({"jsonrpc":"2.0","id":-7,"result":{"big":18446744073709551615,"ok":true,)"
                  R"("none":null,"text":"日本語 \"quoted\"\n\u0001","list":[1,[],{},"x"]}})");
  CHECK(to_json_text(message) == json::serialize(message));
}

TEST_CASE("json text: bytes that are not UTF-8 are written as U+FFFD, so the text parses",
          "[protocol]") {
  const auto written = [](std::string_view text) {
    std::string out;
    kioku::protocol::append_json_string(out, text);
    return out;
  };
  CHECK(written("plain") == "\"plain\"");
  CHECK(written("日本語 ok") == "\"日本語 ok\"");
  CHECK(written("a\xff" "b") == "\"a\xEF\xBF\xBD" "b\"");
  // A lead byte cut short, an overlong form and a surrogate: each byte replaced.
  CHECK(written("\xe3\x81") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
  CHECK(written("\xc0\xaf") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
  CHECK(written("\xed\xa0\x80x") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDx\"");
  json::error_code error;
  json::parse(written("\x80\x81 stored \xfe"), error);
  CHECK_FALSE(error);
}
