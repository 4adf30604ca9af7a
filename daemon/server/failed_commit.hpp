// What a client gets instead of a held response when the commit that held it failed.
#pragma once

#include <string>

#include "core/bilingual_message.hpp"
#include "daemon/server/response_line.hpp"

namespace kioku::daemon {

// The same line with every response replaced by a storage error (-32004) with the same id,
// saying that nothing of the request was recorded. Returns "" for "" (a notification gets no
// reply either way). The error carries its message in Japanese too (error.data.messages.ja),
// as the dispatcher's do; a `reason` worded in English alone (SQLite's) goes into it as it is.
std::string failed_commit_response(const ResponseLine& response, const BilingualMessage& reason);

}  // namespace kioku::daemon
