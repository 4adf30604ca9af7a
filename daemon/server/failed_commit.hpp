// What a client gets instead of a response that cannot be sent: the commit that held it failed,
// or kiokud holds too many replies that clients have not read.
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

// The same line with every response replaced by an error `code` with the same id, saying
// `message` (in Japanese too, error.data.messages.ja); for a line made later (response.later),
// whose text is not in `response`, from its ids alone.
std::string error_response(const ResponseLine& response, int code, const BilingualMessage& message);

}  // namespace kioku::daemon
