#include "core/fill_in.hpp"

#include <algorithm>

namespace kioku {

std::string fill_in(std::string_view pattern,
                    std::initializer_list<std::pair<std::string_view, std::string>> values) {
  std::string text;
  std::size_t at = 0;
  while (at < pattern.size()) {
    const std::size_t open = pattern.find('{', at);
    const std::size_t close = open == std::string_view::npos ? open : pattern.find('}', open);
    if (close == std::string_view::npos) break;
    text += pattern.substr(at, open - at);
    const std::string_view name = pattern.substr(open + 1, close - open - 1);
    const auto value = std::find_if(values.begin(), values.end(),
                                    [&](const auto& entry) { return entry.first == name; });
    text += value != values.end() ? std::string_view(value->second)
                                  : pattern.substr(open, close - open + 1);
    at = close + 1;
  }
  text += pattern.substr(std::min(at, pattern.size()));
  return text;
}

}  // namespace kioku
