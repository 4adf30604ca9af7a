// A collection kiokud cannot write: it refuses to start with one line that names the file and
// the fix, rather than starting and failing at the first answer. Root ignores file modes, so
// the read-only cases as root use a read-only bind mount; the 0400 case runs kiokud as nobody.
#include <fcntl.h>
#include <ftw.h>
#include <linux/fs.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/e2e/faults/fault_helpers.hpp"
#include "tests/support/other_user.hpp"
#include "tests/support/scratch_mount.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;

namespace {

void make_read_only_collection(const TempHome& home) {
  make_stopped_collection(home, "ro", 20);
}

std::string read_only_message(const TempHome& home) {
  return "kiokud: cannot open the collection for writing: " + home.collection_path() +
         " is read-only for kiokud; make it and " + home.data_dir() +
         " writable (chmod u+w, chattr -i, or remount read-write)\n";
}

uid_t owner_for_chown = 0;
gid_t group_for_chown = 0;
int chown_entry(const char* path, const struct stat*, int, struct FTW*) {
  return ::lchown(path, owner_for_chown, group_for_chown);
}

}  // namespace

TEST_CASE("faults: kiokud refuses a collection file on a read-only mount", "[e2e][faults]") {
  if (const std::string reason = prepare_private_mounts(); !reason.empty()) KIOKU_SKIP(reason);
  TempHome home;
  make_read_only_collection(home);
  const std::string before = read_file(home.collection_path());
  {
    ScratchMount read_only = ScratchMount::read_only(home.collection_path());
    const CommandResult result = run_kiokud_until_exit(home, home.socket_path());
    INFO("stderr: " << result.err);
    CHECK(result.exit_code == 1);
    CHECK(result.err == read_only_message(home));
  }
  CHECK(read_file(home.collection_path()) == before);
  // Writable again, it starts and serves.
  RunningDaemon daemon(home, {"--no-bundled-decks"});
  LineClient client(home.socket_path());
  CHECK_FALSE(is_error(answer_next(client, "ro")));
}

TEST_CASE("faults: kiokud refuses a read-only data directory", "[e2e][faults]") {
  if (const std::string reason = prepare_private_mounts(); !reason.empty()) KIOKU_SKIP(reason);
  TempHome home;
  make_read_only_collection(home);
  ScratchMount read_only = ScratchMount::read_only(home.data_dir());
  const CommandResult result = run_kiokud_until_exit(home, home.socket_path());
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 1);
  CHECK(result.err == "kiokud: cannot open lock file " + home.data_dir() +
                          "/kiokud.lock: Read-only file system; kiokud needs to write in the "
                          "collection's directory\n");
}

TEST_CASE("faults: kiokud of an ordinary user refuses a collection of mode 0400", "[e2e][faults]") {
  const auto user = nobody_user();
  if (!user) KIOKU_SKIP("needs root and a user named nobody to run kiokud as an ordinary user");
  TempHome home;
  make_read_only_collection(home);
  owner_for_chown = user->uid;
  group_for_chown = user->gid;
  REQUIRE(::nftw(home.root().c_str(), chown_entry, 16, FTW_PHYS) == 0);
  REQUIRE(::chmod(home.collection_path().c_str(), 0400) == 0);
  const CommandResult result =
      run_kiokud_until_exit(home, home.socket_path(), as_user_prefix(*user));
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 1);
  CHECK(result.err == read_only_message(home));
}

namespace {

// Sets the immutable attribute (chattr +i) on a file for the scope. Root cannot write such a
// file either.
class Immutable {
 public:
  explicit Immutable(const std::string& path) : path_(path) { applied_ = set(true); }
  ~Immutable() {
    if (applied_) set(false);
  }
  Immutable(const Immutable&) = delete;
  Immutable& operator=(const Immutable&) = delete;
  bool applied() const noexcept { return applied_; }

 private:
  bool set(bool on) {
    const int file = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (file < 0) return false;
    int flags = 0;
    bool done = ::ioctl(file, FS_IOC_GETFLAGS, &flags) == 0;
    flags = on ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
    done = done && ::ioctl(file, FS_IOC_SETFLAGS, &flags) == 0;
    ::close(file);
    return done;
  }
  std::string path_;
  bool applied_ = false;
};

}  // namespace

TEST_CASE("faults: kiokud refuses an immutable collection file", "[e2e][faults]") {
  if (::geteuid() != 0) KIOKU_SKIP("setting the immutable attribute needs root");
  TempHome home;
  make_read_only_collection(home);
  Immutable immutable(home.collection_path());
  if (!immutable.applied()) KIOKU_SKIP("the file system of " << home.root() << " has no chattr +i");
  const CommandResult result = run_kiokud_until_exit(home, home.socket_path());
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 1);
  CHECK(result.err == read_only_message(home));
}
