#include "cli/bilingual_text.hpp"

namespace kioku::cli {

std::string trimmed_prompt(const std::string& text) {
  const std::size_t first = text.find_first_not_of("\n ");
  if (first == std::string::npos) return std::string();
  const std::size_t last = text.find_last_not_of(' ');
  return text.substr(first, last - first + 1);
}

std::vector<std::string> dimmed(std::vector<std::string> lines, const Style& style) {
  if (!style.enabled) return lines;
  for (std::string& line : lines) {
    if (line.empty()) continue;
    // Each reset inside the line would end the dimness too: dim again after it.
    std::string kept;
    for (std::size_t at = 0, next; at < line.size(); at = next + 4) {
      next = line.find("\033[0m", at);
      if (next == std::string::npos) {
        kept += line.substr(at);
        break;
      }
      kept += line.substr(at, next - at) + "\033[0m\033[2m";
    }
    line = style.dim(kept);
  }
  return lines;
}

std::optional<protocol::CardToStudy> english_if_different(const protocol::CardToStudy& card,
                                                          protocol::CardToStudy english) {
  if (english.question == card.question && english.choices == card.choices &&
      english.explanation == card.explanation && english.deck_name == card.deck_name) {
    return std::nullopt;
  }
  return english;
}

}  // namespace kioku::cli
