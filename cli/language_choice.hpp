// How a language code picks the English or the Japanese of a text: the one rule every message
// catalogue, the durations and --help share, so that accepting another language or spelling is
// a change here.
#pragma once

#include <string>

namespace kioku::cli {

inline bool is_japanese(const std::string& language) noexcept {
  return language == "ja";
}

template <class T>
const T& in_language(const std::string& language, const T& english, const T& japanese) noexcept {
  return is_japanese(language) ? japanese : english;
}

}  // namespace kioku::cli
