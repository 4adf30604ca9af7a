// Escaping for the terminal: one strict UTF-8 pass that copies everything that only shows.
#include "cli/terminal/safe_text.hpp"

#include "core/utf8.hpp"

namespace kioku::cli {

namespace {

enum class Mode { kLine, kText, kJson };

// Plain ASCII without controls, most of what kioku prints, is copied without decoding.
bool may_need_escaping(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7F) return true;
  }
  return false;
}

std::string escape(std::string_view text, Mode mode) {
  if (!may_need_escaping(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t at = 0; at < text.size();) {
    const CodePoint point = decode_utf8(text, at);
    if (point.length == 0) {
      // JSON from Boost.JSON is valid UTF-8; anywhere else a stray byte could be read as C1.
      out += mode == Mode::kJson ? std::string(1, text[at]) : std::string("\xEF\xBF\xBD");
      ++at;
      continue;
    }
    const std::string_view bytes = text.substr(at, point.length);
    at += point.length;
    // One line of output stays one line: U+2028 and U+2029 break it where a terminal, or the
    // editor or browser it is pasted into, follows Unicode's line breaks. A multi-line text keeps
    // them, as it keeps a newline; JSON's strings carry them as they are.
    const bool breaks_line = mode == Mode::kLine && is_line_separator(point.code);
    if (!acts_on_terminal(point.code) && !breaks_line) {
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
