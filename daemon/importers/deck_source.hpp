// Where kiokud gets a deck file's bytes from: a descriptor the client opened and passed, or a path
// it names. kiokud serves every client on one thread, so neither may ever block it: only regular
// files are read (a FIFO, a terminal or /dev/zero is refused at once), and only up to
// protocol::kMaxDeckFileBytes.
#pragma once

#include <string>

#include "protocol/unique_fd.hpp"

namespace kioku::daemon {

// The whole content of the regular file open at `descriptor`, read from its current offset.
// Throws kioku::InputError naming `name` when it is not a regular file, is larger than the limit
// or cannot be read.
std::string read_regular_deck(int descriptor, const std::string& name);

// Opens `path` for reading without blocking and without opening anything but a regular file
// (a device's open can block or have effects of its own). Throws kioku::InputError naming `path`.
protocol::UniqueFd open_regular_deck(const std::string& path);

}  // namespace kioku::daemon
