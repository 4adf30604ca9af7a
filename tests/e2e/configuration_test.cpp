// The configuration file with a real kiokud (docs/configuration.md): a bad file refuses the
// start with its line; config set then get; SIGHUP reloads, which a request then shows; a bad
// file on reload keeps the old settings and daemon status says so; config list --json. A
// SIGHUP's reload is waited for on kiokud's log line (inotify), never by sleeping.
#include <signal.h>

#include <filesystem>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/file_watch.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

std::string config_path(const TempHome& home) {
  return home.root() + "/config/kioku/config.toml";
}

std::int64_t generation(const RunningDaemon& daemon) {
  return daemon.call("system.status").at("configuration_generation").as_int64();
}

// Sends SIGHUP and returns once kiokud has logged the load it caused (generation `next`).
void hang_up_and_wait(const RunningDaemon& daemon, std::int64_t next) {
  FileWatch watch(daemon.home().root());
  REQUIRE(::kill(daemon.pid(), SIGHUP) == 0);
  const std::string mark = "(generation " + std::to_string(next) + ")";
  REQUIRE(watch.wait_until([&] { return daemon.log().find(mark) != std::string::npos; }));
}

std::int64_t day_start_ms(const RunningDaemon& daemon) {
  return daemon.call("stats.report").at("today").at("day_start_ms").as_int64();
}

}  // namespace

TEST_CASE("e2e: kiokud refuses to start on a bad configuration file, naming its line",
          "[e2e][configuration]") {
  TempHome home;
  write_config(home, "# mine\nday_starts_at = 4\n\n[daemon]\nmax_clients = 0\n");
  DaemonProcess daemon(home, {"--no-bundled-decks"});
  REQUIRE_FALSE(daemon.started());
  CHECK(daemon.exit_code() == 1);
  CHECK_THAT(daemon.log(),
             Catch::Contains("kiokud: " + config_path(home) +
                             ":5:15: daemon.max_clients: must be from 1 to 1000000, got 0\n"));
  CHECK_FALSE(std::filesystem::exists(home.collection_path()));

  // --config names another file, which must exist.
  DaemonProcess missing(home, {"--no-bundled-decks", "--config", home.root() + "/nope.toml"});
  REQUIRE_FALSE(missing.started());
  CHECK_THAT(missing.log(), Catch::Contains(home.root() + "/nope.toml: cannot read the file"));
}

TEST_CASE("e2e: config set writes the file, keeping its comments, and get reads it back",
          "[e2e][configuration]") {
  TempHome home;
  write_config(home, "# my settings\nday_starts_at = 4 # early\n");
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const std::int64_t before = day_start_ms(daemon);

  const CommandResult set = daemon.kioku({"config", "set", "day_starts_at", "6"});
  INFO(set.err);
  REQUIRE(set.exit_code == 0);
  CHECK(set.out == "Set day_starts_at = 6 in " + config_path(home) + "\n");
  CHECK(read_file(config_path(home)) == "# my settings\nday_starts_at = 6 # early\n");
  CHECK(daemon.kioku({"config", "get", "day_starts_at"}).out == "6\n");
  // Applied at once: today began two hours later.
  CHECK(day_start_ms(daemon) - before == 2 * 3600 * 1000);

  // A refused value changes nothing and is named, in either language.
  const CommandResult refused = daemon.kioku({"config", "set", "day_starts_at", "24"});
  CHECK(refused.exit_code == 4);
  CHECK(refused.err == "kioku: day_starts_at: must be from 0 to 23, got 24\n");
  const CommandResult japanese = daemon.kioku({"--lang", "ja", "config", "set", "colour", "x"});
  CHECK(japanese.exit_code == 4);
  CHECK(japanese.err == "kioku: colour: そのような設定はありません（kioku.conf(5) を参照）\n");
  CHECK(read_file(config_path(home)) == "# my settings\nday_starts_at = 6 # early\n");

  // A key that needs a restart is written and said to need one.
  const CommandResult clients = daemon.kioku({"config", "set", "daemon.max_clients", "100"});
  CHECK(clients.exit_code == 0);
  CHECK_THAT(clients.out, Catch::Contains("kioku daemon restart): daemon.max_clients\n"));
  CHECK(daemon.call("system.status").at("restart_needed") == json::array{"daemon.max_clients"});
  // One the command line gives (RunningDaemon's --socket) is written but changes nothing.
  const CommandResult socket = daemon.kioku({"config", "set", "daemon.socket", "/tmp/other.sock"});
  CHECK(socket.exit_code == 0);
  CHECK(daemon.kioku({"config", "get", "daemon.socket"}).out == home.socket_path() + "\n");
}

TEST_CASE("e2e: SIGHUP reloads the file, and a request shows the new day start",
          "[e2e][configuration]") {
  TempHome home;
  write_config(home, "day_starts_at = 4\n");
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  CHECK(generation(daemon) == 1);
  const std::int64_t before = day_start_ms(daemon);

  write_config(home, "day_starts_at = 7\n");
  hang_up_and_wait(daemon, 2);
  CHECK(generation(daemon) == 2);
  CHECK(day_start_ms(daemon) - before == 3 * 3600 * 1000);
  const json::value status = daemon.call("system.status");
  CHECK(status.at("configuration") == "file and command line");  // --no-bundled-decks
  CHECK(status.at("configuration_refused").is_null());
}

TEST_CASE("e2e: a bad file on reload keeps the last good settings, and status says so",
          "[e2e][configuration]") {
  TempHome home;
  write_config(home, "day_starts_at = 5\n");
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const std::int64_t before = day_start_ms(daemon);

  write_config(home, "day_starts_at = 5\n\n[backups]\ndaily = \"seven\"\n");
  hang_up_and_wait(daemon, 2);
  CHECK_THAT(daemon.log(), Catch::Contains("kiokud: configuration refused, keeping the last good "
                                           "one: " +
                                           config_path(home) +
                                           ":4:9: backups.daily: must be an integer, not a "
                                           "string (generation 2)\n"));
  CHECK(day_start_ms(daemon) == before);
  const json::value status = daemon.call("system.status");
  CHECK(status.at("configuration_refused").at("line") == 4);
  CHECK(status.at("configuration_refused").at("key") == "backups.daily");

  const CommandResult text = daemon.kioku({"daemon", "status"});
  CHECK_THAT(text.out, Catch::Contains("  config file:       " + config_path(home) +
                                       "; refused, the last good configuration is in use: " +
                                       config_path(home) +
                                       ":4:9: backups.daily: must be an integer, not a string\n"));
  const CommandResult japanese = daemon.kioku({"--lang", "ja", "daemon", "status"});
  CHECK_THAT(japanese.out,
             Catch::Contains("受け付けられませんでした。最後に正しかった設定を使っています: " +
                             config_path(home) +
                             ":4:9: backups.daily: 整数でなければなりません（文字列でした）"));

  // kioku config reload says the same and fails; a fixed file clears it.
  const CommandResult reload = daemon.kioku({"config", "reload"});
  CHECK(reload.exit_code == 4);
  CHECK_THAT(reload.err, Catch::Contains(":4:9: backups.daily: must be an integer"));
  // A file past 1 MiB, and then a directory in its place, say why in the language asked.
  write_config(home, "# " + std::string(1024 * 1024, 'x') + "\n");
  const CommandResult large = daemon.kioku({"--lang", "ja", "config", "reload"});
  CHECK(large.exit_code == 4);
  CHECK_THAT(large.err, Catch::Contains("ファイルを読めません: 1 MiB を超えています"));
  CHECK_THAT(daemon.kioku({"config", "reload"}).err,
             Catch::Contains("cannot read the file: larger than 1 MiB"));
  std::filesystem::remove(config_path(home));
  std::filesystem::create_directory(config_path(home));
  CHECK_THAT(daemon.kioku({"--lang", "ja", "config", "reload"}).err,
             Catch::Contains("ファイルを読めません: ディレクトリです"));
  std::filesystem::remove(config_path(home));
  write_config(home, "day_starts_at = 5\n\n[backups]\ndaily = 3\n");
  const CommandResult fixed = daemon.kioku({"config", "reload"});
  CHECK(fixed.exit_code == 0);
  CHECK(fixed.out == "Reloaded " + config_path(home) + "\nNow in effect: backups.daily\n");
  CHECK(daemon.call("system.status").at("configuration_refused").is_null());
}

TEST_CASE("e2e: config list --json shows every key with its value and source",
          "[e2e][configuration]") {
  TempHome home;
  write_config(home, "language = \"ja\"\n[daemon]\nidle_timeout = 90\n");
  RunningDaemon daemon(home, {"--no-bundled-decks", "--max-clients", "9", "--idle-timeout", "60"});
  const json::value list = parse_output(daemon.kioku({"config", "list", "--json"}));
  CHECK(list.at("file").as_string() == config_path(home));
  CHECK(list.at("refused").is_null());
  json::object by_key;
  for (const json::value& entry : list.at("entries").as_array()) {
    by_key[entry.at("key").as_string()] = entry;
  }
  CHECK(by_key.size() == 15);
  CHECK(by_key.at("language").at("value") == "ja");
  CHECK(by_key.at("language").at("source") == "file");
  CHECK(by_key.at("daemon.max_clients").at("value") == 9);
  CHECK(by_key.at("daemon.max_clients").at("source") == "command line");
  // The command line wins over the file.
  CHECK(by_key.at("daemon.idle_timeout").at("value") == 60);
  CHECK(by_key.at("daemon.idle_timeout").at("source") == "command line");
  CHECK(by_key.at("day_starts_at").at("value") == 4);
  CHECK(by_key.at("day_starts_at").at("source") == "default");
  CHECK(by_key.at("time_zone").at("value").is_null());
  CHECK(by_key.at("backups.weekly").at("value") == 4);
  // The reminders' boolean and command: false, and no command set (notify-send on PATH is the
  // default, docs/reminders.md).
  CHECK(by_key.at("reminders.notify").at("value") == false);
  CHECK(by_key.at("reminders.notify_command").at("value").is_null());
  CHECK(by_key.at("reminders.interval").at("value") == "2h");
  CHECK(daemon.call("system.status").at("configuration") == "file and command line");

  // kioku reads the file's language itself: the table comes in Japanese, and --lang wins.
  const CommandResult text = daemon.kioku({"config", "list"});
  CHECK_THAT(text.out, Catch::StartsWith("ファイル: " + config_path(home) + "\nキー "));
  CHECK_THAT(text.out, Catch::Contains("  コマンドライン\n"));
  const CommandResult english = daemon.kioku({"--lang", "en", "config", "list"});
  CHECK_THAT(english.out, Catch::StartsWith("File: " + config_path(home) + "\nKEY "));
  CHECK_THAT(english.out, Catch::Contains("  command line\n"));
}

TEST_CASE("e2e: config edit reopens a refused file with its problem, then saves the fix",
          "[e2e][configuration]") {
  TempHome home;
  write_config(home, "day_starts_at = 4\n");
  RunningDaemon daemon(home, {"--no-bundled-decks"});
  // An "editor" that writes a bad value the first time and a good one the second: a script
  // that keeps its count in a file.
  const std::string count = home.root() + "/edits";
  const std::string editor =
      home.write_file("editor.sh", "#!/bin/sh\nif [ -e " + count +
                                       " ]; then sed -i 's/= 99/= 8/' \"$1\"; else touch " + count +
                                       "; sed -i 's/= 4/= 99/' \"$1\"; fi\n");
  std::filesystem::permissions(editor, std::filesystem::perms::owner_all);
  const CommandResult edit =
      run_command({kioku_path(), "--socket", home.socket_path(), "config", "edit"}, [&] {
        auto environment = home.environment();
        environment["EDITOR"] = editor;
        return environment;
      }());
  INFO(edit.err);
  CHECK(edit.exit_code == 0);
  CHECK(edit.err == "kioku: config.toml:3:17: day_starts_at: must be from 0 to 23, got 99\n");
  CHECK(edit.out == "Saved " + config_path(home) + "\n");
  CHECK(read_file(config_path(home)) == "day_starts_at = 8\n");
  CHECK(daemon.kioku({"config", "get", "day_starts_at"}).out == "8\n");
}
