// A bounded read: one byte past the limit is enough to know a file is too large.
#include "protocol/deck_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"

namespace kioku::protocol {

std::string deck_file_limit_text() {
  return std::to_string(kMaxDeckFileBytes / (1024 * 1024)) + " MiB";
}

std::string read_deck_bytes(int descriptor, const std::string& name) {
  std::string content;
  char chunk[65536];
  for (;;) {
    const ssize_t received = ::read(descriptor, chunk, sizeof chunk);
    if (received < 0 && errno == EINTR) continue;
    if (received < 0) {
      throw InputError(name, 0, "", std::string("cannot read file: ") + std::strerror(errno));
    }
    if (received == 0) return content;
    if (content.size() + static_cast<std::size_t>(received) > kMaxDeckFileBytes) {
      throw InputError(name, 0, "",
                       "is larger than " + deck_file_limit_text() +
                           ", the limit for a deck file; split the deck into smaller ones");
    }
    content.append(chunk, static_cast<std::size_t>(received));
  }
}

}  // namespace kioku::protocol
