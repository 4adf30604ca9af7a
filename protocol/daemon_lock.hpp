// The lock file that keeps one kiokud per collection (daemon/store/collection_lock.hpp), as a
// client reads it: when the socket does not answer, it still tells which kiokud holds the
// collection, so that `kioku daemon status` and `stop` can say what is wrong.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>

namespace kioku::protocol {

// `data_directory` + "/kiokud.lock".
std::string lock_file_path(const std::string& data_directory);

// The pid of the process holding the lock on `lock_path`, from the kernel's table of locks
// (/proc/locks). Only reads: taking the lock, even for a moment, could make a kiokud starting
// at that moment refuse to run. nullopt when nobody holds it, or it cannot tell.
std::optional<pid_t> lock_holder(const std::string& lock_path);

}  // namespace kioku::protocol
