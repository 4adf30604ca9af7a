// Anki's cloze deletions in a field's text ("{{c1::answer::hint}}"), read into a tree of plain
// text and deletions that card generation counts and a renderer turns into a question side (the
// active deletion blank) and an answer side (it revealed). The rules are Anki's (nesting as of
// 2.1.56, "{{c1,2::" as of 26.05; rslib/src/cloze.rs); where kioku is stricter,
// docs/decisions.md says why.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/text_place.hpp"

namespace kioku {

// A cloze number as written after the "c". 0 is a deletion that never makes a card and shows
// as plain text on every card (Anki's rule).
using ClozeNumber = int;

// Anki gives every number above 500 the same card; kioku refuses them instead.
inline constexpr ClozeNumber kMaxClozeNumber = 500;
// How many deletions may be open inside each other at once (Anki drops the opening marks past
// its 10th level without a word; kioku refuses them). The walks over a tree keep a stack of
// their own, so even a deeper tree built by hand cannot make them recurse.
inline constexpr int kMaxClozeDepth = 10;

// One piece of a field's text: plain text, or a deletion holding more pieces.
struct ClozeSegment {
  enum class Kind { kText, kCloze };
  Kind kind = Kind::kText;
  std::string text;                   // kText: the bytes as written
  std::vector<ClozeNumber> numbers;   // kCloze: ascending and distinct ("{{c1,3::" has two)
  std::vector<ClozeSegment> content;  // kCloze: what the deletion hides; may nest deletions
  std::optional<std::string> hint;    // kCloze: after "::" inside it; none shows as "..."
  std::size_t offset = 0;             // the byte where the segment starts in the field

  bool is_cloze() const noexcept { return kind == Kind::kCloze; }
  // Whether the card of `number` asks for this deletion (0 is never active).
  bool is_active_for(ClozeNumber number) const noexcept;
};

// A field's text read for clozes. Adjacent plain text is one segment; no text segment is empty.
struct ClozeText {
  std::vector<ClozeSegment> segments;
};

// Where in a field's text a cloze error is, and what it is.
class ClozeError : public Error {
 public:
  ClozeError(TextPlace place, const BilingualMessage& problem);
  const TextPlace& place() const noexcept { return place_; }
  // The message without the place: for callers that name the place their own way (a deck file's
  // line and column).
  const std::string& problem() const noexcept { return problem_.english; }
  const BilingualMessage& problem_message() const noexcept { return problem_; }

 private:
  TextPlace place_;
  BilingualMessage problem_;
};

// Reads `text` (any bytes) in linear time. An opening mark is "{{c" + numbers separated by
// commas + "::"; "}}" closes the innermost open deletion and is plain text when none is open;
// inside a deletion, "::" starts its hint (Anki's rule: the hint is the rest of that run of text
// up to the next mark, and a later "::" in the same deletion replaces it). Anything else,
// "{{c::", "{{c1:" or a stray "::" outside a deletion, is plain text.
// Throws ClozeError for an opening mark never closed (the earliest one), deletions nested deeper
// than kMaxClozeDepth, and a number above kMaxClozeNumber.
ClozeText parse_cloze_text(std::string_view text);

// The numbers that make cards: every number of every deletion, nested ones too, but 0.
std::set<ClozeNumber> cloze_numbers(const ClozeText& text);

// The text with every deletion shown and every mark and hint gone.
std::string cloze_plain_text(const ClozeText& text);
std::string cloze_plain_text(const std::vector<ClozeSegment>& segments);

}  // namespace kioku
