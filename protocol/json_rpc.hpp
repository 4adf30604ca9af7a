// JSON-RPC 2.0 messages: building requests, results and errors, and the error codes kioku uses.
#pragma once

#include <boost/json.hpp>
#include <string>
#include <string_view>
#include <utility>

#include "core/error.hpp"

namespace kioku::protocol {

// Standard JSON-RPC 2.0 codes, then kioku's own in the server-error range.
namespace code {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kNotFound = -32001;
inline constexpr int kInvalidInput = -32002;
inline constexpr int kConflict = -32003;
inline constexpr int kStorage = -32004;
inline constexpr int kUnavailable = -32005;
inline constexpr int kPermission = -32006;
inline constexpr int kBusy = -32007;
}  // namespace code

// An error whose JSON-RPC form carries `data` beside its message, for a client to act on (or to
// word in its own language): thrown by a handler, and by the CLI for such an error response.
class ErrorWithData : public Error {
 public:
  ErrorWithData(ErrorCode code, const std::string& message, boost::json::object data)
      : Error(code, message), data_(std::move(data)) {}
  ErrorWithData(ErrorCode code, const BilingualMessage& message, boost::json::object data)
      : Error(code, message), data_(std::move(data)) {}
  const boost::json::object& data() const noexcept { return data_; }

 private:
  boost::json::object data_;
};

// An error's `data` with its message in Japanese as `messages.ja` (docs/protocol.md, "Errors");
// `data` as it was when `japanese` is empty. The one writer of that member; the client reads it
// back with japanese_message_in.
boost::json::object with_japanese_message(boost::json::object data, std::string_view japanese);
// The Japanese an error's `data` (any JSON, possibly not an object) carries, when it carries one.
const boost::json::string* japanese_message_in(const boost::json::value* data);

int to_json_rpc_code(ErrorCode error) noexcept;
ErrorCode from_json_rpc_code(int code) noexcept;

boost::json::object make_request(std::int64_t id, std::string_view method,
                                 boost::json::object params = {});
boost::json::object make_result(const boost::json::value& id, boost::json::value result);
boost::json::object make_error(const boost::json::value& id, int code, std::string_view message,
                               boost::json::value data = nullptr);

// One line of the wire format: the serialized object and a '\n'.
std::string to_line(const boost::json::value& message);

// The JSON text of `response` (from make_result or make_error) with its id written as
// `id_text`, the id's JSON text as the request had it (protocol::id_text): a numeric id then
// comes back exactly as sent, which a parsed double could not promise.
std::string response_text(const boost::json::object& response, std::string_view id_text);

// The text of a result response, from the id as written in the request and the result's JSON
// text: the same bytes as response_text(make_result(id, result), id_text).
std::string result_response_text(std::string_view id_text, std::string_view result_text);

}  // namespace kioku::protocol
