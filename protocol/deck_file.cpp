// A bounded read: one byte past the limit is enough to know a file is too large.
#include "protocol/deck_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "core/system_error_reason.hpp"

namespace kioku::protocol {

std::string deck_file_limit_text() {
  return std::to_string(kMaxDeckFileBytes / (1024 * 1024)) + " MiB";
}

BilingualMessage deck_file_too_large() {
  return bilingual(
      "is larger than {limit}, the limit for a deck file; split the deck into smaller ones",
      "デッキファイルの上限 {limit} を超えています。デッキを小さく分けてください",
      {{"limit", deck_file_limit_text()}});
}

std::string read_deck_bytes(int descriptor, const std::string& name) {
  std::string content;
  char chunk[65536];
  for (;;) {
    const ssize_t received = ::read(descriptor, chunk, sizeof chunk);
    if (received < 0 && errno == EINTR) continue;
    if (received < 0) {
      const int error = errno;
      throw InputError(name, 0, "",
                       bilingual_with("cannot read file: {error}", "ファイルを読めません: {error}",
                                      "error", system_error_reason(error)));
    }
    if (received == 0) return content;
    if (content.size() + static_cast<std::size_t>(received) > kMaxDeckFileBytes) {
      throw InputError(name, 0, "", deck_file_too_large());
    }
    content.append(chunk, static_cast<std::size_t>(received));
  }
}

}  // namespace kioku::protocol
