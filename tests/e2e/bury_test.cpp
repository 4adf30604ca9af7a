// Burying through the real binaries: review.bury over the socket, the burial kept in the SQLite
// file across restarts and ended by the day start; `kioku review` scripted with "-" and
// `kioku unbury`.
#include <signal.h>

#include "protocol/json_rpc.hpp"
#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// 02:00 UTC the next day: still the same scheduler day when days start at 04:00 in UTC.
constexpr std::int64_t kSameDayNight = kMorning + 16 * 3600;
constexpr std::int64_t kNextDay = kMorning + 24 * 3600;

std::int64_t new_due(const TempHome& home) {
  return call(home, "due.counts").at("new").as_int64();
}

}  // namespace

TEST_CASE("e2e: a card buried over the socket stays buried until the next day start",
          "[e2e][queue]") {
  TempHome home;
  std::int64_t buried = 0;
  {
    RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
    REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
    buried = call(home, "review.next").at("card").at("id").as_int64();
    const json::value reply = call(home, "review.bury", {{"card", buried}});
    CHECK(reply.at("card").as_int64() == buried);
    CHECK(reply.at("buried_until").as_string() == "2026-06-02T04:00:00Z");
    CHECK(call(home, "review.next").at("card").at("id").as_int64() != buried);
    CHECK(new_due(home) == 7);
    LineClient client(home.socket_path());
    const json::value refused = rpc(client, "review.bury", {{"card", "x"}});
    CHECK(error_code_of(refused) == kioku::protocol::code::kInvalidParams);
    CHECK(daemon.stop(SIGTERM) == 0);
  }
  {
    RunningDaemon daemon(home, {"--clock-start", clock_start(kSameDayNight)});
    CHECK(new_due(home) == 7);
    CHECK(daemon.stop(SIGTERM) == 0);
  }
  RunningDaemon daemon(home, {"--clock-start", clock_start(kNextDay)});
  CHECK(new_due(home) == 8);
  CHECK(call(home, "review.next").at("card").at("id").as_int64() == buried);
}

TEST_CASE("e2e: scripted review buries with - and kioku unbury brings the card back",
          "[e2e][queue]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  const auto session = run_kioku(home, {"review", "--no-shuffle"}, "-\n1\nq\n");
  INFO(session.out << session.err);
  CHECK(session.exit_code == 0);
  CHECK(session.out.find("Buried until tomorrow") != std::string::npos);
  CHECK(session.out.find("Session: 1 card reviewed") != std::string::npos);
  // One card buried, one in learning: six new cards left today.
  CHECK(field(parse_output(run_kioku(home, {"due", "--json"})), "new") == 6);

  const auto unburied = run_kioku(home, {"unbury"});
  CHECK(unburied.exit_code == 0);
  CHECK(unburied.out == "1 card unburied\n");
  CHECK(field(parse_output(run_kioku(home, {"due", "--json"})), "new") == 7);
}
