// 1,000 clients at once against kiokud's client limit: the ones past it get a clear error line,
// the daemon keeps serving the others, and frees places as clients leave. Also the open-file
// limit kiokud needs for its clients.
#include <sys/resource.h>

#include <signal.h>
#include <memory>
#include <vector>

#include "tests/e2e/faults/fault_helpers.hpp"

using namespace kioku::test;
namespace json = boost::json;
namespace protocol = kioku::protocol;
namespace code = kioku::protocol::code;

namespace {

constexpr int kConnections = 1000;
constexpr int kDefaultMaxClients = 256;  // daemon/server/daemon.hpp, docs/decisions.md

// Sets this process's soft open-file limit for the scope, restoring it afterwards.
class SoftFileLimit {
 public:
  explicit SoftFileLimit(rlim_t soft) {
    ::getrlimit(RLIMIT_NOFILE, &saved_);
    rlimit changed = saved_;
    changed.rlim_cur = std::min(soft, saved_.rlim_max);
    ::setrlimit(RLIMIT_NOFILE, &changed);
  }
  ~SoftFileLimit() { ::setrlimit(RLIMIT_NOFILE, &saved_); }
  SoftFileLimit(const SoftFileLimit&) = delete;
  SoftFileLimit& operator=(const SoftFileLimit&) = delete;

 private:
  rlimit saved_{};
};

rlim_t hard_file_limit() {
  rlimit limit{};
  ::getrlimit(RLIMIT_NOFILE, &limit);
  return limit.rlim_max;
}

}  // namespace

TEST_CASE("faults: 1000 clients at once get served up to the limit and a clear error past it",
          "[e2e][faults]") {
  if (hard_file_limit() < static_cast<rlim_t>(kConnections + 100)) {
    KIOKU_SKIP("the hard open-file limit " << hard_file_limit() << " is below "
                                           << kConnections + 100);
  }
  TempHome home;
  std::unique_ptr<RunningDaemon> daemon;
  {
    // kiokud starts with a soft limit too low for its clients and must raise it itself.
    SoftFileLimit low(64);
    daemon = std::make_unique<RunningDaemon>(home, std::vector<std::string>{"--no-bundled-decks"});
  }
  INFO("kiokud log:\n" << daemon->log());
  CHECK(daemon->log().find("raised the open-file limit from 64 to") != std::string::npos);

  SoftFileLimit enough(kConnections + 100);
  std::vector<std::unique_ptr<LineClient>> clients;
  for (int index = 0; index < kConnections; ++index) {
    clients.push_back(std::make_unique<LineClient>(home.socket_path()));
    REQUIRE(clients.back()->connected());
  }
  int served = 0;
  int refused = 0;
  for (int index = 0; index < kConnections; ++index) {
    const json::value reply = first_reply(*clients[static_cast<std::size_t>(index)]);
    INFO("client " << index << " got " << json::serialize(reply));
    REQUIRE(reply.is_object());
    if (!is_error(reply)) {
      // Clients are accepted in the order they connected.
      CHECK(index < kDefaultMaxClients);
      ++served;
      continue;
    }
    CHECK(index >= kDefaultMaxClients);
    CHECK(error_code_of(reply) == code::kUnavailable);
    CHECK(error_message_of(reply) ==
          "kiokud is serving its limit of 256 clients; close some and try again (kiokud "
          "--max-clients raises the limit)");
    CHECK(clients[static_cast<std::size_t>(index)]->closed_by_peer());
    ++refused;
  }
  CHECK(served == kDefaultMaxClients);
  CHECK(refused == kConnections - kDefaultMaxClients);

  // Everyone within the limit is still served on the same connection.
  for (int index = 0; index < kDefaultMaxClients; ++index) {
    const json::value reply =
        rpc(*clients[static_cast<std::size_t>(index)], protocol::kDueCounts.name, {});
    INFO("client " << index);
    CHECK_FALSE(is_error(reply));
  }

  // Ten leave; once the daemon has seen them go (a round trip on a remaining client comes
  // after their hang-ups), ten newcomers are served and the eleventh is refused.
  for (int index = 0; index < 10; ++index) clients[static_cast<std::size_t>(index)]->close();
  result_of(rpc(*clients[100], protocol::kHello.name));
  std::vector<std::unique_ptr<LineClient>> newcomers;
  for (int index = 0; index < 10; ++index) {
    newcomers.push_back(std::make_unique<LineClient>(home.socket_path()));
    const json::value reply = first_reply(*newcomers.back());
    INFO("newcomer " << index << " got " << json::serialize(reply));
    CHECK((reply.is_object() && !is_error(reply)));
  }
  LineClient one_too_many(home.socket_path());
  const json::value reply = first_reply(one_too_many);
  REQUIRE(is_error(reply));
  CHECK(error_code_of(reply) == code::kUnavailable);

  clients.clear();
  newcomers.clear();
  CHECK(daemon->stop(SIGTERM) == 0);
}

TEST_CASE("faults: the kioku CLI past the client limit prints the daemon's reason",
          "[e2e][faults]") {
  RunningDaemon daemon({"--no-bundled-decks", "--max-clients", "2"});
  const TempHome& home = daemon.home();
  LineClient first(home.socket_path());
  LineClient second(home.socket_path());
  result_of(rpc(first, protocol::kHello.name));
  result_of(rpc(second, protocol::kHello.name));
  const CommandResult result = run_kioku(home, {"decks"});
  INFO("stderr: " << result.err);
  CHECK(result.exit_code != 0);
  CHECK(result.err ==
        "kioku: kiokud is serving its limit of 2 clients; close some and try again (kiokud "
        "--max-clients raises the limit)\n");
}

TEST_CASE("faults: kiokud refuses to start when the hard open-file limit cannot cover its clients",
          "[e2e][faults]") {
  TempHome home;
  const CommandResult result =
      run_command({"/usr/bin/prlimit", "--nofile=64:128", kiokud_path(), "--socket",
                   home.socket_path(), "--no-bundled-decks", "--max-clients", "256"},
                  home.environment());
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 1);
  CHECK(result.err ==
        "kiokud: --max-clients 256 needs 320 open files but the hard limit is 128; lower "
        "--max-clients or raise the limit (ulimit -Hn, LimitNOFILE=)\n");
}

TEST_CASE("faults: kiokud out of file descriptors tells waiting clients why and keeps serving",
          "[e2e][faults]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  // Something (an administrator, a container runtime) lowers the running daemon's limit below
  // what its clients need.
  const CommandResult lowered =
      run_command({"/usr/bin/prlimit", "--pid", std::to_string(daemon.pid()), "--nofile=32:32"},
                  home.environment());
  REQUIRE(lowered.exit_code == 0);

  std::vector<std::unique_ptr<LineClient>> clients;
  int served = 0;
  int out_of_descriptors = 0;
  for (int index = 0; index < 48; ++index) {
    clients.push_back(std::make_unique<LineClient>(home.socket_path()));
    REQUIRE(clients.back()->connected());
    const json::value reply = first_reply(*clients.back());
    INFO("client " << index << " got " << json::serialize(reply));
    // Nobody is left hanging: each gets an answer or a reason.
    REQUIRE(reply.is_object());
    if (!is_error(reply)) {
      ++served;
      continue;
    }
    CHECK(error_code_of(reply) == code::kUnavailable);
    CHECK(error_message_of(reply) ==
          "kiokud has run out of file descriptors; close other kioku clients and try again");
    ++out_of_descriptors;
  }
  CHECK(served > 0);
  CHECK(out_of_descriptors > 0);

  // Once clients leave (and the daemon has seen them go: a round trip on the first, served
  // client comes after their hang-ups), newcomers are served again.
  clients.resize(1);
  result_of(rpc(*clients.front(), protocol::kHello.name));
  LineClient newcomer(home.socket_path());
  CHECK_FALSE(is_error(first_reply(newcomer)));
  CHECK(daemon.stop(SIGTERM) == 0);
}
