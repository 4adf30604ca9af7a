// Shared pieces of the end-to-end tests: JSON parsing of command output, fixed instants,
// generated decks, request lines and direct JSON-RPC calls.
#pragma once

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>
#include <string_view>

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

// The code and message of a JSON-RPC error response.
inline std::int64_t error_code_of(const boost::json::value& response) {
  REQUIRE(response.is_object());
  return response.at("error").at("code").as_int64();
}

inline std::string error_message_of(const boost::json::value& response) {
  return std::string(response.at("error").at("message").as_string());
}

// Calls a method on a fresh connection, from the test's thread; fails the test on an error.
// The generous reply wait is for the crash test's 20,000-card imports, which take seconds under
// the sanitizers while other tests load both cores.
inline boost::json::value call(const TempHome& home, std::string_view name,
                               boost::json::object params = {}) {
  constexpr int kReplyTimeoutMs = 300'000;
  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  const boost::json::value response =
      client.request(request_line(1, name, std::move(params)), kReplyTimeoutMs);
  INFO(name << " answered " << boost::json::serialize(response));
  REQUIRE(response.is_object());
  REQUIRE(response.as_object().contains("result"));
  return response.at("result");
}

inline std::int64_t field(const boost::json::value& object, const char* key) {
  return object.as_object().at(key).as_int64();
}

// Calls `method` on a fresh connection to the home's daemon and returns the whole response.
inline boost::json::value call_daemon(const TempHome& home, std::string_view method,
                                      boost::json::object params = {}) {
  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  return client.request(boost::json::serialize(boost::json::object{
      {"jsonrpc", "2.0"}, {"id", 1}, {"method", method}, {"params", std::move(params)}}));
}

// The result of a call that must succeed; fails the test with the response otherwise.
inline boost::json::value call_result(const TempHome& home, std::string_view method,
                                      boost::json::object params = {}) {
  const boost::json::value response = call_daemon(home, method, std::move(params));
  INFO(method << " answered " << boost::json::serialize(response));
  REQUIRE(response.is_object());
  REQUIRE(response.as_object().contains("result"));
  return response.at("result");
}

}  // namespace kioku::test
