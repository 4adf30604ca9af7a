// getrlimit/setrlimit for RLIMIT_NOFILE.
#include "daemon/server/file_limit.hpp"

#include <sys/resource.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "core/system_error_reason.hpp"

namespace kioku::daemon {

std::optional<RaisedDescriptorLimit> ensure_descriptors_for(std::size_t max_clients) {
  const rlim_t needed = static_cast<rlim_t>(max_clients + kReservedDescriptors);
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) {
    const int error = errno;
    throw Error(ErrorCode::kUnavailable,
                bilingual_with("cannot read the open-file limit: {reason}",
                               "開けるファイル数の上限を読めません: {reason}", "reason",
                               system_error_reason(error)));
  }
  if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= needed) return std::nullopt;
  const std::string clients = std::to_string(max_clients);
  const std::string files = std::to_string(needed);
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < needed) {
    throw Error(
        ErrorCode::kUnavailable,
        bilingual(
            "--max-clients {clients} needs {files} open files but the hard limit "
            "is {hard}; lower --max-clients or raise the limit (ulimit -Hn, "
            "LimitNOFILE=)",
            "--max-clients {clients} には {files} 個のファイルを開ける必要があります"
            "が、ハード上限は {hard} です。--max-clients "
            "を下げるか、上限を上げてください（ulimit -Hn、LimitNOFILE=）",
            {{"clients", clients}, {"files", files}, {"hard", std::to_string(limit.rlim_max)}}));
  }
  const rlim_t previous = limit.rlim_cur;
  // Only as far as needed: a soft limit of a million would be inherited for nothing.
  limit.rlim_cur = needed;
  if (::setrlimit(RLIMIT_NOFILE, &limit) != 0) {
    const int error = errno;
    throw Error(ErrorCode::kUnavailable,
                bilingual_with(
                    "--max-clients {clients} needs {files} open files but the soft limit "
                    "{soft} cannot be raised: {reason}",
                    "--max-clients {clients} には {files} 個のファイルを開ける必要があり"
                    "ますが、ソフト上限 {soft} を上げられません: {reason}",
                    "reason", system_error_reason(error),
                    {{"clients", clients}, {"files", files}, {"soft", std::to_string(previous)}}));
  }
  return RaisedDescriptorLimit{static_cast<std::size_t>(previous),
                               static_cast<std::size_t>(needed)};
}

}  // namespace kioku::daemon
