// Shared pieces of the fault tests: importing and answering cards, and reading what the daemon
// said about a fault.
#pragma once

#include <signal.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "protocol/json_rpc.hpp"
#include "protocol/methods.hpp"
#include "tests/e2e/collection_tampering.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/skip.hpp"

namespace kioku::test {

// Stops a process for the scope (SIGSTOP), and lets it go on afterwards (SIGCONT) unless it has
// been reaped meanwhile.
class StoppedProcess {
 public:
  explicit StoppedProcess(pid_t pid) : pid_(pid) { REQUIRE(::kill(pid_, SIGSTOP) == 0); }
  ~StoppedProcess() {
    if (pid_ > 0) ::kill(pid_, SIGCONT);
  }
  StoppedProcess(const StoppedProcess&) = delete;
  StoppedProcess& operator=(const StoppedProcess&) = delete;
  void forget() noexcept { pid_ = -1; }

 private:
  pid_t pid_;
};

// Imports a generated deck of `cards` cards named `slug` and lets all of them be new today (the
// review limit caps new cards too, so both limits are raised).
inline void import_open_deck(const TempHome& home, LineClient& client, const std::string& slug,
                             int cards) {
  const std::string path = home.write_file(slug + ".toml", generated_deck(slug, cards));
  CHECK(field(result_of(rpc(client, protocol::kDeckImport.name, {{"path", path}})), "added") ==
        cards);
  result_of(rpc(client, protocol::kDeckConfig.name,
                {{"deck", slug}, {"set", {{"new_per_day", "9999"}, {"reviews_per_day", "9999"}}}}));
}

// Asks for the next card of `deck` and answers it right; returns the review.answer response
// (or the review.next one when that failed).
inline boost::json::value answer_next(LineClient& client, const std::string& deck) {
  const boost::json::value next = rpc(client, protocol::kReviewNext.name, {{"deck", deck}});
  if (!next.is_object() || is_error(next)) return next;
  const boost::json::value& card = next.at("result").at("card");
  REQUIRE(card.is_object());
  // review.next does not say which choice is right; review.check does, recording nothing.
  const boost::json::value check =
      rpc(client, protocol::kReviewCheck.name, {{"card", card.at("id")}, {"choice", 1}});
  if (!check.is_object() || is_error(check)) return check;
  return rpc(client, protocol::kReviewAnswer.name,
             {{"card", card.at("id")},
              {"choice", check.at("result").at("answer")},
              {"duration_ms", 1000}});
}

// The first line a client gets after sending a hello, whether it was served or refused; nullopt
// when none came. A refused client may find its send already failing; the refusal is still
// there to read.
inline std::optional<std::string> first_reply_line(LineClient& client) {
  client.send(request_line(1, protocol::kHello.name, {}) + "\n");
  return client.read_line();
}

// That line parsed; null when none came or it is not JSON.
inline boost::json::value first_reply(LineClient& client) {
  const auto line = first_reply_line(client);
  if (!line) return nullptr;
  boost::json::error_code error;
  boost::json::value value = boost::json::parse(*line, error);
  return error ? boost::json::value(nullptr) : value;
}

// A collection holding one open deck of `cards` cards named `slug`, `answers` of them answered,
// kiokud stopped (so the WAL is checkpointed away): a file to damage or lock up.
inline void make_stopped_collection(const TempHome& home, const std::string& slug, int cards,
                                    int answers = 0) {
  RunningDaemon daemon(home, {"--no-bundled-decks"});
  LineClient client(home.socket_path());
  import_open_deck(home, client, slug, cards);
  for (int answer = 0; answer < answers; ++answer)
    REQUIRE_FALSE(is_error(answer_next(client, slug)));
  REQUIRE(daemon.stop(SIGTERM) == 0);
  // Every page in the database file itself, the WAL emptied: a test that overwrites the file's
  // pages must not find newer copies of them in the WAL, which SQLite would read instead (a
  // WAL is left behind when the automatic backup's connection was still reading at the stop).
  execute_sql(home.collection_path(), "PRAGMA wal_checkpoint(TRUNCATE)");
}

// Runs kiokud on the home's collection and `socket_path` until it exits, for the cases where it
// must refuse to start; `prefix` runs it through another program (setpriv).
inline CommandResult run_kiokud_until_exit(const TempHome& home, const std::string& socket_path,
                                           std::vector<std::string> prefix = {}) {
  prefix.insert(prefix.end(), {kiokud_path(), "--socket", socket_path, "--no-bundled-decks"});
  return run_command(prefix, home.environment());
}

}  // namespace kioku::test
