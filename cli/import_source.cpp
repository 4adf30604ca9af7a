// A regular file is passed as it is; any other stream is read here and passed as a memfd, so that
// kiokud, which serves every client on one thread, never waits on a pipe.
#include "cli/import_source.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "protocol/deck_file.hpp"

namespace kioku::cli {

namespace {

std::string absolute_path(const std::string& path) {
  if (path.front() == '/') return path;
  char directory[4096];
  if (::getcwd(directory, sizeof directory) == nullptr) {
    throw Error(ErrorCode::kInvalidInput, path + ": cannot tell the current directory");
  }
  return std::string(directory) + "/" + path;
}

// A regular file in memory holding what `stream` gives until its end.
protocol::UniqueFd copy_to_memory(int stream, const std::string& name) {
  const std::string content = protocol::read_deck_bytes(stream, name);
  protocol::UniqueFd memory(::memfd_create("kioku-import", MFD_CLOEXEC));
  if (!memory) {
    throw InputError(name, 0, "", std::string("cannot hold it in memory: ") + std::strerror(errno));
  }
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t count = ::write(memory.get(), content.data() + written, content.size() - written);
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) {
      throw InputError(name, 0, "",
                       std::string("cannot hold it in memory: ") + std::strerror(errno));
    }
    written += static_cast<std::size_t>(count);
  }
  ::lseek(memory.get(), 0, SEEK_SET);
  return memory;
}

ImportSource regular_or_copied(protocol::UniqueFd file, std::string name) {
  struct stat info {};
  if (::fstat(file.get(), &info) != 0) {
    throw InputError(name, 0, "", std::string("cannot read file: ") + std::strerror(errno));
  }
  if (S_ISDIR(info.st_mode)) throw InputError(name, 0, "", "is a directory, not a deck file");
  if (S_ISREG(info.st_mode)) return {std::move(file), std::move(name)};
  protocol::UniqueFd copy = copy_to_memory(file.get(), name);
  return {std::move(copy), std::move(name)};
}

}  // namespace

ImportSource open_import_source(const std::string& argument) {
  if (argument.empty()) {
    throw Error(ErrorCode::kInvalidParams,
                "import: FILE is empty; give a deck file, or - for "
                "standard input");
  }
  if (argument == "-") {
    protocol::UniqueFd input(::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0));
    if (!input) {
      throw InputError("<stdin>", 0, "",
                       std::string("cannot read standard input: ") + std::strerror(errno));
    }
    return regular_or_copied(std::move(input), "<stdin>");
  }
  std::string name = absolute_path(argument);
  protocol::UniqueFd file(::open(argument.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC));
  if (!file) {
    throw InputError(name, 0, "", std::string("cannot open file: ") + std::strerror(errno));
  }
  return regular_or_copied(std::move(file), std::move(name));
}

}  // namespace kioku::cli
