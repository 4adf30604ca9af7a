// JSON-RPC calls from tests: one request over a LineClient, and reading its result or error.
// Shared by the end-to-end tests and the RunningDaemon fixture.
#pragma once

#include <atomic>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "tests/support/line_client.hpp"

namespace kioku::test {

// note.add's `fields` for texts in English only: {"front": {"en": "..."}, ...}.
inline boost::json::object english_fields(
    std::initializer_list<std::pair<std::string, std::string>> texts) {
  boost::json::object object;
  for (const auto& [name, text] : texts) object[name] = boost::json::object{{"en", text}};
  return object;
}

// The code and message of a JSON-RPC error response.
inline std::int64_t error_code_of(const boost::json::value& response) {
  INFO(boost::json::serialize(response));
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

// Calls a method on a fresh connection to `socket_path`, from the test's thread; fails the test
// on an error. The generous default reply wait is for the crash test's 20,000-card imports,
// which take seconds under the sanitizers while other tests load both cores.
inline boost::json::value call_on(const std::string& socket_path, std::string_view method,
                                  boost::json::object params = {}, int reply_timeout_ms = 300'000) {
  LineClient client(socket_path);
  REQUIRE(client.connected());
  INFO("calling " << method);
  return result_of(rpc(client, method, std::move(params), reply_timeout_ms));
}

}  // namespace kioku::test
