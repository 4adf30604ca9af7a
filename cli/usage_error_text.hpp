// CLI11's parse errors in Japanese. CLI11 words them in English as it throws them, before kioku
// knows the language; this rewords the ones kioku's command table can raise from their English
// (CLI11 2.1's wording, which tests/cli/usage_error_text_test.cpp pins) and leaves any other as
// it is. The validators of the table's own rules are worded in both languages where they are
// made (cli/command_table.cpp), so a ValidationError arrives in the right language already.
#pragma once

#include <string>
#include <string_view>

namespace kioku::cli {

// `what` (the error's message) in Japanese, for an error of CLI11's class `kind`
// ("RequiredError", "ExtrasError", "ArgumentMismatch", "ConversionError"; "" for another);
// `what` itself when kioku has no Japanese for it.
std::string usage_error_in_japanese(std::string_view kind, const std::string& what);

// The line after a usage error that points to --help.
std::string usage_error_hint(bool japanese);

}  // namespace kioku::cli
