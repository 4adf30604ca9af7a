// Sparklines: eight heights of block, scaled to the line's largest count.
#include "cli/terminal/sparkline.hpp"

#include <algorithm>
#include <array>

#include "cli/terminal/scaled_level.hpp"

namespace kioku::cli {

int sparkline_level(std::int64_t count, std::int64_t largest) noexcept {
  // Rounded up, so that a count far below the largest still shows as the lowest block.
  return scaled_level(count, largest, 8);
}

const char* sparkline_character(int level) noexcept {
  static constexpr std::array<const char*, 9> kBlocks{" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  return kBlocks[static_cast<std::size_t>(std::clamp(level, 0, 8))];
}

std::string sparkline(const std::vector<std::int64_t>& counts) {
  const std::int64_t largest = counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
  std::string line;
  for (const std::int64_t count : counts) {
    line += sparkline_character(sparkline_level(count, largest));
  }
  return line;
}

}  // namespace kioku::cli
