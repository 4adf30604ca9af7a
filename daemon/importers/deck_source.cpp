// fstat before every read; the path is looked at through O_PATH first, so a FIFO is never opened.
#include "daemon/importers/deck_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "protocol/deck_file.hpp"

namespace kioku::daemon {

namespace {

std::string kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a pipe";
  if (S_ISCHR(mode)) return "a character device (a terminal, /dev/zero...)";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

struct stat status_of(int descriptor, const std::string& name) {
  struct stat info {};
  if (::fstat(descriptor, &info) != 0) {
    throw InputError(name, 0, "", std::string("cannot read file: ") + std::strerror(errno));
  }
  return info;
}

void require_regular(const struct stat& info, const std::string& name) {
  if (S_ISREG(info.st_mode)) return;
  if (S_ISDIR(info.st_mode)) throw InputError(name, 0, "", "is a directory, not a deck file");
  throw InputError(name, 0, "",
                   "is " + kind_of(info.st_mode) +
                       ", not a regular file; kiokud reads decks only from regular files "
                       "(`kioku import -` reads standard input)");
}

}  // namespace

struct stat require_regular_file(int descriptor, const std::string& name) {
  const struct stat info = status_of(descriptor, name);
  require_regular(info, name);
  return info;
}

std::string peek_start(int descriptor, std::size_t most) {
  const off_t offset = ::lseek(descriptor, 0, SEEK_CUR);
  if (offset < 0) return {};
  std::string start(most, '\0');
  const ssize_t got = ::pread(descriptor, start.data(), most, offset);
  start.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  return start;
}

std::string read_regular_deck(int descriptor, const std::string& name) {
  const struct stat info = status_of(descriptor, name);
  require_regular(info, name);
  // Refused before reading a byte when the size already tells; the bounded read still stops a
  // file that grows meanwhile.
  if (static_cast<std::uintmax_t>(info.st_size) > protocol::kMaxDeckFileBytes) {
    throw InputError(name, 0, "",
                     "is larger than " + protocol::deck_file_limit_text() +
                         ", the limit for a deck file; split the deck into smaller ones");
  }
  return protocol::read_deck_bytes(descriptor, name);
}

protocol::UniqueFd open_regular_deck(const std::string& path) {
  // O_PATH opens nothing behind the name: no FIFO rendezvous, no device open.
  const protocol::UniqueFd handle(::open(path.c_str(), O_PATH | O_CLOEXEC));
  if (!handle) {
    throw InputError(path, 0, "", std::string("cannot open file: ") + std::strerror(errno));
  }
  const struct stat looked_at = status_of(handle.get(), path);
  require_regular(looked_at, path);
  // Opened for reading only now that it is known to be a regular file; O_NONBLOCK still guards a
  // name swapped for a FIFO in between, which the inode check below then refuses.
  protocol::UniqueFd file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!file) {
    throw InputError(path, 0, "", std::string("cannot open file: ") + std::strerror(errno));
  }
  const struct stat opened = status_of(file.get(), path);
  if (opened.st_dev != looked_at.st_dev || opened.st_ino != looked_at.st_ino) {
    throw InputError(path, 0, "", "changed while it was being opened; try again");
  }
  return file;
}

}  // namespace kioku::daemon
