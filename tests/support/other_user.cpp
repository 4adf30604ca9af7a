// fork, drop privileges in the child, hand the result back over a pipe.
#include "tests/support/other_user.hpp"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>

namespace kioku::test {

std::optional<OtherUser> nobody_user() {
  if (::geteuid() != 0) return std::nullopt;
  const passwd* entry = ::getpwnam("nobody");
  if (entry == nullptr || entry->pw_uid == 0) return std::nullopt;
  return OtherUser{"nobody", entry->pw_uid, entry->pw_gid};
}

std::vector<std::string> as_user_prefix(const OtherUser& user) {
  return {"/usr/bin/setpriv", "--reuid=" + user.name, "--regid=" + std::to_string(user.gid),
          "--clear-groups"};
}

std::string run_as(const OtherUser& user, const std::function<std::string()>& action) {
  int result_pipe[2];
  if (::pipe2(result_pipe, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  const pid_t child = ::fork();
  if (child < 0) throw std::runtime_error("fork failed");
  if (child == 0) {
    ::close(result_pipe[0]);
    if (::setgroups(0, nullptr) != 0 || ::setresgid(user.gid, user.gid, user.gid) != 0 ||
        ::setresuid(user.uid, user.uid, user.uid) != 0) {
      ::_exit(2);
    }
    std::string result;
    try {
      result = action();
    } catch (const std::exception& error) {
      result = std::string("exception: ") + error.what();
    }
    std::size_t written = 0;
    while (written < result.size()) {
      const ssize_t sent =
          ::write(result_pipe[1], result.data() + written, result.size() - written);
      if (sent <= 0) ::_exit(3);
      written += static_cast<std::size_t>(sent);
    }
    ::_exit(0);
  }
  ::close(result_pipe[1]);
  std::string result;
  char chunk[4096];
  ssize_t received = 0;
  while ((received = ::read(result_pipe[0], chunk, sizeof chunk)) > 0) {
    result.append(chunk, static_cast<std::size_t>(received));
  }
  ::close(result_pipe[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("the child running as " + user.name + " failed (status " +
                             std::to_string(status) + ")");
  }
  return result;
}

}  // namespace kioku::test
