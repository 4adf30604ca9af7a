// What note.find's text matches (core/text_query.hpp).
#include "core/text_query.hpp"

#include <algorithm>

#include "core/unicode.hpp"

namespace kioku {

TextQuery::TextQuery(std::string_view query) : normalized_(normalize_for_comparison(query)) {}

bool TextQuery::found_in(std::string_view text) const {
  if (normalized_.empty()) return true;
  const bool ascii = std::all_of(text.begin(), text.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (!ascii) return normalize_for_comparison(text).find(normalized_) != std::string::npos;
  // An ASCII text's form is normalize_for_comparison's for ASCII (letters in lower case, each
  // run of whitespace one space, none at either end), never longer than the text, made in a
  // buffer kept between calls: a search asks once for each text of every note.
  if (normalized_.size() > text.size()) return false;
  scratch_.resize(text.size());
  std::size_t length = 0;
  bool pending_space = false;
  for (const char c : text) {
    if (c == ' ' || (c >= '\t' && c <= '\r')) {
      pending_space = length > 0;
      continue;
    }
    if (pending_space) scratch_[length++] = ' ';
    pending_space = false;
    scratch_[length++] = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  scratch_.resize(length);
  return scratch_.find(normalized_) != std::string::npos;
}

}  // namespace kioku
