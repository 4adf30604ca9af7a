// flock(2)-based single-instance lock.
#include "daemon/store/collection_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "core/system_error_reason.hpp"

namespace kioku::daemon {

CollectionLock::CollectionLock(const std::string& lock_path, const std::string& collection_path) {
  descriptor_ = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (descriptor_ < 0) {
    const int error = errno;
    throw Error(ErrorCode::kPermission,
                bilingual_with("cannot open lock file {path}: {reason}; kiokud needs to write in "
                               "the collection's directory",
                               "ロックファイル {path} を開けません: {reason}。kiokud "
                               "はコレクションのディレクトリに書き込める必要があります",
                               "reason", system_error_reason(error), {{"path", lock_path}}));
  }
  if (::flock(descriptor_, LOCK_EX | LOCK_NB) != 0) {
    char pid[32] = {};
    const ssize_t length = ::pread(descriptor_, pid, sizeof pid - 1, 0);
    std::string holder = length > 0 ? std::string(pid, static_cast<std::size_t>(length)) : "";
    while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
    ::close(descriptor_);
    descriptor_ = -1;
    throw Error(ErrorCode::kConflict,
                holder.empty()
                    ? bilingual("another kiokud is already using the collection {collection}",
                                "別の kiokud がすでにコレクション {collection} を使っています",
                                {{"collection", collection_path}})
                    : bilingual("another kiokud (pid {pid}) is already using the collection "
                                "{collection}",
                                "別の kiokud（pid {pid}）がすでにコレクション {collection} "
                                "を使っています",
                                {{"pid", holder}, {"collection", collection_path}}));
  }
  const std::string text = std::to_string(::getpid()) + "\n";
  if (::ftruncate(descriptor_, 0) == 0) {
    [[maybe_unused]] const ssize_t written = ::pwrite(descriptor_, text.data(), text.size(), 0);
  }
}

CollectionLock::~CollectionLock() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

}  // namespace kioku::daemon
