// `kioku due --watch` and `--count` through the real binaries: the watcher's stdout is read line
// by line as kiokud pushes changes; kiokud runs on a clock read from a file (--clock-file) that
// the test moves, then makes any request, which is when kiokud looks at its alarm again. So an
// answer, a learning card falling due and a new day are each seen as exactly one line, without
// waiting; a line that should not come is proved absent by the next line being the next change.
#include <cstdio>
#include <sstream>

#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/e2e/note_card.hpp"
#include "tests/support/deck_texts.hpp"
#include "tests/support/piped_process.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// 2026-06-02T04:00:00Z: the day after kMorning starts (tests run in UTC, days start at 04:00).
constexpr std::int64_t kNextDayStartMs = (kMorning + 18 * 3600) * 1000;

// The watcher's line number `count` (from 1), once it has come; fails unless exactly `count`
// lines have come, so a line too many is caught too.
std::string line_number(PipedProcess& watcher, int count) {
  INFO("stdout so far: " << watcher.out() << "\nstderr: " << watcher.err());
  REQUIRE(watcher.wait_for_output("\n", count));
  std::vector<std::string> lines;
  std::istringstream out(watcher.out());
  for (std::string line; std::getline(out, line);) lines.push_back(line);
  REQUIRE(lines.size() == static_cast<std::size_t>(count));
  return lines.back();
}

// `kioku due --count`: both a request that makes kiokud look at its clock and a check.
void expect_count(const TempHome& home, const std::string& total) {
  const CommandResult counted = run_kioku(home, {"due", "--count"});
  INFO(counted.err);
  CHECK(counted.exit_code == 0);
  CHECK(counted.out == total + "\n");
}

}  // namespace

TEST_CASE("e2e: kioku due --watch prints one line per change: answers, a learning card, a new day",
          "[e2e][due_watch]") {
  TempHome home;
  set_clock(home, kMorning * 1000);
  RunningDaemon daemon(home, clocked_daemon_arguments(home));
  const std::string deck = home.write_file("watch.toml", basic_notes_deck("watch", "Watch", 3));
  REQUIRE(run_kioku(home, {"import", deck}).exit_code == 0);
  const std::int64_t one = card_id(home, "one");
  const std::int64_t two = card_id(home, "two");
  const std::int64_t three = card_id(home, "three");

  PipedProcess watcher(
      kioku_argv(home, {"due", "--watch", "--format", "{total}: {new}/{learning}/{review}"}),
      kioku_environment(home));
  // The first line is the counts now.
  CHECK(line_number(watcher, 1) == "3: 3/0/0");

  // An answer: one line.
  const json::value answered = daemon.call("review.answer", {{"card", one}, {"rating", "good"}});
  const std::int64_t one_due_ms = answered.at("state").at("due_ms").as_int64();
  REQUIRE(one_due_ms > kMorning * 1000);
  CHECK(line_number(watcher, 2) == "2: 2/0/0");

  // Requests that change no count, a read and a write, print nothing: the next line is the
  // next answer's.
  expect_count(home, "2");
  CHECK(daemon.call("review.unbury").at("unburied") == 0);
  daemon.call("review.answer", {{"card", two}, {"rating", "easy"}});
  CHECK(line_number(watcher, 3) == "1: 1/0/0");

  // The learning card falls due on the daemon's clock: a second early, nothing; then one line.
  set_clock(home, one_due_ms - 1000);
  expect_count(home, "1");
  set_clock(home, one_due_ms);
  expect_count(home, "2");
  CHECK(line_number(watcher, 4) == "2: 1/1/0");

  // Buried until tomorrow: one line; the new day brings it back, and not a second before.
  daemon.call("review.bury", {{"card", three}});
  CHECK(line_number(watcher, 5) == "1: 0/1/0");
  set_clock(home, kNextDayStartMs - 1000);
  expect_count(home, "1");
  set_clock(home, kNextDayStartMs);
  expect_count(home, "2");
  CHECK(line_number(watcher, 6) == "2: 1/1/0");

  // kiokud stops: the watcher says so and fails.
  daemon.stop_cleanly();
  const CommandResult ended = watcher.finish();
  CHECK(ended.exit_code == 3);
  CHECK(ended.err.find("kiokud stopped") != std::string::npos);
  CHECK(line_number(watcher, 6) == "2: 1/1/0");
}

TEST_CASE("e2e: kioku due --watch --json prints one object a line, --deck watches one deck",
          "[e2e][due_watch]") {
  TempHome home;
  set_clock(home, kMorning * 1000);
  RunningDaemon daemon(home, clocked_daemon_arguments(home));
  REQUIRE(run_kioku(home, {"import",
                           home.write_file("watch.toml", basic_notes_deck("watch", "Watch", 3))})
              .exit_code == 0);
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);

  PipedProcess watcher(kioku_argv(home, {"due", "--watch", "--json", "--deck", "watch"}),
                       kioku_environment(home));
  json::value first = json::parse(line_number(watcher, 1));
  CHECK(first.at("total") == 3);
  CHECK(first.at("new") == 3);
  CHECK(first.as_object().contains("next_due_ms"));
  // An answer in the other deck changes nothing here; one in this deck does.
  const SqliteReader reader(home.collection_path());
  const std::int64_t other =
      std::stoll(reader.text("SELECT id FROM cards WHERE external_id = 'gc-001'"));
  daemon.call("review.bury", {{"card", other}});
  daemon.call("review.answer", {{"card", card_id(home, "one")}, {"rating", "easy"}});
  const json::value second = json::parse(line_number(watcher, 2));
  CHECK(second.at("total") == 2);
  CHECK(second.at("review") == 0);
  // Whole-collection counts answer --count, this deck's with --deck.
  expect_count(home, "9");
  const CommandResult deck_only = run_kioku(home, {"due", "--count", "--deck", "watch"});
  CHECK(deck_only.out == "2\n");
  daemon.stop_cleanly();
  CHECK(watcher.finish().exit_code == 3);
}

TEST_CASE("e2e: kioku due --format refuses an unknown placeholder before asking the daemon",
          "[e2e][due_watch]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const CommandResult refused =
      run_kioku(daemon.home(), {"due", "--watch", "--format", "{totl} due"});
  CHECK(refused.exit_code == 2);
  CHECK(refused.out.empty());
  CHECK(refused.err ==
        "kioku: --format: unknown placeholder {totl}; known: {total} {new} "
        "{learning} {review}\n");
  const CommandResult both = run_kioku(daemon.home(), {"due", "--watch", "--count"});
  CHECK(both.exit_code == 2);
  CHECK(both.err.find("--count and --watch") != std::string::npos);
  // One-shot, the template serves a prompt too.
  const CommandResult formatted = run_kioku(daemon.home(), {"due", "--format", "[{total}]"});
  CHECK(formatted.out == "[0]\n");
}
