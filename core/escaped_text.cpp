// Control characters to escapes.
#include "core/escaped_text.hpp"

#include <algorithm>

namespace kioku {

namespace {

void append_escape(std::string& out, unsigned code) {
  static constexpr char kHex[] = "0123456789abcdef";
  switch (code) {
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    default:
      out += "\\u00";
      out += kHex[code >> 4];
      out += kHex[code & 0xf];
  }
}

bool is_c1_lead(std::string_view text, std::size_t at) {
  return static_cast<unsigned char>(text[at]) == 0xc2 && at + 1 < text.size() &&
         static_cast<unsigned char>(text[at + 1]) >= 0x80 &&
         static_cast<unsigned char>(text[at + 1]) <= 0x9f;
}

}  // namespace

std::string escape_controls(std::string_view text) {
  const bool plain = std::none_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f || byte == 0xc2;
  });
  if (plain) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t at = 0; at < text.size(); ++at) {
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte < 0x20 || byte == 0x7f) {
      append_escape(out, byte);
    } else if (is_c1_lead(text, at)) {
      append_escape(out, static_cast<unsigned char>(text[++at]));
    } else {
      out += text[at];
    }
  }
  return out;
}

}  // namespace kioku
