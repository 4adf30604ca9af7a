// Where kiokud gets a deck file's bytes from: a descriptor the client opened and passed, or a path
// it names. kiokud serves every client on one thread, so neither may ever block it: only regular
// files are read (a FIFO, a terminal or /dev/zero is refused at once), and only up to
// protocol::kMaxDeckFileBytes.
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <string>

#include "protocol/unique_fd.hpp"

namespace kioku::daemon {

// The whole content of the regular file open at `descriptor`, read from its current offset.
// Throws kioku::InputError naming `name` when it is not a regular file, is larger than the limit
// or cannot be read.
std::string read_regular_deck(int descriptor, const std::string& name);

// Throws kioku::InputError naming `name` unless `descriptor` is a regular file: what a streamed
// import (docs/anki-import.md), which has no size limit, checks before reading. Returns its
// status (its size, and its modification time for a check that it did not change meanwhile).
struct stat require_regular_file(int descriptor, const std::string& name);

// Up to `most` bytes from the descriptor's current offset, which stays where it is: what the
// importer is chosen by (core/import_format.hpp). Empty when they cannot be read that way (a
// pipe), which the importer then refuses.
std::string peek_start(int descriptor, std::size_t most);

// Opens `path` for reading without blocking and without opening anything but a regular file
// (a device's open can block or have effects of its own). Throws kioku::InputError naming `path`.
protocol::UniqueFd open_regular_deck(const std::string& path);

}  // namespace kioku::daemon
