#include "core/text_place.hpp"

#include <algorithm>

#include "core/utf8.hpp"

namespace kioku {

TextPlace text_place_at(std::string_view text, std::size_t offset) noexcept {
  TextPlace place{offset, 1, 1};
  const std::size_t end = std::min(offset, text.size());
  std::size_t at = 0;
  while (at < end) {
    if (text[at] == '\n') {
      ++place.line;
      place.column = 1;
      ++at;
      continue;
    }
    const CodePoint code_point = decode_utf8(text, at);
    at += code_point.length == 0 ? 1 : code_point.length;
    ++place.column;
  }
  return place;
}

BilingualMessage describe_text_place(const TextPlace& place) {
  if (!place.known()) return {};
  const std::string column = std::to_string(place.column);
  if (place.line > 1) {
    return bilingual("line {line}, column {column}: ", "{line} 行 {column} 列: ",
                     {{"line", std::to_string(place.line)}, {"column", column}});
  }
  return bilingual("column {column}: ", "{column} 列: ", {{"column", column}});
}

}  // namespace kioku
