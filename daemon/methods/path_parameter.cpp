// A path parameter's checks (daemon/methods/path_parameter.hpp).
#include "daemon/methods/path_parameter.hpp"

#include "core/error.hpp"

namespace kioku::daemon {

const std::string& absolute_path_parameter(const std::string& path, std::string_view parameter) {
  const std::string named = "parameter '" + std::string(parameter) + "'";
  if (path.find('\0') != std::string::npos) {
    throw Error(ErrorCode::kInvalidParams,
                named + " holds a NUL character, which no file name can hold");
  }
  if (path.empty() || path.front() != '/') {
    throw Error(ErrorCode::kInvalidParams,
                named + " must be an absolute path, got \"" + path + "\"");
  }
  return path;
}

}  // namespace kioku::daemon
