#include "cli/editor.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cli/messages.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"

extern char** environ;

namespace kioku::cli {

namespace {

// SIGINT and SIGQUIT ignored while the editor runs (as system() does): Ctrl-C in the editor is
// the editor's, and must not end kioku, which would leave the editor behind.
class IgnoredInterrupts {
 public:
  IgnoredInterrupts() {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    ::sigaction(SIGINT, &ignore, &interrupt_);
    ::sigaction(SIGQUIT, &ignore, &quit_);
  }
  ~IgnoredInterrupts() {
    ::sigaction(SIGINT, &interrupt_, nullptr);
    ::sigaction(SIGQUIT, &quit_, nullptr);
  }
  IgnoredInterrupts(const IgnoredInterrupts&) = delete;
  IgnoredInterrupts& operator=(const IgnoredInterrupts&) = delete;

 private:
  struct sigaction interrupt_ {};
  struct sigaction quit_ {};
};

}  // namespace

std::string editor_command() {
  for (const char* name : {"EDITOR", "VISUAL"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') return value;
  }
  return "vi";
}

PrivateFile::PrivateFile(const std::string& name, const NoteFileMessages& words,
                         const std::string& language)
    : words_(words), language_(language) {
  const char* temporary = std::getenv("TMPDIR");
  std::string pattern =
      std::string(temporary != nullptr && *temporary == '/' ? temporary : "/tmp") +
      "/kioku-note-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    const int error = errno;
    throw Error(
        ErrorCode::kInternal,
        fill_in(words.cannot_write_file, {{"error", system_error_reason_in(error, language)}}));
  }
  directory_ = pattern;
  path_ = directory_ + "/" + name;
  const int descriptor =
      ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (descriptor < 0) {
    const int error = errno;
    ::rmdir(directory_.c_str());
    throw Error(
        ErrorCode::kInternal,
        fill_in(words.cannot_write_file, {{"error", system_error_reason_in(error, language)}}));
  }
  ::close(descriptor);
}

PrivateFile::~PrivateFile() {
  // The editor may have left a backup or swap file beside it.
  ::unlink(path_.c_str());
  for (const char* left : {"~", ".swp", ".bak"}) ::unlink((path_ + left).c_str());
  ::rmdir(directory_.c_str());
}

void PrivateFile::write(const std::string& content) const {
  // Truncated in place rather than replaced, so that an editor still holding it sees the text.
  const int descriptor = ::open(path_.c_str(), O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
  if (descriptor < 0) {
    const int error = errno;
    throw Error(
        ErrorCode::kInternal,
        fill_in(words_.cannot_write_file, {{"error", system_error_reason_in(error, language_)}}));
  }
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t count = ::write(descriptor, content.data() + written, content.size() - written);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) {
      const int error = errno;
      ::close(descriptor);
      throw Error(
          ErrorCode::kInternal,
          fill_in(words_.cannot_write_file, {{"error", system_error_reason_in(error, language_)}}));
    }
    written += static_cast<std::size_t>(count);
  }
  ::close(descriptor);
}

std::string PrivateFile::read() const {
  // An editor that saves by renaming a new file over the old one leaves a new file here, which
  // is fine; a symbolic link put in its place is not followed.
  const int descriptor = ::open(path_.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (descriptor < 0) {
    const int error = errno;
    throw Error(
        ErrorCode::kInternal,
        fill_in(words_.cannot_read_file, {{"error", system_error_reason_in(error, language_)}}));
  }
  std::string content;
  char buffer[65536];
  for (;;) {
    const ssize_t count = ::read(descriptor, buffer, sizeof buffer);
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) {
      const int error = errno;
      ::close(descriptor);
      throw Error(
          ErrorCode::kInternal,
          fill_in(words_.cannot_read_file, {{"error", system_error_reason_in(error, language_)}}));
    }
    if (count == 0) break;
    content.append(buffer, static_cast<std::size_t>(count));
    if (content.size() > kMaxNoteFileBytes) {
      ::close(descriptor);
      throw Error(ErrorCode::kInvalidInput,
                  fill_in(words_.file_too_large, {{"limit", std::to_string(kMaxNoteFileBytes)}}));
    }
  }
  ::close(descriptor);
  return content;
}

void run_editor(const std::string& command, const std::string& path, const NoteFileMessages& words,
                const std::string& language) {
  // sh -c 'COMMAND "$@"' COMMAND PATH: the command may hold arguments; the path is one word.
  const std::string script = command + " \"$@\"";
  std::vector<char*> argv{const_cast<char*>("sh"),           const_cast<char*>("-c"),
                          const_cast<char*>(script.c_str()), const_cast<char*>(command.c_str()),
                          const_cast<char*>(path.c_str()),   nullptr};
  const IgnoredInterrupts ignored;
  // The editor gets the default dispositions back, so that Ctrl-C works in it as it should.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGQUIT);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  pid_t child = 0;
  const int spawned = ::posix_spawn(&child, "/bin/sh", nullptr, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  if (spawned != 0) {
    throw Error(
        ErrorCode::kInternal,
        fill_in(words.editor_not_started,
                {{"editor", command}, {"error", system_error_reason_in(spawned, language)}}));
  }
  int status = 0;
  while (::waitpid(child, &status, 0) < 0) {
    if (const int error = errno; error != EINTR) {
      throw Error(
          ErrorCode::kInternal,
          fill_in(words.editor_not_started,
                  {{"editor", command}, {"error", system_error_reason_in(error, language)}}));
    }
  }
  if (WIFSIGNALED(status)) {
    throw Error(ErrorCode::kInternal,
                fill_in(words.editor_killed,
                        {{"editor", command}, {"signal", std::to_string(WTERMSIG(status))}}));
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    // 127: sh found no such command.
    throw Error(ErrorCode::kInternal,
                fill_in(words.editor_failed,
                        {{"editor", command}, {"status", std::to_string(WEXITSTATUS(status))}}));
  }
}

bool editor_at_terminal() {
  return ::isatty(STDIN_FILENO) == 1;
}

std::string edit_in_editor(const PrivateFile& file, const std::string& text,
                           const NoteFileMessages& words, const std::string& language) {
  file.write(text);
  run_editor(editor_command(), file.path(), words, language);
  return file.read();
}

}  // namespace kioku::cli
