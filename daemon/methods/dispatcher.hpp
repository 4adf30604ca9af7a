// Turns one request line into one response line: parsing, request validation, parameter checks
// against the method table, and the single place where exceptions become JSON-RPC errors.
#pragma once

#include <string>
#include <string_view>

#include "daemon/methods/method_context.hpp"

namespace kioku::daemon {

// Handles one line (a request, a notification or a batch). Returns the response line ending in
// '\n', or an empty string when nothing is to be sent (notifications only). Never throws for
// anything a client can send.
std::string dispatch_line(std::string_view line, MethodContext& context);

}  // namespace kioku::daemon
