// Wrapping and cutting in grapheme clusters, so a character and its combining marks (or an
// emoji sequence) never part; the widths are core/unicode's, from utf8proc's tables.
#include "cli/terminal/text_width.hpp"

#include <algorithm>

#include "cli/terminal/line_breaking.hpp"

namespace kioku::cli {

namespace {

struct Cluster {
  std::string_view bytes;
  int width;
};

Cluster cluster_at(std::string_view text, std::size_t at) {
  const std::string_view bytes = text.substr(at, grapheme_end(text, at) - at);
  return {bytes, display_width(bytes)};
}

}  // namespace

std::vector<std::string> wrap_text(std::string_view text, int width) {
  const std::vector<std::string_view> clusters = grapheme_clusters(text);
  std::vector<BreakCell> cells;
  cells.reserve(clusters.size());
  for (const std::string_view cluster : clusters) cells.push_back(break_cell(cluster));
  std::vector<std::string> lines;
  for (const LineSpan& span : break_lines(cells, std::max(width, 10))) {
    std::string line;
    for (std::size_t index = span.begin; index < span.end; ++index) line.append(clusters[index]);
    lines.push_back(std::move(line));
  }
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
