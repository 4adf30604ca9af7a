// Reply matching by id, and the refusal without an id that a daemon sends before closing.
#include "cli/reply.hpp"

#include <cstdio>

#include "cli/messages.hpp"
#include "core/error.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

// Nesting deeper than any reply of kiokud's; deeper input is refused, not recursed into.
constexpr std::size_t kMaxReplyDepth = 64;

bool is_our_id(const json::value& value, std::int64_t id) {
  if (value.is_int64()) return value.as_int64() == id;
  if (value.is_uint64()) return id >= 0 && value.as_uint64() == static_cast<std::uint64_t>(id);
  return false;
}

}  // namespace

std::optional<std::string> ReplyLines::next_line(const ConnectionMessages& words) {
  if (const std::optional<std::string_view> line = framing_.next_line()) return std::string(*line);
  if (framing_.overlong()) {
    throw Error(
        ErrorCode::kInternal,
        fill_in(words.reply_too_long, {{"mebibytes", std::to_string(kMaxReplyLineBytes >> 20)}}));
  }
  return std::nullopt;
}

std::string printable(std::string_view text, std::size_t limit) {
  std::string shown;
  for (std::size_t index = 0; index < text.size(); ++index) {
    if (shown.size() >= limit) return shown + "...";
    const auto byte = static_cast<unsigned char>(text[index]);
    // C1 controls are U+0080..U+009F, in UTF-8 0xC2 0x80..0x9F.
    const bool c1 = byte == 0xC2 && index + 1 < text.size() &&
                    static_cast<unsigned char>(text[index + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[index + 1]) <= 0x9F;
    if (byte < 0x20 || byte == 0x7F || c1) {
      const unsigned value = c1 ? static_cast<unsigned char>(text[++index]) : byte;
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", value);
      shown += escaped;
      continue;
    }
    shown += text[index];
  }
  return shown;
}

std::optional<json::value> notification_in(std::string_view line) {
  json::parse_options options;
  options.max_depth = kMaxReplyDepth;
  json::error_code error;
  json::value value = json::parse(line, error, {}, options);
  if (error || !value.is_object()) return std::nullopt;
  const json::object& object = value.as_object();
  if (object.contains("id") || !object.contains("method")) return std::nullopt;
  return value;
}

std::optional<json::value> interpret_reply(std::string_view line, std::int64_t id,
                                           const std::string& language) {
  const ConnectionMessages& words = connection_messages_for(language);
  json::parse_options options;
  options.max_depth = kMaxReplyDepth;
  json::error_code error;
  json::value response = json::parse(line, error, {}, options);
  if (error || !response.is_object()) {
    throw Error(ErrorCode::kInternal,
                fill_in(words.not_json_rpc, {{"line", printable(line, 200)}}));
  }
  json::object& object = response.as_object();
  const json::value* response_id = object.if_contains("id");
  if (const json::value* failure = object.if_contains("error"); failure && failure->is_object()) {
    // An error without our id (a refusal at connect time, say) still concerns us.
    if (response_id && !response_id->is_null() && !is_our_id(*response_id, id)) {
      return std::nullopt;
    }
    const json::object& details = failure->as_object();
    const json::value* code = details.if_contains("code");
    const json::value* message = details.if_contains("message");
    const int error_code =
        code && code->is_int64() && code->as_int64() >= INT32_MIN && code->as_int64() <= INT32_MAX
            ? static_cast<int>(code->as_int64())
            : protocol::code::kInternalError;
    const json::value* data = details.if_contains("data");
    BilingualMessage text;
    text.english = message && message->is_string() ? printable(message->as_string(), 4096)
                                                   : std::string(words.unknown_error);
    if (const json::string* japanese = protocol::japanese_message_in(data)) {
      text.japanese = printable(*japanese, 4096);
    }
    if (data && data->is_object()) {
      throw protocol::ErrorWithData(protocol::from_json_rpc_code(error_code), text,
                                    data->as_object());
    }
    throw Error(protocol::from_json_rpc_code(error_code), text);
  }
  if (!response_id || !is_our_id(*response_id, id)) return std::nullopt;
  if (json::value* result = object.if_contains("result")) return std::move(*result);
  throw Error(ErrorCode::kInternal, words.neither_result_nor_error);
}

}  // namespace kioku::cli
