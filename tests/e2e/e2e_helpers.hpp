// Shared pieces of the end-to-end tests: JSON parsing of command output, fixed instants,
// generated decks, request lines and direct JSON-RPC calls.
#pragma once

#include <atomic>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "protocol/methods.hpp"
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

// The whole response (result or error) to one request; null when the connection broke or no
// reply came within `reply_timeout_ms`. Safe to call from several threads at once.
inline boost::json::value rpc(LineClient& client, std::string_view method,
                              boost::json::object params = {}, int reply_timeout_ms = 10'000) {
  static std::atomic<std::int64_t> next_id = 1;
  return client.request(request_line(next_id++, method, std::move(params)), reply_timeout_ms);
}

inline bool is_error(const boost::json::value& response) {
  return response.is_object() && response.as_object().contains("error");
}

// A result, failing the test with the response when it is an error.
inline boost::json::value result_of(const boost::json::value& response) {
  INFO("response: " << boost::json::serialize(response));
  REQUIRE(response.is_object());
  REQUIRE(response.as_object().contains("result"));
  return response.at("result");
}

// Calls a method on a fresh connection, from the test's thread; fails the test on an error.
// The generous default reply wait is for the crash test's 20,000-card imports, which take
// seconds under the sanitizers while other tests load both cores.
inline boost::json::value call(const TempHome& home, std::string_view method,
                               boost::json::object params = {}, int reply_timeout_ms = 300'000) {
  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  INFO("calling " << method);
  return result_of(rpc(client, method, std::move(params), reply_timeout_ms));
}

// The daemon still answers a fresh client.
inline void expect_still_serving(const TempHome& home) {
  CHECK(call(home, protocol::method::kHello).at("daemon").as_string() == "kiokud");
}

inline std::int64_t field(const boost::json::value& object, const char* key) {
  return object.as_object().at(key).as_int64();
}

// The right choice of a card, which review.next no longer sends: review.check grades a choice
// and names the right one, recording nothing.
inline std::int64_t right_choice(LineClient& client, std::int64_t card) {
  return field(
      result_of(rpc(client, protocol::method::kReviewCheck, {{"card", card}, {"choice", 1}})),
      "answer");
}

}  // namespace kioku::test
