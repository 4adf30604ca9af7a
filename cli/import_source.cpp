// A regular file is passed as it is; any other stream is read here and passed as a memfd, so that
// kiokud, which serves every client on one thread, never waits on a pipe.
#include "cli/import_source.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ostream>

#include "cli/import_messages.hpp"
#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
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

// A regular file in memory holding `first` and then what `stream` gives until its end.
protocol::UniqueFd copy_to_memory(int stream, const std::string& name, const ImportMessages& words,
                                  const std::string& language, const std::string& first = "") {
  const std::string content = first + protocol::read_deck_bytes(stream, name);
  if (content.size() > protocol::kMaxDeckFileBytes) {
    throw InputError(name, 0, "", protocol::deck_file_too_large());
  }
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

// What a pipe opened with O_NONBLOCK holds already (its first bytes, or "" when a writer has it
// open with nothing written yet, or when it has ended), once something writes to it. A named
// pipe that no program has opened for writing is said so on `err`, and waited for in poll(2),
// where Ctrl-C ends kioku at once (its default action: nothing is made yet to put right). The
// open of a FIFO waited there before, silently.
std::string first_bytes_of_pipe(int pipe, const std::string& name, const ImportMessages& words,
                                const std::string& language, std::ostream& err) {
  bool told = false;
  char chunk[4096];
  for (;;) {
    const ssize_t received = ::read(pipe, chunk, sizeof chunk);
    if (received > 0) return std::string(chunk, static_cast<std::size_t>(received));
    if (received < 0 && errno == EINTR) continue;
    // A writer has it open: the rest is read as any pipe is, waiting for it.
    if (received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return "";
    if (received < 0) {
      const int error = errno;
      throw InputError(name, 0, "", with_reason(words.cannot_read, error, language));
    }
    // No writer. A pipe whose writers have gone has ended: poll says POLLHUP (an anonymous pipe,
    // `<(true)`; a named pipe whose writer came and went). A named pipe that no writer has
    // opened since kioku did says nothing until one writes or goes (Linux's pipe_poll).
    pollfd watched{pipe, POLLIN, 0};
    const int ready = ::poll(&watched, 1, told ? -1 : 0);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) {
      const int error = errno;
      throw InputError(name, 0, "", with_reason(words.cannot_read, error, language));
    }
    if (ready > 0) {
      if ((watched.revents & POLLIN) != 0) continue;  // written to meanwhile: read it
      return "";
    }
    err << "kioku: " << safe_line(name) << ": " << words.waiting_for_writer << '\n';
    err.flush();
    told = true;
  }
}

ImportSource regular_or_copied(protocol::UniqueFd file, std::string name,
                               const ImportMessages& words, const std::string& language,
                               std::ostream* waiting_note = nullptr) {
  struct stat info {};
  if (::fstat(file.get(), &info) != 0) {
    const int error = errno;
    throw InputError(name, 0, "", with_reason(words.cannot_read, error, language));
  }
  if (S_ISDIR(info.st_mode)) throw InputError(name, 0, "", same_in_both(words.is_directory));
  std::string first;
  if (waiting_note != nullptr) {
    // Opened with O_NONBLOCK (open_import_source): a pipe is waited for here, saying so, and
    // every file is read blocking from here on.
    if (S_ISFIFO(info.st_mode)) {
      first = first_bytes_of_pipe(file.get(), name, words, language, *waiting_note);
    }
    const int flags = ::fcntl(file.get(), F_GETFL);
    if (flags < 0 || ::fcntl(file.get(), F_SETFL, flags & ~O_NONBLOCK) != 0) {
      const int error = errno;
      throw InputError(name, 0, "", with_reason(words.cannot_read, error, language));
    }
  }
  if (S_ISREG(info.st_mode)) return {std::move(file), std::move(name)};
  protocol::UniqueFd copy = copy_to_memory(file.get(), name, words, language, first);
  return {std::move(copy), std::move(name)};
}

}  // namespace

ImportSource open_import_source(const std::string& argument, const std::string& language,
                                std::ostream& err) {
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
  // Not blocking: the open of a named pipe would wait for a writer without a word.
  protocol::UniqueFd file(::open(argument.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK));
  if (!file) {
    const int error = errno;
    throw InputError(name, 0, "", with_reason(words.cannot_open, error, language));
  }
  return regular_or_copied(std::move(file), std::move(name), words, language, &err);
}

}  // namespace kioku::cli
