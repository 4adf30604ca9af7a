// An Anki field's HTML as kioku field text (docs/field-markup.md), as far as kioku's markup
// reaches: what a text file marked `#html:true` (or sniffed as HTML) holds. Not an HTML
// renderer: issue 12's package import brings one; this keeps the text and the line breaks.
#pragma once

#include <string>
#include <string_view>

namespace kioku {

// `<br>` and the ends of blocks (`<div>`, `<p>`, `<li>`, headings...) become line breaks, `<li>`
// a "- " item, `<b>`/`<strong>` `**`, `<i>`/`<em>` `*`, `<code>` a backtick, `<img src="x">`
// "[image: x]"; `<script>`, `<style>` and comments go with their content; every other tag is
// dropped, its text kept. Entities are decoded (named ones of HTML's common set, and numeric
// ones that are not control characters); an unknown one stays as written, and so does a `<`
// that does not start a tag. Line breaks at the start and end are trimmed.
std::string anki_html_to_text(std::string_view html);

}  // namespace kioku
