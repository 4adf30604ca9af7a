// Where a byte of a deck's text is written in its TOML file. toml++ says where a string value
// starts (its opening quote); a problem a note's field has (core/note_validation.hpp) is a byte
// offset in the text the string stands for. Reading the string literal again from its quote,
// escapes and line continuations included, finds the line and column that byte is written at, so
// that an error points at the `{{c1::` itself.
#pragma once

#include <cstddef>
#include <string_view>

namespace kioku {

struct SourcePlace {
  int line = 0;    // from 1
  int column = 0;  // from 1, in code points as toml++ counts them
};

// The place in `source` of byte `text_offset` of the text the TOML string literal at `literal`
// (its opening quote) stands for; `literal` itself when there is no string literal there. Past
// the end of the literal's text: the place of its closing quote. A byte inside an escape (the
// second byte of the UTF-8 of "\u00e9") is at the escape's backslash.
SourcePlace place_in_string_literal(std::string_view source, SourcePlace literal,
                                    std::size_t text_offset) noexcept;

}  // namespace kioku
