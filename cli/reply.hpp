// What kiokud's reply bytes mean to the call waiting for them. Pure (no socket), because it is
// where a broken or hostile daemon's bytes land: tests/fuzz/client_reply_fuzz.cpp feeds it
// anything.
#pragma once

#include <boost/json.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cli/connection_messages.hpp"
#include "protocol/line_framing.hpp"

namespace kioku::cli {

// A reply line may be this long: replies are not bounded by the request limit (a long deck list),
// but a daemon sending without end must not take the client's memory with it.
inline constexpr std::size_t kMaxReplyLineBytes = 64 * 1024 * 1024;

// Splits the bytes received into lines (protocol/line_framing.hpp).
class ReplyLines {
 public:
  void append(std::string_view bytes) { framing_.append(bytes); }
  // The next complete line without its '\n' (and a '\r' before it). Throws kioku::Error
  // (kInternal) when the next line, complete or not, is longer than kMaxReplyLineBytes.
  // Its message is in `words`' language.
  std::optional<std::string> next_line(
      const ConnectionMessages& words = connection_messages_for("en"));
  // Bytes received and not yet taken as lines.
  std::size_t pending_bytes() const noexcept { return framing_.pending().size(); }

 private:
  protocol::LineFraming framing_{kMaxReplyLineBytes};
};

// What one reply line means to the request with `id`. Returns its result; nullopt when the line
// answers another request (the caller skips it). Throws kioku::Error with the daemon's code and
// message for an error reply to this request, or without an id (a refusal when connecting);
// kInternal for a line that is not a JSON-RPC response. The daemon's text in a message has its
// control characters escaped, so a daemon cannot write to the terminal through it. The error's
// what() is the daemon's English message, its japanese() the Japanese the daemon sent
// (error.data.messages.ja), for the CLI to print in its language (cli/error_text.hpp) while it
// reads the English; kioku's own words in these errors are in `language`.
std::optional<boost::json::value> interpret_reply(std::string_view line, std::int64_t id,
                                                  const std::string& language = "en");

// The line as JSON when it is a notification (an object with a method and no id); nullopt for
// anything else, malformed lines included (interpret_reply() tells of those).
std::optional<boost::json::value> notification_in(std::string_view line);

// `text` with control characters (C0, DEL and C1) as \xHH, and cut after `limit` bytes with
// "..." (for echoing what a daemon sent).
std::string printable(std::string_view text, std::size_t limit = std::string_view::npos);

}  // namespace kioku::cli
