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
#include "core/system_error_reason.hpp"
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

// What `pattern` (of words in `language`) says, with `error`'s reason in `language`.
BilingualMessage with_reason(const char* pattern, int error, const std::string& language) {
  return same_in_both(fill_in(pattern, {{"error", system_error_reason_in(error, language)}}));
}

// A regular file in memory holding what `stream` gives until its end.
protocol::UniqueFd copy_to_memory(int stream, const std::string& name, const ImportMessages& words,
                                  const std::string& language) {
  const std::string content = protocol::read_deck_bytes(stream, name);
  protocol::UniqueFd memory(::memfd_create("kioku-import", MFD_CLOEXEC));
  if (!memory) {
    const int error = errno;
    throw InputError(name, 0, "", with_reason(words.cannot_hold, error, language));
  }
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t count = ::write(memory.get(), content.data() + written, content.size() - written);
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) {
      const int error = errno;
      throw InputError(name, 0, "", with_reason(words.cannot_hold, error, language));
    }
    written += static_cast<std::size_t>(count);
  }
  ::lseek(memory.get(), 0, SEEK_SET);
  return memory;
}

ImportSource regular_or_copied(protocol::UniqueFd file, std::string name,
                               const ImportMessages& words, const std::string& language) {
  struct stat info {};
  if (::fstat(file.get(), &info) != 0) {
    const int error = errno;
    throw InputError(name, 0, "", with_reason(words.cannot_read, error, language));
  }
  if (S_ISDIR(info.st_mode)) throw InputError(name, 0, "", same_in_both(words.is_directory));
  if (S_ISREG(info.st_mode)) return {std::move(file), std::move(name)};
  protocol::UniqueFd copy = copy_to_memory(file.get(), name, words, language);
  return {std::move(copy), std::move(name)};
}

}  // namespace

ImportSource open_import_source(const std::string& argument, const std::string& language) {
  const ImportMessages& words = import_messages_for(language);
  if (argument.empty()) throw Error(ErrorCode::kInvalidParams, words.file_empty);
  if (argument == "-") {
    protocol::UniqueFd input(::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0));
    if (!input) {
      const int error = errno;
      throw InputError("<stdin>", 0, "", with_reason(words.cannot_read_input, error, language));
    }
    return regular_or_copied(std::move(input), "<stdin>", words, language);
  }
  std::string name = absolute_path(argument, words);
  protocol::UniqueFd file(::open(argument.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC));
  if (!file) {
    const int error = errno;
    throw InputError(name, 0, "", with_reason(words.cannot_open, error, language));
  }
  return regular_or_copied(std::move(file), std::move(name), words, language);
}

}  // namespace kioku::cli
