// Text rules of the deck format. A shared deck is someone else's text on the user's terminal:
// an ESC, a C1 CSI or a carriage return in it could redraw the review screen (fake which
// choice is right), set the window title or write the clipboard (OSC 52), so such characters
// are refused at import, naming the first one found.
#include "core/deck_parser_text.hpp"

#include "core/deck_parser_limits.hpp"
#include "core/fill_in.hpp"
#include "core/utf8.hpp"

#include <cstdint>
#include <optional>
#include <utility>

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
    case 0x2028:
      return "LINE SEPARATOR";
    case 0x2029:
      return "PARAGRAPH SEPARATOR";
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

// "U+001B (ESC)"; in Japanese "U+001B（ESC）", a newline and a tab named in Japanese. The
// Japanese is followed by a particle without a space ("U+001B（ESC）があります"), so one without
// a name ends with the space that keeps its digits apart from it ("U+0080 があります").
BilingualMessage describe(char32_t code) {
  const std::string number = "U+" + hex(code, 4);
  const std::optional<std::string_view> name = name_of(code);
  if (!name) return {number, number + " "};
  const std::string_view japanese = code == 0x0A ? "改行" : code == 0x09 ? "タブ" : *name;
  return {number + " (" + std::string(*name) + ")", number + "（" + std::string(japanese) + "）"};
}

BilingualMessage size_text(std::size_t bytes) {
  if (bytes >= 1024 && bytes % 1024 == 0) {
    return bilingual("{bytes} bytes ({kib} KiB)", "{bytes} バイト（{kib} KiB）",
                     {{"bytes", std::to_string(bytes)}, {"kib", std::to_string(bytes / 1024)}});
  }
  return bilingual("{bytes} bytes", "{bytes} バイト", {{"bytes", std::to_string(bytes)}});
}

// One of text_problem_message's problems: `english` to follow the text's subject, `japanese` to
// stand alone and `japanese_about` to name the subject. {number} is the same in both languages;
// {detail} (a size, a character) is worded in each, and in Japanese is followed directly by its
// particle: it ends in a full-width parenthesis or kana, or else in a space.
struct Wording {
  std::string_view english;
  std::string_view japanese;
  std::string_view japanese_about;
};

BilingualMessage worded(const Wording& wording, const BilingualMessage& subject,
                        const std::string& number, const BilingualMessage& detail) {
  std::string english = fill_in(wording.english, {{"number", number}, {"detail", detail.english}});
  if (!subject.english.empty()) english = subject.english + " " + english;
  return {
      std::move(english),
      fill_in(subject.japanese.empty() ? wording.japanese : wording.japanese_about,
              {{"subject", subject.japanese}, {"number", number}, {"detail", detail.japanese}})};
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

BilingualMessage text_problem_message(std::string_view text, const TextRule& rule,
                                      const BilingualMessage& subject) {
  if (text.size() > rule.max_bytes) {
    return worded({"is {number} bytes long; at most {detail} are allowed",
                   "長さが {number} バイトあります。上限は {detail}です",
                   "{subject} の長さは {number} バイトです。上限は {detail}です"},
                  subject, std::to_string(text.size()), size_text(rule.max_bytes));
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
    if (point.length == 0) {
      return worded({"is not valid UTF-8 at character {number}",
                     "{number} 文字目が UTF-8 として正しくありません",
                     "{subject} の {number} 文字目が UTF-8 として正しくありません"},
                    subject, std::to_string(character), {});
    }
    at += point.length;
    const bool allowed_break = rule.multi_line && (point.code == '\n' || point.code == '\t');
    if (is_control(point.code) && !allowed_break) {
      const Wording multi_line{
          "contains the control character {detail} at character {number}; only newlines and "
          "tabs are allowed here",
          "{number} 文字目に制御文字 {detail}があります。ここで使える制御文字は改行とタブだけです",
          "{subject} の {number} 文字目に制御文字 {detail}があります。ここで使える制御文字は改行と"
          "タブだけです"};
      const Wording one_line{
          "contains the control character {detail} at character {number}; this text must be one "
          "line without control characters",
          "{number} 文字目に制御文字 {detail}があります。このテキストは制御文字を含まない 1 行で"
          "なければなりません",
          "{subject} の {number} 文字目に制御文字 {detail}があります。このテキストは制御文字を含ま"
          "ない 1 行でなければなりません"};
      return worded(rule.multi_line ? multi_line : one_line, subject, std::to_string(character),
                    describe(point.code));
    }
    // Unicode's own line and paragraph separators break a line as a newline does (in editors,
    // browsers, some terminals): a one-line text (a deck's name, a choice) holds neither.
    if (!rule.multi_line && is_line_separator(point.code)) {
      return worded({"contains the line break {detail} at character {number}; this text must be "
                     "one line",
                     "{number} 文字目に改行文字 {detail}があります。このテキストは 1 行でなければ"
                     "なりません",
                     "{subject} の {number} 文字目に改行文字 {detail}があります。このテキストは 1 "
                     "行でなければなりません"},
                    subject, std::to_string(character), describe(point.code));
    }
    if (is_bidi_control(point.code)) {
      return worded({"contains the bidirectional control {detail} at character {number}, which "
                     "would reorder how a terminal shows the text",
                     "{number} 文字目に双方向制御文字 {detail}があります。端末での文字の表示順を"
                     "入れ替えてしまいます",
                     "{subject} の {number} 文字目に双方向制御文字 {detail}があります。端末での"
                     "文字の表示順を入れ替えてしまいます"},
                    subject, std::to_string(character), describe(point.code));
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

bool is_blank_text(std::string_view text) noexcept {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

const TextRule kChoiceRule{kMaxChoiceBytes, false};
const TextRule kTagRule{kMaxTagBytes, false};
const TextRule kDeckNameRule{kMaxDeckNameBytes, false};

const TextRule& note_field_rule(std::string_view field) noexcept {
  static constexpr TextRule kAskingFieldRule{kMaxQuestionBytes, true};
  static constexpr TextRule kOtherFieldRule{kMaxExplanationBytes, true};
  const bool asks = field == "front" || field == "text" || field == "question";
  return asks ? kAskingFieldRule : kOtherFieldRule;
}

}  // namespace kioku
