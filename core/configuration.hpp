// kioku's configuration file ($XDG_CONFIG_HOME/kioku/config.toml, docs/configuration.md): the
// typed settings, what can be wrong with a file, and the pure parser from its text. Reading the
// file, applying it and reloading it are the daemon's business; this only says what a text means.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/backup_retention.hpp"
#include "core/error.hpp"

namespace kioku {

// Every setting the file can hold, at its default. Precedence (command line > file > defaults)
// is applied by the daemon over this; an empty string or an unset optional is "not set here".
struct Configuration {
  int day_starts_at = 4;       // local hour a scheduler day begins (DayCalendar)
  std::string time_zone;       // "": TZ from the environment, else /etc/localtime
  std::string language;        // "en" or "ja"; "": from LC_ALL, LC_MESSAGES or LANG
  std::string color = "auto";  // auto, always or never
  std::string socket;          // "": $XDG_RUNTIME_DIR/kioku/kiokud.sock
  // Seconds with no client after which kiokud stops; 0 never. Unset: 300 when systemd passed
  // the socket, else never (kDefaultIdleExitSeconds in daemon/server/daemon.hpp).
  std::optional<std::int64_t> idle_exit;
  std::int64_t idle_timeout = 3600;                      // seconds a silent client stays connected
  std::int64_t max_clients = 256;                        // clients served at once
  std::int64_t backups_daily = BackupRetention{}.daily;  // daily backups kept
  std::int64_t backups_weekly = BackupRetention{}.weekly;  // weekly backups kept
  // Reminders (docs/reminders.md): off unless asked for; the command's argv (empty:
  // notify-send when it is on PATH); the due count that reminds; quiet hours ("": none) and the
  // least time between two reminders, as core/reminder_rule.hpp reads them.
  bool reminders_notify = false;
  std::vector<std::string> reminders_notify_command;
  std::int64_t reminders_threshold = 1;
  std::string reminders_quiet_hours;
  std::string reminders_interval = "2h";

  BackupRetention backup_retention() const noexcept {
    return {.daily = backups_daily, .weekly = backups_weekly};
  }
};

// What can be wrong with a configuration file; each names the key (when there is one) and the
// place (line and column from 1; 0 when the problem is the whole file).
enum class ConfigProblemKind {
  kUnreadable,       // the file exists but cannot be read (got: why)
  kSyntax,           // not TOML (got: toml++'s description)
  kUnknownKey,       // a key kioku does not have
  kWrongType,        // expected: "integer", "string" or "table"; got: the TOML type found
  kNotAWholeNumber,  // a command line's value for an integer key; got: the text
  kOutOfRange,       // an integer outside lowest..highest; got: the value
  kNotAChoice,       // a string not among `expected` (comma separated); got: the value
  kNotAbsolutePath,  // a path that does not start with '/'; got: the value
  kUnknownTimeZone,  // a time zone this system does not know; got: the value
  kNotADuration,     // not a duration from 1m to 7d ("2h", "90m", "1h30m"); got: the value
  kNotQuietHours,    // not two different times of day, "HH:MM-HH:MM"; got: the value
  kNoProgram,        // a command with no program (an empty string or array); got: the value
};

struct ConfigProblem {
  ConfigProblemKind kind = ConfigProblemKind::kSyntax;
  std::string file;
  int line = 0;
  int column = 0;
  std::string key;  // dotted: "daemon.socket"; "" for the whole file or a syntax error
  std::string expected;
  std::int64_t lowest = 0;
  std::int64_t highest = 0;
  std::string got;
};

// The problem in English, as one line: "FILE:LINE:COLUMN: KEY: what is wrong".
std::string describe(const ConfigProblem& problem);
// The same in English and in Japanese (the English is describe()'s).
BilingualMessage describe_in_both(const ConfigProblem& problem);

// An unreadable file's reason as it crosses the wire (a ConfigProblem's `got`, in English):
// strerror's words, or kConfigFileTooLarge; in both languages.
inline constexpr const char* kConfigFileTooLarge = "larger than 1 MiB";
BilingualMessage unreadable_reason(std::string_view got);
// The kind's stable name on the wire ("unknown_key", ...) and back (nullopt when unknown).
std::string_view to_string(ConfigProblemKind kind) noexcept;
std::optional<ConfigProblemKind> parse_config_problem_kind(std::string_view name) noexcept;

// A syntax problem at `line`:`column` of `file`, as toml++ described it.
ConfigProblem syntax_problem(const std::string& file, int line, int column,
                             std::string description);

// A refused configuration: an Error (kInvalidInput) whose message is describe(problem()), with
// its Japanese.
class ConfigError : public Error {
 public:
  explicit ConfigError(ConfigProblem problem)
      : Error(ErrorCode::kInvalidInput, describe_in_both(problem)), problem_(std::move(problem)) {}
  const ConfigProblem& problem() const noexcept { return problem_; }

 private:
  ConfigProblem problem_;
};

// A file's settings, and the keys it set (dotted, in the order of configuration_keys()).
struct ParsedConfiguration {
  Configuration values;
  std::vector<std::string> keys_set;
};

// Parses a configuration file's text; `file` names it in problems. Throws ConfigError at the
// first problem, which is the one nearest the top of the file.
ParsedConfiguration parse_configuration(std::string_view text, const std::string& file);

}  // namespace kioku
