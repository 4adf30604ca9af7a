// Control characters to escapes.
#include "core/escaped_text.hpp"

#include <algorithm>

#include "core/utf8.hpp"

namespace kioku {

std::string escape_controls(std::string_view text) {
  const bool plain = std::none_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f || byte == 0xc2;
  });
  if (plain) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t at = 0; at < text.size();) {
    const CodePoint point = decode_utf8(text, at);
    if (point.length == 0) {
      out += text[at++];  // kept: the terminal's own escaping (cli/terminal/safe_text) shows it
      continue;
    }
    if (is_control(point.code)) {
      append_escape(out, point.code);
    } else {
      out.append(text.substr(at, point.length));
    }
    at += point.length;
  }
  return out;
}

}  // namespace kioku
