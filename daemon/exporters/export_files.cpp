#include "daemon/exporters/export_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "protocol/unique_fd.hpp"

namespace kioku::daemon {

namespace {

// The file at `path` cannot be read, for errno's reason.
Error cannot_read(const std::string& path) {
  const int error = errno;
  return Error(ErrorCode::kStorage,
               bilingual_with("cannot read {path}: {reason}", "{path} を読めません: {reason}",
                              "reason", system_error_reason(error), {{"path", path}}));
}

}  // namespace

void write_all(int descriptor, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t wrote = ::write(descriptor, bytes.data(), bytes.size());
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote == 0) {
      // A write that took nothing sets no errno: what errno holds is an earlier call's.
      throw Error(
          ErrorCode::kStorage,
          bilingual("cannot write the export: the file took no bytes",
                    "書き出し先のファイルに書き込めません: 1 バイトも書き込めませんでした"));
    }
    if (wrote < 0) {
      const int error = errno;
      throw Error(ErrorCode::kStorage,
                  bilingual_with("cannot write the export: {reason}",
                                 "書き出し先のファイルに書き込めません: {reason}", "reason",
                                 system_error_reason(error)));
    }
    bytes.remove_prefix(static_cast<std::size_t>(wrote));
  }
}

std::int64_t copy_file_to(const std::string& path, int descriptor) {
  const protocol::UniqueFd file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!file) {
    throw cannot_read(path);
  }
  std::vector<char> buffer(1 << 16);
  std::int64_t copied = 0;
  while (true) {
    const ssize_t got = ::read(file.get(), buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      throw cannot_read(path);
    }
    if (got == 0) return copied;
    write_all(descriptor, std::string_view(buffer.data(), static_cast<std::size_t>(got)));
    copied += got;
  }
}

}  // namespace kioku::daemon
