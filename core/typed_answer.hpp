// A typed answer against the expected one: whether it is right, and where it differs, in
// grapheme clusters, for the "type in the answer" cards (what Anki shows under such a card).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kioku {

enum class DiffKind {
  kSame,     // typed as expected
  kMissing,  // expected but not typed
  kExtra,    // typed but not expected
};

// "same", "missing", "extra": the names the protocol sends.
std::string_view to_string(DiffKind kind) noexcept;

struct DiffSegment {
  DiffKind kind;
  std::string text;
  bool operator==(const DiffSegment&) const = default;
};

// The two lines to show, in order. `given` is the typed answer cut into kSame and kExtra
// segments, with a kMissing segment where expected text is missing and nothing was typed
// instead; its text is the missing expected text (shown as a placeholder, e.g. a dash per
// column). Where something else was typed instead, `given` has only the kExtra segment.
// `expected` is the expected answer cut into kSame and kMissing segments. Each side keeps its
// own characters (a kSame "ＡＢＣ" on one side may be "abc" on the other), trimmed at both
// ends; characters that compare as nothing (zero-width space, soft hyphen, variation
// selectors) stand in no segment of their own. Both empty when `right` and the answer empty.
struct TypedAnswerComparison {
  bool right = false;
  std::vector<DiffSegment> given;
  std::vector<DiffSegment> expected;
};

// The diff is exact while each side holds at most kMaxDiffBytes and the clusters between the
// common beginning and the common end make at most kMaxDiffCells pairs (500 clusters a side);
// past either, that middle is shown as one kMissing and one kExtra segment. `right` is always
// exact. So a comparison costs time linear in its input, plus at most kMaxDiffCells steps.
inline constexpr std::size_t kMaxDiffBytes = 16 * 1024;
inline constexpr std::size_t kMaxDiffCells = 250'000;

// `given` against `expected`: right when their normalize_for_comparison() forms are equal
// (core/unicode.hpp: NFKC, case folding, whitespace trimmed and collapsed; hiragana and
// katakana differ). A right answer is one kSame segment a side (its own trimmed text). Invalid
// UTF-8 reads as U+FFFD, a byte each. Throws nothing but std::bad_alloc.
TypedAnswerComparison compare_typed_answer(std::string_view expected, std::string_view given);

}  // namespace kioku
