// Whether a note's tags include a tag a session asks for (`kioku review --tag T`), as Anki's
// `tag:` search does: without case, and a hierarchical tag `a::b` includes its children
// (`a::b::c`), not its parent or siblings.
#pragma once

#include <string_view>

namespace kioku {

// Whether `tag` is `wanted` or one of its children.
bool tag_matches(std::string_view tag, std::string_view wanted);

// Whether any of `tags` (space-separated, as the cards table keeps them) matches `wanted`.
bool has_tag(std::string_view tags, std::string_view wanted);

}  // namespace kioku
