// What a text's language is named by: a code as a deck file's `languages` lists it.
#pragma once

#include <string_view>

namespace kioku {

// 2 to 8 characters of lower-case ASCII letters and '-' ("en", "ja", "pt-br"). Pure.
bool is_language_code(std::string_view text);

}  // namespace kioku
