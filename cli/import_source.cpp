// A regular file is passed as it is; any other stream is read here and passed as a memfd, so that
// kiokud, which serves every client on one thread, never waits on a pipe.
#include "cli/import_source.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "cli/import_messages.hpp"
#include "cli/messages.hpp"
#include "core/error.hpp"
#include "protocol/deck_file.hpp"

namespace kioku::cli {

namespace {

std::string absolute_path(const std::string& path, const ImportMessages& words) {
  if (path.front() == '/') return path;
  char directory[4096];
  if (::getcwd(directory, sizeof directory) == nullptr) {
    throw Error(ErrorCode::kInvalidInput, path + ": " + words.no_current_directory);
  }
  return std::string(directory) + "/" + path;
}

// A regular file in memory holding what `stream` gives until its end.
protocol::UniqueFd copy_to_memory(int stream, const std::string& name,
                                  const ImportMessages& words) {
  const std::string content = protocol::read_deck_bytes(stream, name);
  protocol::UniqueFd memory(::memfd_create("kioku-import", MFD_CLOEXEC));
  if (!memory) {
    throw InputError(name, 0, "",
                     same_in_both(fill_in(words.cannot_hold, {{"error", std::strerror(errno)}})));
  }
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t count = ::write(memory.get(), content.data() + written, content.size() - written);
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) {
      throw InputError(name, 0, "",
                       same_in_both(fill_in(words.cannot_hold, {{"error", std::strerror(errno)}})));
    }
    written += static_cast<std::size_t>(count);
  }
  ::lseek(memory.get(), 0, SEEK_SET);
  return memory;
}

ImportSource regular_or_copied(protocol::UniqueFd file, std::string name,
                               const ImportMessages& words) {
  struct stat info {};
  if (::fstat(file.get(), &info) != 0) {
    throw InputError(name, 0, "",
                     same_in_both(fill_in(words.cannot_read, {{"error", std::strerror(errno)}})));
  }
  if (S_ISDIR(info.st_mode)) throw InputError(name, 0, "", same_in_both(words.is_directory));
  if (S_ISREG(info.st_mode)) return {std::move(file), std::move(name)};
  protocol::UniqueFd copy = copy_to_memory(file.get(), name, words);
  return {std::move(copy), std::move(name)};
}

}  // namespace

ImportSource open_import_source(const std::string& argument, const std::string& language) {
  const ImportMessages& words = import_messages_for(language);
  if (argument.empty()) throw Error(ErrorCode::kInvalidParams, words.file_empty);
  if (argument == "-") {
    protocol::UniqueFd input(::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0));
    if (!input) {
      throw InputError(
          "<stdin>", 0, "",
          same_in_both(fill_in(words.cannot_read_input, {{"error", std::strerror(errno)}})));
    }
    return regular_or_copied(std::move(input), "<stdin>", words);
  }
  std::string name = absolute_path(argument, words);
  protocol::UniqueFd file(::open(argument.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC));
  if (!file) {
    throw InputError(name, 0, "",
                     same_in_both(fill_in(words.cannot_open, {{"error", std::strerror(errno)}})));
  }
  return regular_or_copied(std::move(file), std::move(name), words);
}

}  // namespace kioku::cli
