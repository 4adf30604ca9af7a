// What kiokud tells a user, in English and Japanese: made where the thing it tells of happens
// (a deck file's parser, the package reader), carried by kioku::Error, sent in the JSON-RPC
// error (error.data.messages.ja beside error.message) and shown by the client in its language
// (docs/decisions.md, "The daemon's messages in Japanese").
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace kioku {

struct BilingualMessage {
  std::string english;
  std::string japanese;
};

// The two patterns, each with its "{name}"s filled in from `values` (core/fill_in.hpp).
BilingualMessage bilingual(
    std::string_view english, std::string_view japanese,
    std::initializer_list<std::pair<std::string_view, std::string>> values = {});

// The two patterns with "{name}" filled in by `value`'s text in the same language (a reason
// worded in both, inside a sentence that is), and the "{name}"s of `values` as bilingual() does.
BilingualMessage bilingual_with(
    std::string_view english, std::string_view japanese, std::string_view name,
    const BilingualMessage& value,
    std::initializer_list<std::pair<std::string_view, std::string>> values = {});

// A text kioku cannot word in Japanese, the same in both: what a library says (toml++'s parse
// errors, SQLite's) when it is the whole message. The system's reasons for an errno are worded
// in both by system_error_reason (core/system_error_reason.hpp).
BilingualMessage same_in_both(std::string text);

// `message`'s text in `language` ("ja" gives the Japanese, anything else the English).
const std::string& text_in(const BilingualMessage& message, const std::string& language);

}  // namespace kioku
