// The system's reason for a failed call (an errno) in English and Japanese: the English is what
// strerror says in the C locale kioku runs in, the Japanese kioku's own wording of the reasons a
// user of its files and sockets meets (docs/decisions.md, "Session 41"). Safe to call from any
// thread: it never uses strerror's shared buffer.
#pragma once

#include <string>
#include <string_view>

#include "core/bilingual_message.hpp"

namespace kioku {

// `error_number`'s reason in both languages. An errno kioku has no wording for says so in
// Japanese with its symbolic name ("システムエラー（EHWPOISON）"), or its number when the C
// library knows no name for it either.
BilingualMessage system_error_reason(int error_number);

// The reason in `language` ("ja" gives the Japanese, anything else the English), for a message
// already worded in one language (the CLI's catalogues).
std::string system_error_reason_in(int error_number, const std::string& language);

// A reason that crossed a boundary as strerror's English words (a configuration problem's `got`
// on the wire): in both languages when it is one of strerror's texts, else the same in both.
BilingualMessage system_error_reason_from_english(std::string_view english);

}  // namespace kioku
