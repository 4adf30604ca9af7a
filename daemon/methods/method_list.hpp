// The method table as the Markdown table docs/protocol.md shows, so the document is made from
// the table rather than kept beside it by hand (tests/daemon/method_list_test.cpp compares).
#pragma once

#include <string>

namespace kioku::daemon {

// One row per method, in table order: its name, its parameters (required ones marked) and its
// help.
std::string method_list_markdown();

}  // namespace kioku::daemon
