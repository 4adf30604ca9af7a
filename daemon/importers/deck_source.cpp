// fstat before every read; the path is looked at through O_PATH first, so a FIFO is never opened.
#include "daemon/importers/deck_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "protocol/deck_file.hpp"

namespace kioku::daemon {

namespace {

// What the file is, said whole in each language: the kind does not go into a sentence as a
// word of its own.
BilingualMessage not_regular(mode_t mode) {
  if (S_ISFIFO(mode)) {
    return bilingual(
        "is a pipe, not a regular file; kiokud reads decks only from regular files (`kioku "
        "import -` reads standard input)",
        "通常のファイルではなくパイプです。kiokud がデッキを読むのは通常のファイルからだけです"
        "（`kioku import -` なら標準入力を読みます）");
  }
  if (S_ISCHR(mode)) {
    return bilingual(
        "is a character device (a terminal, /dev/zero...), not a regular file; kiokud reads decks "
        "only from regular files (`kioku import -` reads standard input)",
        "通常のファイルではなくキャラクターデバイス（端末、/dev/zero など）です。kiokud "
        "がデッキを読むのは通常のファイルからだけです（`kioku import -` なら標準入力を読みます）");
  }
  if (S_ISBLK(mode)) {
    return bilingual(
        "is a block device, not a regular file; kiokud reads decks only from regular files "
        "(`kioku import -` reads standard input)",
        "通常のファイルではなくブロックデバイスです。kiokud がデッキを読むのは通常のファイルから"
        "だけです（`kioku import -` なら標準入力を読みます）");
  }
  if (S_ISSOCK(mode)) {
    return bilingual(
        "is a socket, not a regular file; kiokud reads decks only from regular files (`kioku "
        "import -` reads standard input)",
        "通常のファイルではなくソケットです。kiokud がデッキを読むのは通常のファイルからだけです"
        "（`kioku import -` なら標準入力を読みます）");
  }
  return bilingual(
      "is not a regular file; kiokud reads decks only from regular files "
      "(`kioku import -` reads standard input)",
      "通常のファイルではありません。kiokud がデッキを読むのは通常のファイルからだけです"
      "（`kioku import -` なら標準入力を読みます）");
}

BilingualMessage cannot_open(int error) {
  return bilingual_with("cannot open file: {error}", "ファイルを開けません: {error}", "error",
                        system_error_reason(error));
}

struct stat status_of(int descriptor, const std::string& name) {
  struct stat info {};
  if (::fstat(descriptor, &info) != 0) {
    const int error = errno;
    throw InputError(name, 0, "",
                     bilingual_with("cannot read file: {error}", "ファイルを読めません: {error}",
                                    "error", system_error_reason(error)));
  }
  return info;
}

void require_regular(const struct stat& info, const std::string& name) {
  if (S_ISREG(info.st_mode)) return;
  if (S_ISDIR(info.st_mode)) {
    throw InputError(
        name, 0, "",
        bilingual("is a directory, not a deck file", "デッキファイルではなくディレクトリです"));
  }
  throw InputError(name, 0, "", not_regular(info.st_mode));
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
    throw InputError(name, 0, "", protocol::deck_file_too_large());
  }
  return protocol::read_deck_bytes(descriptor, name);
}

protocol::UniqueFd open_regular_deck(const std::string& path) {
  // O_PATH opens nothing behind the name: no FIFO rendezvous, no device open.
  const protocol::UniqueFd handle(::open(path.c_str(), O_PATH | O_CLOEXEC));
  if (!handle) {
    throw InputError(path, 0, "", cannot_open(errno));
  }
  const struct stat looked_at = status_of(handle.get(), path);
  require_regular(looked_at, path);
  // Opened for reading only now that it is known to be a regular file; O_NONBLOCK still guards a
  // name swapped for a FIFO in between, which the inode check below then refuses.
  protocol::UniqueFd file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!file) {
    throw InputError(path, 0, "", cannot_open(errno));
  }
  const struct stat opened = status_of(file.get(), path);
  if (opened.st_dev != looked_at.st_dev || opened.st_ino != looked_at.st_ino) {
    throw InputError(path, 0, "",
                     bilingual("changed while it was being opened; try again",
                               "開いている間に変わりました。もう一度試してください"));
  }
  return file;
}

}  // namespace kioku::daemon
