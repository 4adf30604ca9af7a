// Deck options, switching algorithms, rebuilding from the log, and `kioku sched replay`,
// through the real binaries.
#include <signal.h>

#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

std::string option_value(const json::value& config, const std::string& name) {
  for (const json::value& option : config.at("options").as_array()) {
    if (option.at("name").as_string() == name) return std::string(option.at("value").as_string());
  }
  return "<missing>";
}

}  // namespace

TEST_CASE("e2e: deck config shows options - changes them and refuses bad values",
          "[e2e][scheduling]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const auto shown = parse_output(run_kioku(home, {"deck", "config", kBundledDeckId, "--json"}));
  CHECK(option_value(shown, "new_per_day") == "20");
  CHECK(option_value(shown, "learning_steps") == "1m 10m");
  CHECK(option_value(shown, "algorithm") == "sm2");

  const auto changed =
      parse_output(run_kioku(home, {"deck", "config", kBundledDeckId, "new_per_day=5",
                                    "learning_steps=2m 20m", "--json"}));
  CHECK(option_value(changed, "new_per_day") == "5");
  CHECK(option_value(changed, "learning_steps") == "2m 20m");
  CHECK(field(parse_output(run_kioku(home, {"due", "--json"})), "new") == 5);

  const auto bad =
      run_kioku(home, {"deck", "config", kBundledDeckId, "new_per_day=10", "starting_ease=9"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "kioku: starting_ease: \"9\" is not allowed (allowed: 1.31 to 5.0)\n");
  // Nothing of a refused request is stored, not even its valid part.
  CHECK(field(parse_output(run_kioku(home, {"due", "--json"})), "new") == 5);

  const auto unknown = run_kioku(home, {"deck", "config", kBundledDeckId, "colour=blue"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("unknown deck option 'colour'") != std::string::npos);

  const auto missing = run_kioku(home, {"deck", "config", "no-such-deck"});
  CHECK(missing.exit_code == 5);
}

TEST_CASE(
    "e2e: the stored state always equals a replay of the log even across an algorithm "
    "switch",
    "[e2e][scheduling]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  // Eight cards, some right (with every rating), some wrong.
  REQUIRE(run_kioku(home, {"review", "--no-shuffle"}, "1\n2 easy\n1\n4 hard\n1 good\n1\n3\nb\n")
              .exit_code == 0);

  const auto clean = parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"}));
  CHECK(field(clean, "cards") == 8);
  CHECK(field(clean, "changed") == 0);

  const auto switched =
      parse_output(run_kioku(home, {"deck", "config", kBundledDeckId, "algorithm=fsrs", "--json"}));
  CHECK(option_value(switched, "algorithm") == "fsrs");
  REQUIRE(switched.as_object().contains("recomputed"));
  CHECK(field(switched.at("recomputed"), "cards") == 8);
  CHECK(field(switched.at("recomputed"), "changed") == 8);  // FSRS gives every card S and D

  // Answers go on under FSRS, and the log still replays to exactly the stored state.
  REQUIRE(daemon.stop(SIGTERM) == 0);
  RunningDaemon later(home, {"--clock-start", clock_start(kMorning + 86400)});
  REQUIRE(run_kioku(home, {"review", "--no-shuffle", "--limit", "3"}, "1\n2\n3\n").exit_code == 0);
  const auto after_fsrs = parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"}));
  CHECK(field(after_fsrs, "changed") == 0);
  CHECK(answers_in_period(parse_output(run_kioku(home, {"stats", "--json", "--period", "all"}))) ==
        11);

  // And back: the whole history is recomputed under SM-2.
  const auto back =
      parse_output(run_kioku(home, {"deck", "config", kBundledDeckId, "algorithm=sm2", "--json"}));
  CHECK(field(back.at("recomputed"), "changed") == 8);
  CHECK(field(parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"})), "changed") == 0);
}

TEST_CASE("e2e: kioku doctor refuses --deck without --rebuild", "[e2e][scheduling]") {
  TempHome home;
  // No daemon and no autostart: the refusal comes before any connection (which would fail
  // with exit code 3 instead).
  const auto result = run_kioku(home, {"--no-autostart", "doctor", "--deck", kBundledDeckId});
  CHECK(result.exit_code == 2);
  CHECK(result.out.empty());
  CHECK(result.err ==
        "kioku: --deck applies only with --rebuild (kioku doctor checks the whole collection)\n");
}

TEST_CASE("e2e: sched replay prints a state per line and stops at a malformed line",
          "[e2e][scheduling]") {
  TempHome home;
  const std::string input = R"({"card":"x","time":"2026-06-01T10:00:00Z","rating":"good"})"
                            "\n"
                            R"({"card":"x","time":"2026-06-01T10:10:00Z","rating":"good"})"
                            "\n"
                            R"({"card":"y","time":"2026-06-01T10:11:00Z","rating":"sideways"})"
                            "\n"
                            R"({"card":"x","time":"2026-06-02T10:10:00Z","rating":"good"})"
                            "\n";
  auto environment = home.environment();
  const auto result =
      run_command({kioku_path(), "sched", "replay", "--timezone", "UTC", "--day-starts-at", "0"},
                  environment, input);
  CHECK(result.exit_code == 4);
  CHECK(result.err == "kioku: stdin:3: rating: must be again, hard, good or easy\n");
  const auto lines = std::count(result.out.begin(), result.out.end(), '\n');
  CHECK(lines == 2);
  CHECK(result.out.find(R"("state":"review","due":"2026-06-02T10:10:00Z","interval_days":1)") !=
        std::string::npos);
}

TEST_CASE("e2e: sched replay refuses an unknown time zone", "[e2e][scheduling]") {
  TempHome home;
  const auto zone = run_command({kioku_path(), "sched", "replay", "--timezone", "Mars/Olympus"},
                                home.environment(), "");
  CHECK(zone.exit_code == 2);
  CHECK(zone.err.find("unknown time zone 'Mars/Olympus'") != std::string::npos);
  // A file among the zones that is not one (its first bytes are not TZif's), and a name that
  // climbs out of them to a file that is not one either.
  for (const std::string name : {"zone.tab", "../../../etc/hostname"}) {
    INFO(name);
    const auto not_zone =
        run_command({kioku_path(), "sched", "replay", "--timezone", name}, home.environment(), "");
    CHECK(not_zone.exit_code == 2);
    CHECK(not_zone.err.find("unknown time zone '" + name + "'") != std::string::npos);
  }
  // A POSIX rule is a zone, as kiokud takes it from TZ: JST-9 is UTC+9.
  const auto rule =
      run_command({kioku_path(), "sched", "replay", "--timezone", "JST-9"}, home.environment(), "");
  CHECK(rule.exit_code == 0);
  // Without --timezone, a TZ glibc would take for UTC is named, in the language asked.
  auto environment = home.environment();
  environment["TZ"] = "garbage";
  const auto warned =
      run_command({kioku_path(), "--lang", "ja", "sched", "replay"}, environment, "");
  CHECK(warned.exit_code == 0);
  CHECK(warned.err.find("TZ='garbage' はこのシステムのタイムゾーンでも POSIX の TZ 規則でもない") !=
        std::string::npos);
  // Lines that go back in time are counted, in input order (backwards_time_test.cpp).
}

TEST_CASE("e2e: sched replay reads any valid JSON object and echoes the card it was given",
          "[e2e][scheduling]") {
  TempHome home;
  // Escapes, spaces, extra fields and a different key order take the full JSON parser.
  const std::string input =
      R"({ "rating" : "good", "note": {"x": [1, 2]}, "card":"caf\u00e9 \"1\"", "time":"2026-06-01T10:00:00+02:00" })"
      "\n"
      R"({"card":"q","time":"2026-06-01T10:00:00Z","quality":4})"
      "\n";
  const auto sm2 = run_command({kioku_path(), "sched", "replay", "--timezone", "UTC"},
                               home.environment(), input.substr(0, input.find('\n') + 1));
  INFO(sm2.err);
  REQUIRE(sm2.exit_code == 0);
  CHECK(
      sm2.out.find(
          R"({"card":"café \"1\"","time":"2026-06-01T10:00:00+02:00","rating":"good","state":"learning","due":"2026-06-01T08:10:00Z")") ==
      0);
  const auto classic = run_command({kioku_path(), "sched", "replay", "--algorithm", "sm2-classic"},
                                   home.environment(), input.substr(input.find('\n') + 1));
  INFO(classic.err);
  REQUIRE(classic.exit_code == 0);
  CHECK(classic.out.find(R"("quality":4,"state":"review")") != std::string::npos);
  CHECK(classic.out.find(R"("repetition":1)") != std::string::npos);
}
