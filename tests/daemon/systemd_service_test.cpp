// kiokud's side of systemd's protocols, in this process: the variables sd_listen_fds(3) reads
// and the abstract-namespace address sd_notify(3) allows (the e2e tests cover a path's).
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdlib>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "daemon/server/systemd_service.hpp"

using namespace kioku;

namespace {

// Sets `name` for the test, and puts back what it was.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedVariable() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace

TEST_CASE("systemd service: descriptors passed to another process are not taken",
          "[daemon][systemd]") {
  const std::string parent = std::to_string(::getppid());
  ScopedVariable pid("LISTEN_PID", parent.c_str());
  ScopedVariable count("LISTEN_FDS", "1");
  ScopedVariable names("LISTEN_FDNAMES", "kiokud");
  CHECK_FALSE(daemon::socket_from_systemd());
  // Read once and unset, whatever the outcome: nothing kiokud starts takes them.
  CHECK(std::getenv("LISTEN_PID") == nullptr);
  CHECK(std::getenv("LISTEN_FDS") == nullptr);
  CHECK(std::getenv("LISTEN_FDNAMES") == nullptr);
  // Nor judged: what another process was passed is its business.
  ScopedVariable other_pid("LISTEN_PID", parent.c_str());
  ScopedVariable broken_count("LISTEN_FDS", "many");
  CHECK_FALSE(daemon::socket_from_systemd());
}

TEST_CASE("systemd service: no LISTEN_PID is no activation and a broken one an error",
          "[daemon][systemd]") {
  {
    ScopedVariable pid("LISTEN_PID", nullptr);
    ScopedVariable count("LISTEN_FDS", "1");
    CHECK_FALSE(daemon::socket_from_systemd());
  }
  for (const char* broken : {"", "12x", "-4", "0"}) {
    INFO(broken);
    ScopedVariable pid("LISTEN_PID", broken);
    ScopedVariable count("LISTEN_FDS", "1");
    CHECK_THROWS_AS(daemon::socket_from_systemd(), Error);
  }
  const std::string own = std::to_string(::getpid());
  ScopedVariable pid("LISTEN_PID", own.c_str());
  ScopedVariable count("LISTEN_FDS", "many");
  CHECK_THROWS_AS(daemon::socket_from_systemd(), Error);
}

TEST_CASE("systemd service: READY and STOPPING reach an abstract NOTIFY_SOCKET",
          "[daemon][systemd]") {
  const std::string name = "kioku-notify-test-" + std::to_string(::getpid());
  const int listener = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  REQUIRE(listener >= 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  name.copy(address.sun_path + 1, name.size());  // sun_path[0] stays '\0': abstract
  REQUIRE(::bind(listener, reinterpret_cast<const sockaddr*>(&address),
                 static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size())) == 0);
  const std::string variable = "@" + name;
  ScopedVariable notify("NOTIFY_SOCKET", variable.c_str());
  const auto received = [&] {
    char buffer[256];
    const ssize_t got = ::recv(listener, buffer, sizeof buffer, MSG_DONTWAIT);
    return got < 0 ? std::string("(nothing)") : std::string(buffer, static_cast<std::size_t>(got));
  };
  daemon::notify_ready("serving 3 decks");
  CHECK(received() == "READY=1\nSTATUS=serving 3 decks");
  daemon::notify_stopping();
  CHECK(received() == "STOPPING=1\nSTATUS=stopping");
  // Kept for STOPPING=1, which comes long after READY=1.
  CHECK(std::getenv("NOTIFY_SOCKET") != nullptr);
  ::close(listener);
}
