// Turns one request line into one response line: parsing, request validation, parameter checks
// against the method table, and the single place where exceptions become JSON-RPC errors.
#pragma once

#include <string>
#include <string_view>

#include "daemon/methods/method_context.hpp"
#include "daemon/server/passed_descriptors.hpp"
#include "daemon/server/response_line.hpp"

namespace kioku::daemon {

// Handles one line (a request, a notification or a batch) and the descriptors passed with it.
// Returns the response line ending in '\n', or an empty string when nothing is to be sent
// (notifications only). Never throws for anything a client can send. Descriptors are accepted
// only by a single request to a method that takes one (Method::takes_descriptor), one at most;
// otherwise the request is refused. Every descriptor is closed before this returns, unless the
// handler kept it.
// The same, for the session `session` (lent to the handlers as MethodContext::session; null off a
// socket), with the ids the response line answers, so the server need not parse it again.
ResponseLine respond_to_line(std::string_view line, MethodContext& context,
                             PassedDescriptors descriptors = {}, Session* session = nullptr);
// Only the response line.
std::string dispatch_line(std::string_view line, MethodContext& context,
                          PassedDescriptors descriptors = {});

}  // namespace kioku::daemon
