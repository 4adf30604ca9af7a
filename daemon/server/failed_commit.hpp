// What a client gets instead of a held response when the commit that held it failed.
#pragma once

#include <string>

#include "daemon/server/response_line.hpp"

namespace kioku::daemon {

// The same line with every response replaced by a storage error (-32004) with the same id,
// saying that nothing of the request was recorded. Returns "" for "" (a notification gets no
// reply either way).
std::string failed_commit_response(const ResponseLine& response, const std::string& reason);

}  // namespace kioku::daemon
