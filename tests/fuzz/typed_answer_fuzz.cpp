// libFuzzer target for the typed-answer comparison and the Unicode rules under it
// (core/typed_answer.hpp, core/unicode.hpp), which take text a user typed and text from decks.
//
// Input: the expected answer, a tab, the typed answer (no tab: both are the whole input). What
// must hold, whatever the bytes:
// - right is exactly "the comparison forms are equal", and the comparison form is idempotent;
// - each side's segments put its trimmed answer (stray bytes as U+FFFD) back together, the
//   typed line from same and extra, the expected line from same and missing, with no extra there;
// - every segment is valid UTF-8 and starts where a grapheme cluster of its answer starts;
// - grapheme clusters cover their text exactly, and no width is negative.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/typed_answer.hpp"
#include "core/unicode.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "typed_answer_fuzz: %s\n", what);
  std::abort();
}

void check_clusters(std::string_view text) {
  std::string joined;
  for (const std::string_view cluster : kioku::grapheme_clusters(text)) {
    if (cluster.empty()) fail("an empty grapheme cluster");
    joined += cluster;
  }
  if (joined != text) fail("the grapheme clusters are not the text");
  if (kioku::display_width(text) < 0) fail("a negative width");
}

// The segments of one line: each valid UTF-8; those of the line's own kinds, in order, are
// `answer` with nothing between or around them but text that compares as nothing (a zero-width
// space is in no segment), and each starts and ends where a grapheme cluster of `answer` does.
void check_side(const std::vector<kioku::DiffSegment>& segments, std::string_view answer,
                kioku::DiffKind own_kind, const char* side) {
  std::vector<bool> boundary(answer.size() + 1, false);
  for (std::size_t at = 0; at < answer.size(); at = kioku::grapheme_end(answer, at)) {
    boundary[at] = true;
  }
  boundary[answer.size()] = true;
  const auto invisible = [](std::string_view text) {
    return kioku::normalize_for_comparison(text).empty();
  };
  std::size_t at = 0;  // where in `answer` the segments have come to
  for (const kioku::DiffSegment& segment : segments) {
    if (segment.text.empty()) fail("an empty segment");
    if (kioku::valid_utf8(segment.text) != segment.text) fail("a segment that is not UTF-8");
    if (segment.kind != kioku::DiffKind::kSame && segment.kind != own_kind) continue;
    const std::size_t found = answer.find(segment.text, at);
    if (found == std::string_view::npos || !invisible(answer.substr(at, found - at))) fail(side);
    if (!boundary[found] || !boundary[found + segment.text.size()]) {
      fail("a segment that splits a grapheme cluster");
    }
    at = found + segment.text.size();
  }
  if (!invisible(answer.substr(at))) fail(side);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t tab = input.find('\t');
  const std::string_view expected = tab == std::string_view::npos ? input : input.substr(0, tab);
  const std::string_view given = tab == std::string_view::npos ? input : input.substr(tab + 1);

  check_clusters(input);
  const std::string form = kioku::normalize_for_comparison(expected);
  if (kioku::normalize_for_comparison(form) != form) fail("the comparison form is not idempotent");

  const kioku::TypedAnswerComparison result = kioku::compare_typed_answer(expected, given);
  if (result.right != (form == kioku::normalize_for_comparison(given))) fail("right is wrong");
  const std::string valid_expected = kioku::valid_utf8(expected);
  const std::string valid_given = kioku::valid_utf8(given);
  check_side(result.given, kioku::trim_unicode_whitespace(valid_given), kioku::DiffKind::kExtra,
             "the typed line is not the typed answer");
  check_side(result.expected, kioku::trim_unicode_whitespace(valid_expected),
             kioku::DiffKind::kMissing, "the expected line is not the expected answer");
  for (const kioku::DiffSegment& segment : result.expected) {
    if (segment.kind == kioku::DiffKind::kExtra) fail("an extra segment on the expected line");
  }
  return 0;
}
