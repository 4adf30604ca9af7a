// Messages are patterns with "{name}" places, not concatenated fragments: Japanese puts the
// words in another order ("{source} から {deck} を取り込みました").
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace kioku {

// `pattern` with each "{name}" in `values` replaced by its text, in one pass: a value (a deck's
// name, say) that holds "{name}" stays as it is. A place `values` does not name is kept.
std::string fill_in(std::string_view pattern,
                    std::initializer_list<std::pair<std::string_view, std::string>> values);

}  // namespace kioku
