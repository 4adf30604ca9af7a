// The HTML report's one escape: safe_line's printable text, then the five characters HTML gives
// a meaning to.
#include "cli/html/html_text.hpp"

#include "cli/terminal/safe_text.hpp"

namespace kioku::cli {

std::string html_text(std::string_view text) {
  const std::string safe = safe_line(text);
  std::string escaped;
  escaped.reserve(safe.size());
  for (const char character : safe) {
    switch (character) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&#39;";
        break;
      default:
        escaped += character;
    }
  }
  return escaped;
}

}  // namespace kioku::cli
