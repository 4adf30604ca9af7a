// libFuzzer target for what a broken or hostile kiokud could send kioku: the bytes of its replies.
//
// Each input is what the daemon end of a socketpair sends before it shuts down its writing side;
// kioku's real Client (cli/client.cpp) then makes two calls on the other end, so its reading,
// line splitting, id matching and error decoding (cli/reply.cpp) all see the input, split into
// reads as the kernel delivers them, the second listening for notifications as a progress bar
// does. The same bytes also go line by line through interpret_reply and the notification
// readers, split at boundaries the input chooses.
//
// What must hold, whatever the bytes: no crash, hang or sanitizer report; every failure is a
// kioku::Error (a CallError for the connection), never another exception; a result is returned
// only for a line that carries the call's id; and no message kioku would print holds a control
// character (a daemon must not be able to write escape sequences to the user's terminal).
#include <sys/socket.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/client.hpp"
#include "cli/progress_bar.hpp"
#include "cli/reply.hpp"
#include "core/error.hpp"
#include "core/unicode.hpp"

namespace {

using namespace kioku;
namespace json = boost::json;

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "client_reply_fuzz: %s\n%.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

bool has_control_character(std::string_view text) {
  for (std::size_t index = 0; index < text.size(); ++index) {
    const auto byte = static_cast<unsigned char>(text[index]);
    if (byte < 0x20 || byte == 0x7F) return true;
    if (byte == 0xC2 && index + 1 < text.size()) {
      const auto next = static_cast<unsigned char>(text[index + 1]);
      if (next >= 0x80 && next <= 0x9F) return true;
    }
  }
  return false;
}

void check_message(const std::exception& error) {
  if (has_control_character(error.what()))
    fail("a message holds a control character", error.what());
}

// The line's id, as the daemon wrote it, is the call's.
void check_result_is_ours(std::string_view line, std::int64_t id) {
  json::error_code error;
  const json::value value = json::parse(line, error);
  const json::object* object = value.if_object();
  const json::value* line_id = object ? object->if_contains("id") : nullptr;
  if (error || line_id == nullptr || !line_id->is_number() ||
      line_id->to_number<std::int64_t>() != id) {
    fail("a result was returned for a line without the call's id", line);
  }
}

// A notification as the progress bar would draw it: never a control character of the daemon's.
void draw_notification(const json::value& notification) {
  const std::optional<protocol::RequestProgress> progress =
      protocol::read_request_progress(notification);
  if (!progress) return;
  if (!(progress->fraction >= 0.0 && progress->fraction <= 1.0)) {
    fail("a progress fraction outside 0 to 1", json::serialize(notification));
  }
  for (const char* language : {"en", "ja"}) {
    const cli::ProgressMessages& words = cli::progress_messages_for(language);
    // An import's cards, their rate and the time left, at a time the fraction picks.
    const std::string counting =
        progress->cards ? cli::ProgressBar::counting(
                              words, language, *progress->cards, progress->fraction,
                              {*progress->cards / 2, progress->fraction / 2,
                               static_cast<std::int64_t>(progress->fraction * 100'000.0)})
                        : std::string();
    const std::string line =
        cli::ProgressBar::line(words, progress->stage, progress->fraction, 60, counting);
    if (has_control_character(line)) fail("a progress line holds a control character", line);
    if (display_width(line) > 60) fail("a progress line wider than the terminal", line);
  }
}

// The bytes line by line, read in pieces the input chooses, through interpret_reply.
void interpret_lines(std::string_view bytes) {
  cli::ReplyLines lines;
  std::size_t step = bytes.empty() ? 1 : 1 + static_cast<unsigned char>(bytes[0]) % 64;
  for (std::size_t at = 0; at < bytes.size(); at += step) {
    lines.append(bytes.substr(at, step));
    try {
      while (const auto line = lines.next_line()) {
        for (const std::int64_t id : {std::int64_t{1}, std::int64_t{2}}) {
          try {
            if (cli::interpret_reply(*line, id)) check_result_is_ours(*line, id);
          } catch (const Error& error) {
            check_message(error);
          }
        }
        if (const auto notification = cli::notification_in(*line)) draw_notification(*notification);
        const std::string shown = cli::printable(*line, 200);
        if (has_control_character(shown)) fail("printable() left a control character", shown);
      }
    } catch (const Error& error) {
      check_message(error);  // a line past the limit
      return;
    }
  }
}

// The bytes as the daemon's side of a connection, through kioku's Client.
void through_client(std::string_view bytes) {
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) fail("socketpair", "");
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t count = ::write(ends[1], bytes.data() + written, bytes.size() - written);
    if (count <= 0) fail("cannot write the input into the socket", "");
    written += static_cast<std::size_t>(count);
  }
  // The client's requests still go through; after the input it reads the end of the stream.
  ::shutdown(ends[1], SHUT_WR);
  cli::Client client("fuzz.sock", ends[0]);
  cli::CallOptions options;
  options.timeout = std::chrono::seconds(5);  // never reached: the stream ends
  for (int call = 0; call < 2; ++call) {
    if (call == 1) options.on_notification = draw_notification;
    try {
      client.call("due.counts", {}, options);
    } catch (const cli::CallError& error) {
      check_message(error);
      if (error.failure() == cli::CallFailure::kNotAnswering)
        fail("a call timed out", error.what());
      break;  // the stream has ended
    } catch (const Error& error) {
      check_message(error);
    }
  }
  ::close(ends[1]);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  interpret_lines(bytes);
  // The socket buffer holds the whole input, so writing it never waits for the reader.
  if (size <= 64 * 1024) through_client(bytes);
  return 0;
}
