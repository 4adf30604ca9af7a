// XDG directory discovery and the ownership checks on the socket directory.
#include "protocol/paths.hpp"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/error.hpp"
#include "core/system_error_reason.hpp"

namespace kioku::protocol {

namespace {

std::string home_directory() {
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') return home;
  if (const passwd* entry = getpwuid(getuid()); entry != nullptr) return entry->pw_dir;
  throw Error(ErrorCode::kUnavailable,
              bilingual("cannot tell the home directory: HOME is unset",
                        "ホームディレクトリが分かりません: HOME が設定されていません"));
}

// $variable when set to an absolute path, else $HOME/fallback.
std::string xdg_directory(const char* variable, const char* fallback) {
  if (const char* value = std::getenv(variable); value != nullptr && value[0] == '/') {
    return std::string(value) + "/kioku";
  }
  return home_directory() + "/" + fallback + "/kioku";
}

std::string octal_mode(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

}  // namespace

std::string runtime_directory() {
  if (const char* value = std::getenv("XDG_RUNTIME_DIR"); value != nullptr && value[0] == '/') {
    return std::string(value) + "/kioku";
  }
  return "/tmp/kioku-" + std::to_string(getuid());
}

std::string default_socket_path() {
  return runtime_directory() + "/kiokud.sock";
}
std::string data_directory() {
  return xdg_directory("XDG_DATA_HOME", ".local/share");
}
std::string state_directory() {
  return xdg_directory("XDG_STATE_HOME", ".local/state");
}
std::string config_file_path() {
  return xdg_directory("XDG_CONFIG_HOME", ".config") + "/config.toml";
}

std::string parent_directory(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

void check_socket_path_length(const std::string& path) {
  if (path.size() <= kMaxSocketPath) return;
  throw Error(ErrorCode::kInvalidParams,
              bilingual("socket path {path} is {bytes} bytes long; Unix sockets allow at most "
                        "{most} (set a shorter XDG_RUNTIME_DIR or pass --socket)",
                        "ソケットのパス {path} は {bytes} バイトあります。Unix ソケットのパスは "
                        "{most} バイトまでです（短い XDG_RUNTIME_DIR を設定するか、--socket "
                        "を指定してください）",
                        {{"path", path},
                         {"bytes", std::to_string(path.size())},
                         {"most", std::to_string(kMaxSocketPath)}}));
}

void make_directories(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) return;
  const std::string parent = parent_directory(path);
  if (parent != path && parent != "." && parent != "/") make_directories(parent);
  if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST) {
    const int error = errno;
    throw Error(ErrorCode::kPermission,
                bilingual_with("cannot create directory {path}: {reason}",
                               "ディレクトリ {path} を作れません: {reason}", "reason",
                               system_error_reason(error), {{"path", path}}));
  }
}

void ensure_private_directory(const std::string& path) {
  make_directories(path);
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) {
    const int error = errno;
    throw Error(
        ErrorCode::kPermission,
        bilingual_with("cannot inspect {path}: {reason}", "{path} を調べられません: {reason}",
                       "reason", system_error_reason(error), {{"path", path}}));
  }
  if (!S_ISDIR(info.st_mode)) {
    throw Error(ErrorCode::kPermission,
                bilingual("{path} is not a directory; remove it so kioku can create its socket "
                          "directory",
                          "{path} はディレクトリではありません。kioku がソケットのディレクトリを"
                          "作れるように削除してください",
                          {{"path", path}}));
  }
  if (info.st_uid != getuid()) {
    throw Error(
        ErrorCode::kPermission,
        bilingual("socket directory {path} belongs to uid {owner}, not to you (uid "
                  "{you}); remove it or point --socket elsewhere",
                  "ソケットのディレクトリ {path} の所有者は uid {owner} で、あなた（uid "
                  "{you}）ではありません。削除するか、--socket で別の場所を指定してください",
                  {{"path", path},
                   {"owner", std::to_string(info.st_uid)},
                   {"you", std::to_string(getuid())}}));
  }
  if ((info.st_mode & 077) != 0) {
    throw Error(ErrorCode::kPermission,
                bilingual("socket directory {path} has mode {mode}, open to other users; fix it "
                          "with: chmod 700 {path}",
                          "ソケットのディレクトリ {path} のモードは {mode} で、他のユーザーにも"
                          "開いています。chmod 700 {path} で直してください",
                          {{"path", path}, {"mode", octal_mode(info.st_mode)}}));
  }
}

}  // namespace kioku::protocol
