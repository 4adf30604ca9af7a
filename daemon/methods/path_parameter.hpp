// A file a client names for kiokud to open or write (deck.import's path, a backup's or a
// restore's file), checked the one way for every method.
#pragma once

#include <string>
#include <string_view>

namespace kioku::daemon {

// `path` when kiokud can use it as the client meant it; otherwise throws kioku::Error
// (kInvalidParams) naming `parameter`: a relative path (the client's working directory is not
// kiokud's), or one that holds a NUL, which the system's calls would take for its end and so
// open another file than the one named.
const std::string& absolute_path_parameter(const std::string& path, std::string_view parameter);

}  // namespace kioku::daemon
