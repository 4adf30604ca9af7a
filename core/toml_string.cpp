#include "core/toml_string.hpp"

#include "core/utf8.hpp"

namespace kioku {

std::string toml_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || byte == 0x7f) {
      append_escape(out, byte);
    } else {
      out += c;
    }
  }
  return out + '"';
}

}  // namespace kioku
