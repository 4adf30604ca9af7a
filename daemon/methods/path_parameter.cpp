// A path parameter's checks (daemon/methods/path_parameter.hpp).
#include "daemon/methods/path_parameter.hpp"

#include "core/error.hpp"

namespace kioku::daemon {

const std::string& absolute_path_parameter(const std::string& path, std::string_view parameter) {
  if (path.find('\0') != std::string::npos) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter '{parameter}' holds a NUL character, which no file name can "
                          "hold",
                          "パラメータ '{parameter}' に NUL 文字が含まれています。ファイル名に NUL "
                          "文字は使えません",
                          {{"parameter", std::string(parameter)}}));
  }
  if (path.empty() || path.front() != '/') {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter '{parameter}' must be an absolute path, got \"{path}\"",
                          "パラメータ '{parameter}' は絶対パスでなければなりません（\"{path}\" "
                          "でした）",
                          {{"parameter", std::string(parameter)}, {"path", path}}));
  }
  return path;
}

}  // namespace kioku::daemon
