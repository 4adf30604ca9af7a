// RunningDaemon: DaemonProcess plus the checks every end-to-end test made by hand.
#include "tests/support/running_daemon.hpp"

#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <exception>

#include "tests/support/json_rpc_calls.hpp"
#include "tests/support/line_client.hpp"

namespace kioku::test {

RunningDaemon::RunningDaemon(std::vector<std::string> arguments,
                             const std::map<std::string, std::string>& environment_changes)
    : own_home_(std::make_unique<TempHome>()),
      home_(own_home_.get()),
      process_(*home_, std::move(arguments), environment_changes) {
  INFO("kiokud exited with " << process_.exit_code() << "; its log:\n" << process_.log());
  REQUIRE(process_.started());
}

RunningDaemon::RunningDaemon(const TempHome& home, std::vector<std::string> arguments,
                             const std::map<std::string, std::string>& environment_changes)
    : home_(&home), process_(home, std::move(arguments), environment_changes) {
  INFO("kiokud exited with " << process_.exit_code() << "; its log:\n" << process_.log());
  REQUIRE(process_.started());
}

RunningDaemon::~RunningDaemon() {
  if (process_.exit_code() >= 0) return;
  if (std::uncaught_exceptions() > 0) {
    process_.stop(SIGKILL);
    return;
  }
  stop_cleanly();
}

CommandResult RunningDaemon::kioku(std::vector<std::string> arguments,
                                   const std::string& input) const {
  return run_kioku(*home_, std::move(arguments), input);
}

boost::json::value RunningDaemon::rpc(std::string_view method, boost::json::object params) const {
  LineClient client(socket_path());
  REQUIRE(client.connected());
  return kioku::test::rpc(client, method, std::move(params));
}

boost::json::value RunningDaemon::call(std::string_view method, boost::json::object params) const {
  return call_on(socket_path(), method, std::move(params));
}

int RunningDaemon::stop(int signal_number) {
  return process_.stop(signal_number);
}

int RunningDaemon::wait() {
  return process_.wait();
}

void RunningDaemon::stop_cleanly() {
  if (process_.exit_code() < 0) {
    // A daemon a test left stopped (SIGSTOP) acts on SIGTERM only once continued. SIGCONT goes
    // first, as `kioku daemon stop` sends it: arriving after the SIGTERM, while an ASan kiokud
    // exits, it discarded the SIGSTOP of LeakSanitizer's ptrace attach, whose tracer then
    // waited for the stop for good (the round-trip test's 600 s timeout in CI at ae1ae18).
    ::kill(process_.pid(), SIGCONT);
    ::kill(process_.pid(), SIGTERM);
  }
  // A stop takes milliseconds; a kiokud that has not ended after two minutes never will, and the
  // test says where its threads wait rather than run into ctest's timeout with nothing said.
  if (!process_.exits_within(std::chrono::seconds(120))) {
    const std::string threads = thread_states(process_.pid());
    process_.stop(SIGKILL);
    FAIL("kiokud (pid " << process_.pid() << ") had not exited 120 s after SIGTERM; its threads:\n"
                        << threads << "its log:\n"
                        << process_.log());
  }
  const int exit_code = process_.wait();
  const std::string log = process_.log();
  INFO("kiokud's log:\n" << log);
  CHECK(exit_code == 0);
  CHECK(log.find("kiokud: stopped") != std::string::npos);
}

}  // namespace kioku::test
