// What a client gets instead of a held response when the commit that held it failed.
#pragma once

#include <string>
#include <string_view>

namespace kioku::daemon {

// Turns a response line (one response or a batch of them) into the same line with every
// response replaced by a storage error (-32004) with the same id, saying that nothing of the
// request was recorded. Returns "" for "" (a notification gets no reply either way).
std::string failed_commit_response(std::string_view response_line, const std::string& reason);

}  // namespace kioku::daemon
