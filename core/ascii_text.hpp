// ASCII-only text helpers for the parts of file formats that are ASCII by definition (Anki's
// header names and values, separators): no locale, no Unicode tables.
#pragma once

#include <string>
#include <string_view>

namespace kioku {

inline std::string lower_ascii(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return lower;
}

// `text` without the spaces, tabs and line endings around it.
constexpr std::string_view trim_ascii_space(std::string_view text) noexcept {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace kioku
