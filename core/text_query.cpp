// What note.find's text matches (core/text_query.hpp).
#include "core/text_query.hpp"

#include "core/unicode.hpp"
#include "core/utf8.hpp"

namespace kioku {

namespace {

// Code points normalize_for_comparison leaves as they are wherever they stand: no
// decomposition, no case, no whitespace, invisible to nothing, and none composes with the code
// point before it. Hiragana, katakana, the unified ideographs and the brackets and stops of
// Japanese text; not the voiced sound marks (U+3099, U+309A, which compose), nor ゟ and ヿ (which
// NFKC spells out). tests/core/text_query_test.cpp checks each of them against utf8proc.
bool keeps_its_form(char32_t code) noexcept {
  return (code >= 0x3041 && code <= 0x3096) || code == 0x309D || code == 0x309E ||
         (code >= 0x30A1 && code <= 0x30FA) || (code >= 0x30FC && code <= 0x30FE) ||
         (code >= 0x4E00 && code <= 0x9FFF) || code == 0x3001 || code == 0x3002 ||
         (code >= 0x300C && code <= 0x300F);
}

constexpr bool is_ascii_whitespace(char c) noexcept {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

}  // namespace

TextQuery::TextQuery(std::string_view query) : normalized_(normalize_for_comparison(query)) {}

bool TextQuery::found_in(std::string_view text) const {
  if (normalized_.empty()) return true;
  // A text of ASCII and the code points that keep their form (most English and Japanese text)
  // is put in normalize_for_comparison's form here, in a buffer kept between calls: letters in
  // lower case, each run of whitespace (the ideographic space among it) one space, none at
  // either end. utf8proc's map, and its two new strings, made a search of Japanese notes about
  // nine times slower than one of English notes. Anything else goes to utf8proc whole.
  scratch_.clear();
  bool pending_space = false;
  for (std::size_t at = 0; at < text.size();) {
    const char c = text[at];
    if (static_cast<unsigned char>(c) < 0x80) {
      ++at;
      if (is_ascii_whitespace(c)) {
        pending_space = !scratch_.empty();
        continue;
      }
      if (pending_space) scratch_ += ' ';
      pending_space = false;
      scratch_ += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
      continue;
    }
    const CodePoint point = decode_utf8(text, at);
    if (point.length > 0 && point.code == 0x3000) {  // the ideographic space
      at += point.length;
      pending_space = !scratch_.empty();
      continue;
    }
    if (point.length == 0 || !keeps_its_form(point.code)) {
      return normalize_for_comparison(text).find(normalized_) != std::string::npos;
    }
    if (pending_space) scratch_ += ' ';
    pending_space = false;
    scratch_.append(text.substr(at, point.length));
    at += point.length;
  }
  return scratch_.find(normalized_) != std::string::npos;
}

}  // namespace kioku
