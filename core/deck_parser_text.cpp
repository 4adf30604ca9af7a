// Text rules of the deck format. A shared deck is someone else's text on the user's terminal:
// an ESC, a C1 CSI or a carriage return in it could redraw the review screen (fake which
// choice is right), set the window title or write the clipboard (OSC 52), so such characters
// are refused at import, naming the first one found.
#include "core/deck_parser_text.hpp"

#include "core/deck_parser_limits.hpp"
#include "core/utf8.hpp"

#include <cstdint>
#include <optional>

namespace kioku {

namespace {

constexpr std::size_t kQuotedBytes = 64;

std::optional<std::string_view> name_of(char32_t code) {
  switch (code) {
    case 0x00:
      return "NUL";
    case 0x07:
      return "BEL";
    case 0x08:
      return "BS";
    case 0x09:
      return "TAB";
    case 0x0A:
      return "newline";
    case 0x0D:
      return "CR";
    case 0x1B:
      return "ESC";
    case 0x7F:
      return "DEL";
    case 0x9B:
      return "CSI";
    case 0x9D:
      return "OSC";
    case 0x202A:
      return "LEFT-TO-RIGHT EMBEDDING";
    case 0x202B:
      return "RIGHT-TO-LEFT EMBEDDING";
    case 0x202C:
      return "POP DIRECTIONAL FORMATTING";
    case 0x202D:
      return "LEFT-TO-RIGHT OVERRIDE";
    case 0x202E:
      return "RIGHT-TO-LEFT OVERRIDE";
    case 0x2066:
      return "LEFT-TO-RIGHT ISOLATE";
    case 0x2067:
      return "RIGHT-TO-LEFT ISOLATE";
    case 0x2068:
      return "FIRST STRONG ISOLATE";
    case 0x2069:
      return "POP DIRECTIONAL ISOLATE";
    default:
      return std::nullopt;
  }
}

std::string hex(std::uint32_t value, int digits, bool upper = true) {
  const char* digits_of = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string text(static_cast<std::size_t>(digits), '0');
  for (int i = digits - 1; i >= 0; --i, value >>= 4) {
    text[static_cast<std::size_t>(i)] = digits_of[value & 0xF];
  }
  return text;
}

std::string describe(char32_t code) {
  std::string text = "U+" + hex(code, 4);
  if (const auto name = name_of(code)) text += " (" + std::string(*name) + ")";
  return text;
}

std::string size_text(std::size_t bytes) {
  if (bytes >= 1024 && bytes % 1024 == 0) {
    return std::to_string(bytes) + " bytes (" + std::to_string(bytes / 1024) + " KiB)";
  }
  return std::to_string(bytes) + " bytes";
}

// `text` with every control, bidirectional and non-UTF-8 character escaped, cut after
// `max_bytes`; `quotes`: '"' and '\\' escaped too, for a text shown in quotes.
std::string escape(std::string_view text, std::size_t max_bytes, bool quotes) {
  std::string escaped;
  for (std::size_t at = 0; at < text.size();) {
    if (at >= max_bytes) {
      escaped += "…";
      break;
    }
    const CodePoint point = decode_utf8(text, at);
    if (point.length == 0) {
      escaped += "\\x" + hex(static_cast<unsigned char>(text[at]), 2, false);
      ++at;
      continue;
    }
    if (acts_on_terminal(point.code)) {
      append_escape(escaped, point.code);
    } else if (quotes && (point.code == '"' || point.code == '\\')) {
      escaped += '\\';
      escaped += static_cast<char>(point.code);
    } else {
      escaped.append(text.substr(at, point.length));
    }
    at += point.length;
  }
  return escaped;
}

}  // namespace

std::string text_problem(std::string_view text, const TextRule& rule) {
  if (text.size() > rule.max_bytes) {
    return "is " + std::to_string(text.size()) + " bytes long; at most " +
           size_text(rule.max_bytes) + " are allowed";
  }
  std::size_t character = 0;
  for (std::size_t at = 0; at < text.size();) {
    // Printable ASCII, most of most texts, needs no decoding (every note a client adds is
    // checked here).
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte >= 0x20 && byte < 0x7F) {
      ++character;
      ++at;
      continue;
    }
    const CodePoint point = decode_utf8(text, at);
    ++character;
    const auto where = [&] { return " at character " + std::to_string(character); };
    if (point.length == 0) return "is not valid UTF-8" + where();
    at += point.length;
    const bool allowed_break = rule.multi_line && (point.code == '\n' || point.code == '\t');
    if (is_control(point.code) && !allowed_break) {
      return "contains the control character " + describe(point.code) + where() +
             (rule.multi_line ? "; only newlines and tabs are allowed here"
                              : "; this text must be one line without control characters");
    }
    if (is_bidi_control(point.code)) {
      return "contains the bidirectional control " + describe(point.code) + where() +
             ", which would reorder how a terminal shows the text";
    }
  }
  return {};
}

std::string quoted_for_error(std::string_view text) {
  return "\"" + escape(text, kQuotedBytes, true) + "\"";
}

std::string escaped_for_error(std::string_view text, std::size_t max_bytes) {
  return escape(text, max_bytes, false);
}

const TextRule kChoiceRule{kMaxChoiceBytes, false};
const TextRule kTagRule{kMaxTagBytes, false};

const TextRule& note_field_rule(std::string_view field) noexcept {
  static constexpr TextRule kAskingFieldRule{kMaxQuestionBytes, true};
  static constexpr TextRule kOtherFieldRule{kMaxExplanationBytes, true};
  const bool asks = field == "front" || field == "text" || field == "question";
  return asks ? kAskingFieldRule : kOtherFieldRule;
}

}  // namespace kioku
