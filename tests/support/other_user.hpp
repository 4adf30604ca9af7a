// Running a piece of a test as another user (nobody), to check what a stranger's process
// can do to a user's daemon. Needs root.
#pragma once

#include <sys/types.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kioku::test {

struct OtherUser {
  std::string name;
  uid_t uid = 0;
  gid_t gid = 0;
};

// `nobody` when this process runs as root and the user exists; nullopt otherwise.
std::optional<OtherUser> nobody_user();

// The command prefix that runs a program as `user` (setpriv, no supplementary groups).
std::vector<std::string> as_user_prefix(const OtherUser& user);

// Runs `action` in a forked child that has dropped to `user` (no supplementary groups) and
// returns what it returned. Throws std::runtime_error when the child cannot switch or fails.
std::string run_as(const OtherUser& user, const std::function<std::string()>& action);

}  // namespace kioku::test
