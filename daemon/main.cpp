// kiokud: parses its arguments and runs the daemon in the foreground, logging to stderr.
#include <CLI/CLI.hpp>
#include <charconv>
#include <limits>
#include <string_view>

#include "core/clock.hpp"
#include "core/configuration_keys.hpp"
#include "core/day_calendar.hpp"
#include "daemon/server/daemon.hpp"
#include "daemon/store/sqlite.hpp"

namespace {

// Exit code for bad arguments, as kioku's (cli/exit_codes.hpp).
constexpr int kExitUsage = 2;

// "" when `text` is a whole number from `lowest` to `highest`, else what is wrong with it. CLI11's
// own checks print ranges of doubles, and take "1e1" for a number where an int is wanted.
std::string whole_number_problem(const std::string& text, std::int64_t lowest,
                                 std::int64_t highest) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc() && end == text.data() + text.size() && value >= lowest &&
      value <= highest) {
    return {};
  }
  return "must be a whole number from " + std::to_string(lowest) + " to " +
         std::to_string(highest) + ", got '" + text + "'";
}

CLI::Validator whole_number(std::int64_t lowest, std::int64_t highest) {
  return CLI::Validator(
      [lowest, highest](std::string& text) { return whole_number_problem(text, lowest, highest); },
      std::to_string(lowest) + "-" + std::to_string(highest));
}

// A hidden option's value, read here: CLI11 leaves a hidden option's name out of its messages.
void add_hidden_number(CLI::App& app, const std::string& name, std::int64_t& value,
                       std::int64_t lowest, std::int64_t highest, const std::string& help) {
  app.add_option_function<std::string>(
         name,
         [name, &value, lowest, highest](const std::string& text) {
           if (std::string problem = whole_number_problem(text, lowest, highest);
               !problem.empty()) {
             throw CLI::ValidationError(name, problem);
           }
           std::from_chars(text.data(), text.data() + text.size(), value);
         },
         help)
      ->group("");
}

// An option that is also the configuration key `key_name` (docs/configuration.md): checked
// against the key's own range, and when given, the command line's value of the key, which wins
// over the file's.
void add_key_option(CLI::App& app, const std::string& name, std::string_view key_name,
                    const std::string& help, kioku::daemon::DaemonConfig& config) {
  const kioku::ConfigKey& key = *kioku::find_config_key(key_name);
  const bool integer = key.type == kioku::ConfigType::kInteger;
  CLI::Option* option = app.add_option_function<std::string>(
      name,
      [&key, integer, &config](const std::string& text) {
        kioku::ConfigValue value = text;
        if (integer) {
          std::int64_t number = 0;  // whole_number() has checked the text
          std::from_chars(text.data(), text.data() + text.size(), number);
          value = number;
        }
        key.set(config.command_line, value);
        config.command_line_keys.emplace_back(key.name);
      },
      help);
  if (integer) option->check(whole_number(key.lowest, key.highest));
}

}  // namespace

int main(int argc, char** argv) {
  kioku::daemon::sqlite::configure_process();
  kioku::pin_local_time_zone();
  kioku::daemon::DaemonConfig config;
  CLI::App app{"kiokud: the kioku daemon; keeps the collection and schedules reviews"};
  app.set_version_flag("--version", std::string("kiokud ") + KIOKU_VERSION);
  add_key_option(app, "--socket", "daemon.socket",
                 "Unix socket to listen on (default: $XDG_RUNTIME_DIR/kioku/kiokud.sock; "
                 "ignored when systemd passes the socket)",
                 config);
  app.add_option("--data-dir", config.data_directory,
                 "directory of the collection (default: $XDG_DATA_HOME/kioku)");
  app.add_option("--ready-fd", config.ready_fd,
                 "file descriptor to write \"ready\" to once the socket accepts clients")
      ->check(whole_number(0, std::numeric_limits<int>::max()));
  add_key_option(app, "--day-starts-at", "day_starts_at",
                 "local hour at which a new day starts (0-23)", config);
  add_key_option(app, "--idle-timeout", "daemon.idle_timeout",
                 "seconds without a request after which one client is disconnected (default 3600); "
                 "see --idle-exit for the daemon",
                 config);
  add_key_option(app, "--idle-exit", "daemon.idle_exit",
                 "seconds with no client connected after which kiokud itself stops; 0 never "
                 "(default: 300 when systemd passed the socket, else never); see --idle-timeout "
                 "for one client",
                 config);
  add_key_option(app, "--max-clients", "daemon.max_clients",
                 "clients served at once; more are refused with an error (default 256)", config);
  add_key_option(app, "--backups-daily", "backups.daily",
                 "automatic backups kept, the newest of each of the last N days (default 7; "
                 "with --backups-weekly 0, 0 turns automatic backups off)",
                 config);
  add_key_option(app, "--backups-weekly", "backups.weekly",
                 "automatic backups kept beyond the daily ones, the newest of each of the last N "
                 "weeks (default 4)",
                 config);
  app.add_option("--config", config.config_file,
                 "configuration file (default: $XDG_CONFIG_HOME/kioku/config.toml, when it "
                 "exists); options given here win over it");
  bool no_bundled = false;
  app.add_flag("--no-bundled-decks", no_bundled,
               "do not import the bundled decks into an empty collection");
  // Ten thousand years of seconds either way is more than any test needs.
  constexpr std::int64_t kClockSeconds = 315'576'000'000;
  std::int64_t clock_offset_seconds = 0;
  add_hidden_number(app, "--clock-offset", clock_offset_seconds, -kClockSeconds, kClockSeconds,
                    "shift the clock by this many seconds (for testing)");
  std::int64_t clock_start_seconds = 0;
  add_hidden_number(app, "--clock-start", clock_start_seconds, 0, kClockSeconds,
                    "start the clock at this Unix time in seconds, then let it run (for testing)");
  app.add_option("--clock-file", config.clock_file,
                 "read the time, in Unix milliseconds, from this file (for testing)")
      ->group("");
  bool no_group_commit = false;
  app.add_flag("--no-group-commit", no_group_commit,
               "commit every write on its own instead of sharing commits (for benchmarks)")
      ->group("");
  // One line in kiokud's own style and exit code 2, where CLI11_PARSE printed two lines and
  // exited with CLI11's own codes (105 for a value out of range).
  app.failure_message([](const CLI::App*, const CLI::Error& error) {
    return "kiokud: " + std::string(error.what()) + " (kiokud --help lists the options)\n";
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);  // --help and --version exit 0
    return code == 0 ? 0 : kExitUsage;
  }
  // --ready-fd is how a starter waits for readiness, not a setting of the daemon's.
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() > 0 && option->get_name() != "--ready-fd") {
      config.given_options.push_back(option->get_name());
    }
  }
  config.group_commit = !no_group_commit;
  config.import_bundled_decks = !no_bundled;
  config.clock_offset_ms = clock_offset_seconds * 1000;
  if (clock_start_seconds > 0) {
    const kioku::SystemClock real_clock;
    config.clock_offset_ms = clock_start_seconds * 1000 - real_clock.now();
  }
  return kioku::daemon::run_daemon(config);
}
