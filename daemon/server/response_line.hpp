// A response line as the dispatcher wrote it, with what the server must know about it without
// reading it again: which ids it answers (to turn it into errors when its commit fails).
#pragma once

#include <string>
#include <vector>

#include "daemon/server/later_work.hpp"

namespace kioku::daemon {

struct ResponseLine {
  std::string text;  // one line ending in '\n'; empty when nothing is to be sent
  // The id of each response in it, in order, as JSON text exactly as written ("null" too).
  std::vector<std::string> ids;
  bool batch = false;  // the responses are a JSON array, even of one
  // Set when the handler asked to answer later (MethodContext::answer_later): the server runs
  // this off its own thread and sends the line it makes instead of `text`. Meanwhile the
  // client's next request waits, and the other clients are served.
  LaterWork later = {};
};

}  // namespace kioku::daemon
