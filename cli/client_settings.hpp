// The configuration file's keys that are the client's own: language, color and the daemon's
// socket (docs/configuration.md). Read by every kioku command at start, before its options,
// which win over them.
#pragma once

#include <string>

#include "cli/cli_context.hpp"

namespace kioku::cli {

// Sets `context`'s language, colour and socket from the file at `path` where it sets them. A
// file that is missing, unreadable or refused changes nothing: kiokud reports a bad file
// (kioku daemon status, kioku config list), and a typo there should not stop `kioku review`.
void apply_client_settings(const std::string& path, CliContext& context);

}  // namespace kioku::cli
