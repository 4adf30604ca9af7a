// getrlimit/setrlimit for RLIMIT_NOFILE.
#include "daemon/server/file_limit.hpp"

#include <sys/resource.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"

namespace kioku::daemon {

std::optional<RaisedDescriptorLimit> ensure_descriptors_for(std::size_t max_clients) {
  const rlim_t needed = static_cast<rlim_t>(max_clients + kReservedDescriptors);
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) {
    throw Error(ErrorCode::kUnavailable,
                std::string("cannot read the open-file limit: ") + std::strerror(errno));
  }
  if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= needed) return std::nullopt;
  const std::string what = "--max-clients " + std::to_string(max_clients) + " needs " +
                           std::to_string(needed) + " open files";
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < needed) {
    throw Error(ErrorCode::kUnavailable,
                what + " but the hard limit is " + std::to_string(limit.rlim_max) +
                    "; lower --max-clients or raise the limit (ulimit -Hn, LimitNOFILE=)");
  }
  const rlim_t previous = limit.rlim_cur;
  // Only as far as needed: a soft limit of a million would be inherited for nothing.
  limit.rlim_cur = needed;
  if (::setrlimit(RLIMIT_NOFILE, &limit) != 0) {
    throw Error(ErrorCode::kUnavailable, what + " but the soft limit " + std::to_string(previous) +
                                             " cannot be raised: " + std::strerror(errno));
  }
  return RaisedDescriptorLimit{static_cast<std::size_t>(previous),
                               static_cast<std::size_t>(needed)};
}

}  // namespace kioku::daemon
