// Rewrites held responses into errors once their commit has failed.
#include "daemon/server/failed_commit.hpp"

#include <boost/json.hpp>

#include "protocol/json_rpc.hpp"
#include "protocol/message_parser.hpp"

namespace kioku::daemon {

namespace json = boost::json;

namespace {

// Deep enough for any response kiokud writes.
constexpr std::size_t kResponseDepth = 256;

// The error with the response's id exactly as the response had it (a numeric id the client
// sent as 1e400 stays 1e400).
std::string as_error(const json::value& response, const protocol::MessageFacts& facts,
                     const json::object& error) {
  const json::value* id = response.is_object() ? response.as_object().if_contains("id") : nullptr;
  return protocol::response_text(error, protocol::id_text(id, facts));
}

}  // namespace

std::string failed_commit_response(std::string_view response_line, const std::string& reason) {
  if (response_line.empty()) return {};
  const json::object error = protocol::make_error(
      nullptr, protocol::code::kStorage, "not recorded, the commit was rolled back: " + reason);
  protocol::ParsedLine parsed;
  if (protocol::parse_line(response_line, kResponseDepth, parsed) || parsed.messages.empty()) {
    return protocol::response_text(error, "null") + '\n';
  }
  if (!parsed.value.is_array()) return as_error(parsed.value, parsed.messages[0], error) + '\n';
  const json::array& responses = parsed.value.as_array();
  std::string line = "[";
  for (std::size_t index = 0; index < responses.size() && index < parsed.messages.size(); ++index) {
    if (index > 0) line += ',';
    line += as_error(responses[index], parsed.messages[index], error);
  }
  line += "]\n";
  return line;
}

}  // namespace kioku::daemon
