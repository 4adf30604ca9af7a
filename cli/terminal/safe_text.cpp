// Escaping for the terminal: one strict UTF-8 pass that copies everything that only shows.
#include "cli/terminal/safe_text.hpp"

namespace kioku::cli {

namespace {

enum class Mode { kLine, kText, kJson };

struct Decoded {
  char32_t code;
  std::size_t length;  // 0: not UTF-8 at this byte
};

// One strict UTF-8 sequence: no overlong forms, no surrogates, nothing past U+10FFFF.
Decoded decode(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return {lead, 1};
  std::size_t length = 0;
  char32_t code = 0;
  char32_t minimum = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    code = lead & 0x1F;
    minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    code = lead & 0x0F;
    minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    code = lead & 0x07;
    minimum = 0x10000;
  } else {
    return {0, 0};
  }
  if (at + length > text.size()) return {0, 0};
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return {0, 0};
    code = (code << 6) | (byte(i) & 0x3F);
  }
  if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {0, 0};
  return {code, length};
}

bool acts_on_terminal(char32_t code) {
  return code < 0x20 || code == 0x7F || (code >= 0x80 && code <= 0x9F) ||
         (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

// Plain ASCII without controls, most of what kioku prints, is copied without decoding.
bool may_need_escaping(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7F) return true;
  }
  return false;
}

void append_escape(std::string& out, char32_t code) {
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
    default: {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u";
      for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(code >> shift) & 0xF];
    }
  }
}

std::string escape(std::string_view text, Mode mode) {
  if (!may_need_escaping(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t at = 0; at < text.size();) {
    const Decoded point = decode(text, at);
    if (point.length == 0) {
      // JSON from Boost.JSON is valid UTF-8; anywhere else a stray byte could be read as C1.
      out += mode == Mode::kJson ? std::string(1, text[at]) : std::string("\xEF\xBF\xBD");
      ++at;
      continue;
    }
    const std::string_view bytes = text.substr(at, point.length);
    at += point.length;
    if (!acts_on_terminal(point.code)) {
      out.append(bytes);
    } else if (mode == Mode::kText && point.code == '\n') {
      out += '\n';
    } else if (mode == Mode::kText && point.code == '\t') {
      out += "    ";
    } else if (mode == Mode::kJson && point.code < 0x20) {
      out.append(bytes);  // JSON's own escapes leave none inside strings; keep its layout
    } else {
      append_escape(out, point.code);
    }
  }
  return out;
}

}  // namespace

std::string safe_line(std::string_view text) {
  return escape(text, Mode::kLine);
}

std::string safe_text(std::string_view text) {
  return escape(text, Mode::kText);
}

std::string safe_json(std::string_view json_text) {
  return escape(json_text, Mode::kJson);
}

}  // namespace kioku::cli
