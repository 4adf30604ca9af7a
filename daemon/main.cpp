// kiokud: parses its arguments and runs the daemon in the foreground, logging to stderr.
#include <CLI/CLI.hpp>

#include "core/clock.hpp"
#include "core/day_calendar.hpp"
#include "daemon/server/daemon.hpp"

int main(int argc, char** argv) {
  kioku::pin_local_time_zone();
  kioku::daemon::DaemonConfig config;
  CLI::App app{"kiokud: the kioku daemon; keeps the collection and schedules reviews"};
  app.set_version_flag("--version", std::string("kiokud ") + KIOKU_VERSION);
  app.add_option("--socket", config.socket_path,
                 "Unix socket to listen on (default: $XDG_RUNTIME_DIR/kioku/kiokud.sock)");
  app.add_option("--data-dir", config.data_directory,
                 "directory of the collection (default: $XDG_DATA_HOME/kioku)");
  app.add_option("--ready-fd", config.ready_fd,
                 "file descriptor to write \"ready\" to once the socket accepts clients");
  app.add_option("--day-starts-at", config.day_starts_at_hour,
                 "local hour at which a new day starts (0-23)")
      ->check(CLI::Range(0, 23));
  app.add_option("--idle-timeout", config.idle_timeout_seconds,
                 "seconds after which an idle client is disconnected")
      ->check(CLI::PositiveNumber);
  app.add_option("--max-clients", config.max_clients,
                 "clients served at once; more are refused with an error (default 256)")
      ->check(CLI::Range(1, 1'000'000));
  bool no_bundled = false;
  app.add_flag("--no-bundled-decks", no_bundled,
               "do not import the bundled decks into an empty collection");
  std::int64_t clock_offset_seconds = 0;
  app.add_option("--clock-offset", clock_offset_seconds,
                 "shift the clock by this many seconds (for testing)")
      ->group("");
  std::int64_t clock_start_seconds = 0;
  app.add_option("--clock-start", clock_start_seconds,
                 "start the clock at this Unix time in seconds, then let it run (for testing)")
      ->group("");
  bool no_group_commit = false;
  app.add_flag("--no-group-commit", no_group_commit,
               "commit every write on its own instead of sharing commits (for benchmarks)")
      ->group("");
  CLI11_PARSE(app, argc, argv);
  config.group_commit = !no_group_commit;
  config.import_bundled_decks = !no_bundled;
  config.clock_offset_ms = clock_offset_seconds * 1000;
  if (clock_start_seconds > 0) {
    const kioku::SystemClock real_clock;
    config.clock_offset_ms = clock_start_seconds * 1000 - real_clock.now();
  }
  return kioku::daemon::run_daemon(config);
}
