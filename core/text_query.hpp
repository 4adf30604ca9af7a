// What `kioku notes QUERY` (note.find's text) looks for in a note's texts: the query found in a
// text when both are in the form typed answers are compared in (normalize_for_comparison:
// NFKC with case folding, invisible characters dropped, whitespace runs as one space), so that
// "ＧＰＵ" finds "GPU", "straße" finds "STRASSE" and an NFD "café" finds an NFC one.
#pragma once

#include <string>
#include <string_view>

namespace kioku {

class TextQuery {
 public:
  explicit TextQuery(std::string_view query);

  // Whether the query is in `text`. A query of nothing but whitespace and invisible characters
  // is in every text, as the empty string is. Not thread-safe: it keeps a buffer.
  bool found_in(std::string_view text) const;
  // Whether it is in every text, and so matches whatever has no text at all too.
  bool matches_everything() const noexcept { return normalized_.empty(); }

 private:
  std::string normalized_;
  mutable std::string scratch_;  // an ASCII text's normal form, the buffer kept
};

}  // namespace kioku
