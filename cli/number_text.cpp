// snprintf twice: once for the length, once into a string that fits it.
#include "cli/number_text.hpp"

#include <cstdio>

namespace kioku::cli {

std::string fixed_text(double value, int decimals) {
  const int length = std::snprintf(nullptr, 0, "%.*f", decimals, value);
  if (length <= 0) return {};
  std::string text(static_cast<std::size_t>(length) + 1, '\0');
  std::snprintf(text.data(), text.size(), "%.*f", decimals, value);
  text.pop_back();
  return text;
}

}  // namespace kioku::cli
