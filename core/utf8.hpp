// Strict UTF-8 decoding and the characters that act on a terminal instead of showing: the one
// definition the deck parser's text rules, error messages and the CLI's printing share.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kioku {

struct CodePoint {
  char32_t code;
  std::size_t length;  // bytes; 0 when the bytes at this place are not UTF-8
};

// One strict UTF-8 sequence at `at` (< text.size()): no overlong forms, no surrogates, nothing
// past U+10FFFF.
CodePoint decode_utf8(std::string_view text, std::size_t at) noexcept;

// C0 controls, DEL and the C1 controls (U+0080-U+009F).
constexpr bool is_control(char32_t code) noexcept {
  return code < 0x20 || code == 0x7F || (code >= 0x80 && code <= 0x9F);
}

// Invisible characters that make a terminal applying the Unicode bidirectional algorithm show
// text in another order than it is stored (the "Trojan Source" trick): the embeddings, overrides
// and isolates. The marks LRM, RLM and ALM only nudge neutral characters and are not among them.
constexpr bool is_bidi_control(char32_t code) noexcept {
  return (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

// Unicode's line and paragraph separators (U+2028, U+2029): editors, browsers and some terminals
// break the line there, as at a newline, so a one-line text holds neither (docs/decisions.md).
constexpr bool is_line_separator(char32_t code) noexcept {
  return code == 0x2028 || code == 0x2029;
}

constexpr bool acts_on_terminal(char32_t code) noexcept {
  return is_control(code) || is_bidi_control(code);
}

// Appends `code` (at most U+10FFFF, not a surrogate) as UTF-8.
void append_utf8(std::string& out, char32_t code);

// Appends the escape that shows `code`: "\n", "\r", "\t", else "\u001b" style (lower-case hex).
void append_escape(std::string& out, char32_t code);

}  // namespace kioku
