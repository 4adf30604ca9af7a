// Which of an error's languages kioku prints: kiokud's messages and core's come in English and
// Japanese (core/bilingual_message.hpp), the CLI's own in the language it chose.
#pragma once

#include <string>

#include "core/bilingual_message.hpp"
#include "core/error.hpp"

namespace kioku::cli {

using kioku::text_in;

// What kioku prints of `error` in `language`: its Japanese when it has one and the language is
// Japanese, else what().
std::string error_text(const Error& error, const std::string& language);

}  // namespace kioku::cli
