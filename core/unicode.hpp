// Unicode text rules from utf8proc's tables (Unicode 15 in bookworm): normalisation, case
// folding, whitespace, terminal widths and grapheme clusters. No hand-written tables.
//
// Invalid UTF-8 never throws: every byte that is not part of a strict UTF-8 sequence
// (core/utf8.hpp: no overlong forms, no surrogates, nothing past U+10FFFF) reads as U+FFFD, the
// replacement character, one per byte, as the CLI's safe_text shows it. Functions that return
// text return valid UTF-8.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kioku {

// `text` with each byte that is not UTF-8 replaced by U+FFFD; valid text comes back unchanged.
std::string valid_utf8(std::string_view text);

// Normalization Form KC: compatibility forms folded into their plain ones (full-width "ＡＢＣ"
// into "ABC", half-width "ｶﾀｶﾅ" into "カタカナ", "ﬁ" into "fi"), then composed.
std::string nfkc(std::string_view text);

// Full Unicode case folding (CaseFolding.txt, statuses C and F: "ß" into "ss", "Ä" into "ä"),
// with no normalisation of its own.
std::string case_fold(std::string_view text);

// The White_Space property: tab, line feed, vertical tab, form feed, carriage return, space,
// NEL, no-break space, ogham space mark, the spaces U+2000-U+200A, the line and paragraph
// separators, narrow no-break space, medium mathematical space and the ideographic space.
// Zero-width space (U+200B) is a format character, not among them.
bool is_unicode_whitespace(char32_t code) noexcept;

// `text` without White_Space at either end; an invalid byte is not whitespace.
std::string_view trim_unicode_whitespace(std::string_view text) noexcept;

// The form typed answers are compared in: NFKC_Casefold (NFKC with case folding, so
// "ＳＴＲＡＳＳＥ", "Straße" and "strasse" are one, and without the default ignorable code
// points: soft hyphen, zero-width space and joiners, variation selectors), no whitespace at
// either end, and each run of inner whitespace (after NFKC, which turns the ideographic and
// no-break spaces into U+0020) one space. Hiragana and katakana stay different
// (docs/decisions.md, "Unicode and typed answers").
std::string normalize_for_comparison(std::string_view text);

// Punctuation that opens (general categories Ps and Pi: "(", "「", "（", "“") or closes (Pe
// and Pf: ")", "」", "）", "”") a bracket or a quotation: a line may not end on the first nor
// start with the second (cli/terminal/line_breaking.hpp).
bool is_opening_punctuation(char32_t code) noexcept;
bool is_closing_punctuation(char32_t code) noexcept;

// Columns one code point takes in a terminal: 2 for East Asian wide and full-width characters
// and emoji, 0 for combining marks, format characters (zero-width space and joiner, variation
// selectors) and controls, 1 for everything else (ambiguous-width characters included, as a
// terminal outside a CJK locale shows them; U+FFFD takes 1).
int code_point_width(char32_t code) noexcept;

// Columns `text` takes: the sum over its code points, as terminals (wcwidth) count them; each
// invalid byte takes one column, as the U+FFFD it is shown as.
int display_width(std::string_view text) noexcept;

// The byte just past the extended grapheme cluster (UAX #29: a letter and its combining marks,
// an emoji sequence, a flag) that starts at `at`; `at` < text.size() and at a cluster's start.
// An invalid byte is a cluster of its own.
std::size_t grapheme_end(std::string_view text, std::size_t at) noexcept;

// The grapheme clusters of `text`, in order, as views into it.
std::vector<std::string_view> grapheme_clusters(std::string_view text);

}  // namespace kioku
