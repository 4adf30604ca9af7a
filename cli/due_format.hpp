// `kioku due --format TEMPLATE`: a line for a status bar or a prompt made from the due counts.
// {total}, {new}, {learning} and {review} are replaced by the counts; {{ and }} print a brace.
// Anything else between braces is an error, found before the daemon is asked anything, so a
// typo in a status bar's configuration shows at once instead of as a literal "{totl}".
#pragma once

#include <string>
#include <string_view>

#include "protocol/review_types.hpp"

namespace kioku::cli {

// Checks `pattern`; throws kioku::Error (kInvalidParams) in `language` naming the unknown
// placeholder or the byte of a brace that does not pair.
void check_due_format(std::string_view pattern, const std::string& language);

// `pattern` (checked) with the counts filled in.
std::string format_due(std::string_view pattern, const protocol::Counts& counts);

}  // namespace kioku::cli
