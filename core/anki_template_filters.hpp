// The text filters of Anki's templates (rslib/src/template_filters.rs) that need nothing but the
// field's text; the cloze filters are in core/anki_cloze.hpp, and which filter runs when is
// core/anki_template_render.cpp's. Each is linear in its input and never throws.
#pragma once

#include <string>
#include <string_view>

namespace kioku {

// {{text:F}}: the field without its tags, comments, <style> and <script> blocks (Anki's rule:
// a '<' with a '>' after it starts a tag up to that '>'). Entities stay as written: the result is
// still HTML, which the HTML-to-text conversion decodes once (Anki decodes them here, and
// "&lt;b&gt;" would become a tag).
std::string anki_strip_html(std::string_view html);

// Anki's ruby syntax "漢字[かんじ]": a reading in brackets after its base, the base being the
// characters before the '[' back to a space or '>' (one space before it is taken with it, so
// "A 漢字[かんじ]" joins up). A reading starting "sound:" is left alone. "&nbsp;" becomes a
// space first, as in Anki.
//   {{kanji:F}}:    the bases alone ("漢字")
//   {{kana:F}}:     the readings alone ("かんじ")
//   {{furigana:F}}: <ruby><rb>漢字</rb><rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>: ruby for a
//                   renderer that knows it, and "漢字(かんじ)" for one that drops unknown tags.
std::string anki_kanji(std::string_view text);
std::string anki_kana(std::string_view text);
std::string anki_furigana(std::string_view text);

// {{hint:F}}: Anki hides the field behind a link that JavaScript opens; here it shows as
// <span class="hint">[? text]</span>. A field of only whitespace stays as it is.
std::string anki_hint(std::string_view text);

// {{type:F}}, {{type:cloze:F}}, {{type:nc:F}}: Anki's own markers, "[[type:F]]",
// "[[type:cloze:F]]" and "[[type:nc:F]]", where the review screen puts the answer box.
std::string anki_type_marker(std::string_view filter, std::string_view field);

}  // namespace kioku
