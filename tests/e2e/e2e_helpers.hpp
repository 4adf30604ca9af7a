// Shared pieces of the end-to-end tests: JSON parsing of command output, fixed instants,
// generated decks and direct JSON-RPC calls.
#pragma once

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>

#include "tests/support/generated_deck.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/process.hpp"

namespace kioku::test {

// 2026-06-01T10:00:00Z: far from the 04:00 day start, so tests never straddle a day.
inline constexpr std::int64_t kMorning = 1780308000;

inline std::string clock_start(std::int64_t seconds) {
  return std::to_string(seconds);
}

// Parses a command's stdout as one JSON value; fails the test with the output when it is not.
inline boost::json::value parse_output(const CommandResult& result) {
  INFO("stdout: " << result.out << "\nstderr: " << result.err);
  boost::json::error_code error;
  boost::json::value value = boost::json::parse(result.out, error);
  REQUIRE_FALSE(error);
  return value;
}

// Calls a method on a fresh connection, from the test's thread; fails the test on an error.
inline boost::json::value call(const TempHome& home, std::string_view name,
                               boost::json::object params = {}) {
  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  const boost::json::value response = client.request(request_line(1, name, std::move(params)));
  INFO(name << " answered " << boost::json::serialize(response));
  REQUIRE(response.is_object());
  REQUIRE(response.as_object().contains("result"));
  return response.at("result");
}

inline std::int64_t field(const boost::json::value& object, const char* key) {
  return object.as_object().at(key).as_int64();
}

}  // namespace kioku::test
