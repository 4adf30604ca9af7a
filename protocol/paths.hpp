// Where kioku keeps things, following the XDG base-directory rules, and the checks that keep
// the socket directory private.
#pragma once

#include <sys/un.h>

#include <cstddef>
#include <string>

namespace kioku::protocol {

// $XDG_RUNTIME_DIR/kioku, or /tmp/kioku-<uid> when XDG_RUNTIME_DIR is unset.
std::string runtime_directory();
// runtime_directory() + "/kiokud.sock".
std::string default_socket_path();
// $XDG_DATA_HOME/kioku (default ~/.local/share/kioku): the collection and its backups.
std::string data_directory();
// $XDG_STATE_HOME/kioku (default ~/.local/state/kioku): the daemon's log when autostarted.
std::string state_directory();

// $XDG_CONFIG_HOME/kioku/config.toml (default ~/.config/kioku/config.toml): the settings file
// kiokud reads (docs/configuration.md) and kioku reads for its own few keys.
std::string config_file_path();

// Creates `path` (and missing parents) with mode 0700 if it does not exist; then checks that
// it is a directory owned by the current user with no group or other permissions.
// Throws kioku::Error (kPermission) with a message that says what to fix.
void ensure_private_directory(const std::string& path);

// The longest socket path: room in sockaddr_un::sun_path for it and its terminating NUL.
inline constexpr std::size_t kMaxSocketPath = sizeof(sockaddr_un::sun_path) - 1;

// Throws kioku::Error (kInvalidParams) naming the path, its length and the fix when `path`
// is longer than kMaxSocketPath.
void check_socket_path_length(const std::string& path);

// Creates `path` and missing parents with mode 0700. Throws kioku::Error on failure.
void make_directories(const std::string& path);

// The directory part of `path` ("." when it has none).
std::string parent_directory(const std::string& path);

}  // namespace kioku::protocol
