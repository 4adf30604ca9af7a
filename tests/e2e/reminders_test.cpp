// Reminders with a real kiokud (docs/reminders.md): a fake notify command, a small script in the
// test's home that appends its arguments and environment to a file, and kiokud on a clock read
// from a file (--clock-file) that the test moves, then makes any request, which is when kiokud
// looks at its alarm again. A call is waited for on the file (inotify), never by sleeping; a
// call that must not come is proved absent by system.status, whose last reminder is decided
// before any request is answered, and by the next call on the file being the next one expected.
#include <poll.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/e2e/note_card.hpp"
#include "tests/support/deck_texts.hpp"
#include "tests/support/durations.hpp"
#include "tests/support/file_watch.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

constexpr std::int64_t kStartMs = kMorning * 1000;  // 2026-06-01 10:00 UTC (tests run in UTC)

std::string calls_path(const TempHome& home) {
  return home.root() + "/calls";
}

std::string pids_path(const TempHome& home) {
  return home.root() + "/pids";
}

// The fake notify command: one line per call, its arguments and the environment kiokud gives;
// first its pid, in another file, for wait_for_calls to wait for its exit.
std::string write_notifier(const TempHome& home) {
  const std::string script = home.write_file(
      "notify.sh", "#!/bin/sh\necho $$ >> '" + pids_path(home) +
                       "'\nprintf '%s|%s|%s|%s|%s\\n' \"$1\" \"$2\" \"$3\" \"$KIOKU_DUE\" "
                       "\"$KIOKU_REMINDER_JA\" >> '" +
                       calls_path(home) + "'\n");
  REQUIRE(::chmod(script.c_str(), 0755) == 0);
  return script;
}

std::vector<std::string> call_lines(const TempHome& home) {
  std::vector<std::string> lines;
  std::ifstream in(calls_path(home));
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Waits until every notify command that has run so far has exited (its pidfd readable): kiokud
// skips a reminder while the last one's command still runs, and a command that has written its
// line may not have exited yet, which under load took long enough for the next reminder to find
// it running.
void wait_for_notifiers_to_exit(const TempHome& home) {
  std::ifstream in(pids_path(home));
  for (std::string line; std::getline(in, line);) {
    const int descriptor = static_cast<int>(::syscall(SYS_pidfd_open, std::stoi(line), 0));
    if (descriptor < 0) continue;  // gone already
    pollfd exited{descriptor, POLLIN, 0};
    const int ready = ::poll(&exited, 1, 30'000);
    ::close(descriptor);
    REQUIRE(ready == 1);
  }
}

// The calls once there are `count` complete lines, each command gone; fails unless there are
// exactly `count`.
std::vector<std::string> wait_for_calls(const TempHome& home, std::size_t count) {
  FileWatch watch(home.root());
  const auto complete = [&] {
    std::ifstream in(calls_path(home));
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) >= count;
  };
  REQUIRE((complete() || watch.wait_until(complete)));
  std::vector<std::string> lines = call_lines(home);
  REQUIRE(lines.size() == count);
  wait_for_notifiers_to_exit(home);
  return lines;
}

json::value reminders(const RunningDaemon& daemon) {
  return daemon.call("system.reminders");
}

}  // namespace

TEST_CASE(
    "e2e: a reminder runs once when the due count crosses the threshold, again after the "
    "interval, never in quiet hours",
    "[e2e][reminders]") {
  TempHome home;
  set_clock(home, kStartMs);
  const std::string notifier = write_notifier(home);
  write_config(home, "language = \"en\"\n\n[reminders]\nnotify = true\nnotify_command = [\"" +
                         notifier +
                         "\", \"--from-kioku\"]\nthreshold = 3\ninterval = \"2h\"\n"
                         "quiet_hours = \"22:00-07:00\"\n");
  RunningDaemon daemon(home, clocked_daemon_arguments(home));
  json::value status = reminders(daemon);
  CHECK(status.at("on") == true);
  CHECK(status.at("last_run_at").is_null());
  CHECK(status.at("next_at") == kStartMs);

  // Three new cards: the count crosses 3 -> exactly one call, with the count and the message.
  REQUIRE(run_kioku(home, {"import",
                           home.write_file("remind.toml", basic_notes_deck("remind", "Remind", 3))})
              .exit_code == 0);
  std::vector<std::string> calls = wait_for_calls(home, 1);
  CHECK(calls[0] ==
        "--from-kioku|kioku|3 cards are due for review|3|"
        "復習するカードが3枚あります");
  status = reminders(daemon);
  CHECK(status.at("last_run_at") == kStartMs);
  CHECK(status.at("last_due") == 3);
  CHECK(status.at("next_at") == kStartMs + 2 * kHourMs);

  // An answer takes the count below; the learning card falling due brings it back up within the
  // interval: no second call.
  const json::value answered =
      daemon.call("review.answer", {{"card", card_id(home, "one")}, {"rating", "good"}});
  const std::int64_t learning_due = answered.at("state").at("due_ms").as_int64();
  REQUIRE(learning_due < kStartMs + 2 * kHourMs);
  CHECK(run_kioku(home, {"due", "--count"}).out == "2\n");
  set_clock(home, learning_due);
  CHECK(run_kioku(home, {"due", "--count"}).out == "3\n");
  CHECK(reminders(daemon).at("last_run_at") == kStartMs);
  set_clock(home, kStartMs + 2 * kHourMs - 1000);
  CHECK(reminders(daemon).at("last_run_at") == kStartMs);

  // The interval over, still at 3: one more call.
  set_clock(home, kStartMs + 2 * kHourMs);
  CHECK(reminders(daemon).at("last_run_at") == kStartMs + 2 * kHourMs);
  calls = wait_for_calls(home, 2);
  CHECK(calls[1] == calls[0]);

  // 22:30 is quiet: nothing, and the next may run at 07:00.
  const std::int64_t ten_thirty_pm = kStartMs + 12 * kHourMs + 30 * 60 * 1000;
  const std::int64_t seven_am = kStartMs + 21 * kHourMs;
  set_clock(home, ten_thirty_pm);
  status = reminders(daemon);
  CHECK(status.at("last_run_at") == kStartMs + 2 * kHourMs);
  CHECK(status.at("next_at") == seven_am);
  set_clock(home, seven_am - 1000);
  CHECK(reminders(daemon).at("last_run_at") == kStartMs + 2 * kHourMs);
  // The end of the quiet hours, cards still due: the reminder held back runs.
  set_clock(home, seven_am);
  CHECK(reminders(daemon).at("last_run_at") == seven_am);
  calls = wait_for_calls(home, 3);

  // notify = false, by config set: nothing runs, however long, and status says why.
  const CommandResult off = run_kioku(home, {"config", "set", "reminders.notify", "false"});
  INFO(off.err);
  REQUIRE(off.exit_code == 0);
  set_clock(home, seven_am + 5 * kHourMs);
  status = reminders(daemon);
  CHECK(status.at("on") == false);
  CHECK(status.at("off_reason") == "notify_off");
  CHECK(status.at("last_run_at") == seven_am);
  CHECK(status.at("next_at").is_null());
  CHECK_THAT(run_kioku(home, {"daemon", "status"}).out,
             Catch::Contains("reminders:") && Catch::Contains("off (reminders.notify is false)"));
  CHECK_THAT(run_kioku(home, {"daemon", "status", "--lang", "ja"}).out,
             Catch::Contains("オフ（reminders.notify が false）"));
  // Back on: the cards still due remind at once (the interval since 07:00 is over).
  REQUIRE(run_kioku(home, {"config", "set", "reminders.notify", "true"}).exit_code == 0);
  CHECK(reminders(daemon).at("last_run_at") == seven_am + 5 * kHourMs);
  calls = wait_for_calls(home, 4);
  CHECK(call_lines(home).size() == 4);
}

TEST_CASE("e2e: daemon status says when reminders ran and why none can run", "[e2e][reminders]") {
  TempHome home;
  set_clock(home, kStartMs);
  const std::string notifier = write_notifier(home);
  // notify is on but no command is set, and no notify-send on kiokud's PATH.
  write_config(home, "[reminders]\nnotify = true\n");
  RunningDaemon daemon(home, clocked_daemon_arguments(home), {{"PATH", home.root() + "/bin"}});
  json::value status = reminders(daemon);
  CHECK(status.at("on") == false);
  CHECK(status.at("off_reason") == "no_command");
  CHECK_THAT(run_kioku(home, {"daemon", "status"}).out,
             Catch::Contains("off: notify-send is not on kiokud's PATH and "
                             "reminders.notify_command is not set"));
  CHECK_THAT(run_kioku(home, {"daemon", "status", "--lang", "ja"}).out,
             Catch::Contains("オフ: kiokud の PATH に notify-send がなく"));
  CHECK_THAT(daemon.log(), Catch::Contains("notify-send is not on PATH"));

  // notify-send appears on PATH: a reload finds it; status then names it and when the next may
  // run. (The fake one records its call.)
  std::filesystem::create_directories(home.root() + "/bin");
  std::filesystem::copy_file(notifier, home.root() + "/bin/notify-send");
  REQUIRE(::chmod((home.root() + "/bin/notify-send").c_str(), 0755) == 0);
  REQUIRE(run_kioku(home, {"config", "reload"}).exit_code == 0);
  REQUIRE(run_kioku(home, {"import",
                           home.write_file("remind.toml", basic_notes_deck("remind", "Remind", 3))})
              .exit_code == 0);
  // No language set: both, English first, in the one message argument (so the fake command's
  // one call writes two lines).
  const std::vector<std::string> calls = wait_for_calls(home, 2);
  CHECK(calls[0] == "kioku|3 cards are due for review");
  CHECK(calls[1] == "復習するカードが3枚あります||3|復習するカードが3枚あります");
  status = reminders(daemon);
  CHECK(status.at("on") == true);
  CHECK(status.at("command") == json::array{"notify-send"});
  const std::string english = run_kioku(home, {"daemon", "status", "--lang", "en"}).out;
  CHECK_THAT(english, Catch::Contains("on: notify-send when 1 or more cards are due, at most "
                                      "every 2h"));
  CHECK_THAT(english, Catch::Contains("last reminder:") && Catch::Contains("(3 due)"));
  CHECK_THAT(english, Catch::Contains("next reminder:") && Catch::Contains("not before"));
  const std::string japanese = run_kioku(home, {"daemon", "status", "--lang", "ja"}).out;
  CHECK_THAT(japanese, Catch::Contains("オン: 期日のカードが 1 枚以上で notify-send を実行"));
  CHECK_THAT(japanese, Catch::Contains("前回のリマインダー") && Catch::Contains("（3 枚）"));
}

TEST_CASE("e2e: a reminder command that fails is logged and shown, and kiokud goes on",
          "[e2e][reminders]") {
  TempHome home;
  set_clock(home, kStartMs);
  write_config(home, "[reminders]\nnotify = true\nnotify_command = \"" + home.root() +
                         "/missing-program --x\"\n");
  RunningDaemon daemon(home, clocked_daemon_arguments(home));
  REQUIRE(run_kioku(home, {"import",
                           home.write_file("remind.toml", basic_notes_deck("remind", "Remind", 3))})
              .exit_code == 0);
  const json::value status = reminders(daemon);
  CHECK(status.at("last_run_at") == kStartMs);
  CHECK_THAT(std::string(status.at("last_problem").as_string()),
             Catch::Contains("cannot run " + home.root() + "/missing-program"));
  CHECK_THAT(daemon.log(), Catch::Contains("kiokud: reminder: cannot run"));
  CHECK(run_kioku(home, {"due", "--count"}).out == "3\n");
}

TEST_CASE("e2e: a reminder command that exits with a failure is reaped and logged",
          "[e2e][reminders]") {
  TempHome home;
  set_clock(home, kStartMs);
  // sh -c takes the appended summary and message as $0 and $1.
  write_config(home,
               "[reminders]\nnotify = true\nnotify_command = [\"/bin/sh\", \"-c\", \"exit 3\"]\n");
  RunningDaemon daemon(home, clocked_daemon_arguments(home));
  REQUIRE(run_kioku(home, {"import",
                           home.write_file("remind.toml", basic_notes_deck("remind", "Remind", 3))})
              .exit_code == 0);
  // The exit is heard on kiokud's loop (its pidfd), with no request: the log line is the proof
  // that the child was waited for.
  FileWatch watch(home.root());
  const std::string logged = "kiokud: reminder: /bin/sh exited with 3";
  REQUIRE(watch.wait_until([&] { return daemon.log().find(logged) != std::string::npos; }));
  const json::value status = reminders(daemon);
  CHECK(status.at("last_run_at") == kStartMs);
  CHECK(status.at("last_problem") == "/bin/sh exited with 3");
  CHECK_THAT(run_kioku(home, {"daemon", "status"}).out,
             Catch::Contains("(3 due); failed: /bin/sh exited with 3"));
  CHECK_THAT(run_kioku(home, {"daemon", "status", "--lang", "ja"}).out,
             Catch::Contains("（3 枚）、失敗: /bin/sh exited with 3"));
}

TEST_CASE("e2e: config set checks the reminder keys and says what is wrong", "[e2e][reminders]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  struct Row {
    std::vector<std::string> arguments;
    const char* english;
  };
  const Row rows[] = {
      {{"reminders.notify", "yes"}, "reminders.notify: must be one of true, false, got 'yes'"},
      {{"reminders.interval", "30s"},
       "reminders.interval: must be a duration from 1m to 7d such as 2h, 90m or 1h30m, got '30s'"},
      {{"reminders.quiet_hours", "22-7"},
       "reminders.quiet_hours: must be two different times of day, HH:MM-HH:MM such as "
       "22:00-07:00, got '22-7'"},
      {{"reminders.threshold", "0"}, "reminders.threshold: must be from 1 to 1000000, got 0"},
      {{"reminders.notify_command", " "}, "reminders.notify_command: must name a program, got []"},
  };
  for (const Row& row : rows) {
    std::vector<std::string> arguments{"config", "set"};
    arguments.insert(arguments.end(), row.arguments.begin(), row.arguments.end());
    const CommandResult refused = run_kioku(daemon.home(), arguments);
    INFO(refused.err);
    CHECK(refused.exit_code != 0);
    CHECK_THAT(refused.err, Catch::Contains(row.english));
  }
  const CommandResult japanese =
      run_kioku(daemon.home(), {"config", "set", "reminders.interval", "soon", "--lang", "ja"});
  CHECK_THAT(japanese.err, Catch::Contains("1m から 7d までの時間"));
  REQUIRE(run_kioku(daemon.home(), {"config", "set", "reminders.notify_command", "/bin/true -a"})
              .exit_code == 0);
  CHECK(daemon.call("config.get", {{"key", "reminders.notify_command"}}).at("value") ==
        json::array{"/bin/true", "-a"});
  CHECK_THAT(run_kioku(daemon.home(), {"config", "get", "reminders.notify_command"}).out,
             Catch::Contains("[\"/bin/true\", \"-a\"]"));
}
