// Wrapping and cutting in grapheme clusters, so a character and its combining marks (or an
// emoji sequence) never part; the widths are core/unicode's, from utf8proc's tables.
#include "cli/terminal/text_width.hpp"

#include <algorithm>

namespace kioku::cli {

namespace {

struct Cluster {
  std::string_view bytes;
  int width;
  bool wide;  // East Asian wide text breaks between any two characters
};

Cluster cluster_at(std::string_view text, std::size_t at) {
  const std::string_view bytes = text.substr(at, grapheme_end(text, at) - at);
  const int width = display_width(bytes);
  return {bytes, width, width >= 2};
}

bool is_line_break(std::string_view cluster) {
  return cluster == "\n" || cluster == "\r\n";
}

}  // namespace

std::vector<std::string> wrap_text(std::string_view text, int width) {
  std::vector<std::string> lines;
  if (width < 10) width = 10;
  std::string line;
  int line_width = 0;
  std::size_t last_space = std::string::npos;  // byte offset in `line` of the last space
  for (std::size_t at = 0; at < text.size();) {
    const Cluster cluster = cluster_at(text, at);
    at += cluster.bytes.size();
    if (is_line_break(cluster.bytes)) {
      lines.push_back(line);
      line.clear();
      line_width = 0;
      last_space = std::string::npos;
      continue;
    }
    const bool space = cluster.bytes == " ";
    // A cluster wider than a whole line (a long emoji sequence) gets a line of its own.
    if (line_width + cluster.width > width && !line.empty()) {
      if (space) {
        lines.push_back(line);
        line.clear();
        line_width = 0;
        last_space = std::string::npos;
        continue;
      }
      if (last_space != std::string::npos && !cluster.wide) {
        lines.push_back(line.substr(0, last_space));
        line = line.substr(last_space + 1);
      } else {
        lines.push_back(line);
        line.clear();
      }
      line_width = display_width(line);
      last_space = std::string::npos;
    }
    if (space) last_space = line.size();
    if (cluster.wide) last_space = std::string::npos;
    line.append(cluster.bytes);
    line_width += cluster.width;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

std::string truncate_to_width(std::string_view text, int width) {
  if (display_width(text) <= width) return std::string(text);
  std::string result;
  int used = 0;
  for (std::size_t at = 0; at < text.size();) {
    const Cluster cluster = cluster_at(text, at);
    if (used + cluster.width > width - 1) break;  // leave a column for the ellipsis
    result.append(cluster.bytes);
    used += cluster.width;
    at += cluster.bytes.size();
  }
  return result + "…";
}

namespace {

std::string spaces_for(std::string_view text, int width) {
  return std::string(static_cast<std::size_t>(std::max(0, width - display_width(text))), ' ');
}

}  // namespace

std::string pad_after(std::string_view text, int width) {
  return std::string(text) + spaces_for(text, width);
}

std::string pad_before(std::string_view text, int width) {
  return spaces_for(text, width) + std::string(text);
}

}  // namespace kioku::cli
