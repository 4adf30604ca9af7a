// Rewrites held responses into errors once their commit has failed.
#include "daemon/server/failed_commit.hpp"

#include <boost/json.hpp>

#include "protocol/json_rpc.hpp"

namespace kioku::daemon {

namespace json = boost::json;

namespace {

json::value as_error(const json::value& response, const std::string& message) {
  const json::value* id = response.is_object() ? response.as_object().if_contains("id") : nullptr;
  return protocol::make_error(id ? *id : json::value(nullptr), protocol::code::kStorage, message);
}

}  // namespace

std::string failed_commit_response(std::string_view response_line, const std::string& reason) {
  if (response_line.empty()) return {};
  const std::string message = "not recorded, the commit was rolled back: " + reason;
  json::error_code parse_error;
  const json::value response = json::parse(response_line, parse_error);
  if (parse_error) return protocol::to_line(as_error(nullptr, message));
  if (!response.is_array()) return protocol::to_line(as_error(response, message));
  json::array errors;
  for (const json::value& entry : response.as_array()) errors.push_back(as_error(entry, message));
  return protocol::to_line(errors);
}

}  // namespace kioku::daemon
