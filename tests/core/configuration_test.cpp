// The configuration file's parser (core/configuration.hpp): every key read, every kind of
// problem with the line and column it names, and `config set`'s edit of the text.
#include <catch2/catch.hpp>
#include <string>

#include "core/configuration.hpp"
#include "core/configuration_edit.hpp"
#include "core/configuration_keys.hpp"

namespace kioku {
namespace {

constexpr const char* kConfigFile = "/home/u/.config/kioku/config.toml";

ConfigProblem problem_of(const std::string& text) {
  try {
    parse_configuration(text, kConfigFile);
  } catch (const ConfigError& error) {
    CHECK(error.code() == ErrorCode::kInvalidInput);
    CHECK(std::string(error.what()) == describe(error.problem()));
    CHECK(std::string(error.what()).find('\n') == std::string::npos);
    return error.problem();
  }
  FAIL("the text parsed without a problem");
  return {};
}

}  // namespace

TEST_CASE("configuration: an empty file is every default", "[core][configuration]") {
  const ParsedConfiguration parsed = parse_configuration("# nothing yet\n", kConfigFile);
  const Configuration defaults;
  CHECK(parsed.keys_set.empty());
  CHECK(parsed.values.day_starts_at == 4);
  CHECK(parsed.values.time_zone.empty());
  CHECK(parsed.values.language.empty());
  CHECK(parsed.values.color == "auto");
  CHECK(parsed.values.socket.empty());
  CHECK_FALSE(parsed.values.idle_exit.has_value());
  CHECK(parsed.values.idle_timeout == 3600);
  CHECK(parsed.values.max_clients == 256);
  CHECK(parsed.values.backups_daily == 7);
  CHECK(parsed.values.backups_weekly == 4);
}

TEST_CASE("configuration: every key is read", "[core][configuration]") {
  const ParsedConfiguration parsed = parse_configuration(R"(# mine
day_starts_at = 2
time_zone = "UTC"
language = "ja"
color = "never"

[daemon]
socket = "/run/user/1000/k.sock"
idle_exit = 60
idle_timeout = 90
max_clients = 8

[backups]
daily = 3
weekly = 0

[reminders]
notify = true
notify_command = "notify-send -u low"
threshold = 30
quiet_hours = "23:00-06:30"
interval = "45m"
)",
                                                         kConfigFile);
  const Configuration& values = parsed.values;
  CHECK(values.day_starts_at == 2);
  CHECK(values.time_zone == "UTC");
  CHECK(values.language == "ja");
  CHECK(values.color == "never");
  CHECK(values.socket == "/run/user/1000/k.sock");
  CHECK(values.idle_exit == 60);
  CHECK(values.idle_timeout == 90);
  CHECK(values.max_clients == 8);
  CHECK(values.backups_daily == 3);
  CHECK(values.backups_weekly == 0);
  CHECK(parsed.keys_set.size() == configuration_keys().size());
  CHECK(parsed.keys_set.front() == "day_starts_at");
  CHECK(parsed.keys_set.back() == "reminders.interval");
  for (const ConfigKey& key : configuration_keys()) {
    INFO(key.name);
    CHECK(find_config_key(key.name) == &key);
    CHECK_FALSE(std::holds_alternative<std::monostate>(key.get(values)));
  }
}

TEST_CASE("configuration: a syntax error names its line and column", "[core][configuration]") {
  const ConfigProblem problem = problem_of("day_starts_at = 4\ncolor = \n");
  CHECK(problem.kind == ConfigProblemKind::kSyntax);
  CHECK(problem.file == kConfigFile);
  CHECK(problem.line == 2);
  CHECK(problem.column > 0);
  CHECK_THAT(describe(problem), Catch::StartsWith(std::string(kConfigFile) + ":2:"));
  CHECK_THAT(describe(problem), Catch::Contains("not valid TOML"));
}

TEST_CASE("configuration: an unknown key names the key and its place", "[core][configuration]") {
  ConfigProblem problem = problem_of("day_starts_at = 4\n\n  day_start = 5\n");
  CHECK(problem.kind == ConfigProblemKind::kUnknownKey);
  CHECK(problem.key == "day_start");
  CHECK(problem.line == 3);
  CHECK(problem.column == 3);
  CHECK(describe(problem) ==
        std::string(kConfigFile) + ":3:3: day_start: no such setting (see kioku.conf(5))");

  problem = problem_of("[daemon]\nsockets = \"/x\"\n");
  CHECK(problem.key == "daemon.sockets");
  CHECK(problem.line == 2);
  // A section kioku does not have is a key it does not have.
  problem = problem_of("[alarms]\nat = 5\n");
  CHECK(problem.kind == ConfigProblemKind::kUnknownKey);
  CHECK(problem.key == "alarms");
  CHECK(problem.line == 1);
  problem = problem_of("[reminders]\nat = 5\n");
  CHECK(problem.key == "reminders.at");
  CHECK(problem.line == 2);
  // A quoted key with a dot is one key of that name, not a setting of a section (found by
  // config_file_fuzz: the editor added [backups] daily beside it, and the file read 3 again).
  problem = problem_of("day_starts_at = 4\n\"backups.daily\" = 3\n");
  CHECK(problem.kind == ConfigProblemKind::kUnknownKey);
  CHECK(problem.key == "\"backups.daily\"");
  CHECK(problem.line == 2);
  CHECK(problem.column == 1);
}

TEST_CASE("configuration: a value of the wrong type names what was wanted",
          "[core][configuration]") {
  ConfigProblem problem = problem_of("day_starts_at = \"4\"\n");
  CHECK(problem.kind == ConfigProblemKind::kWrongType);
  CHECK(problem.key == "day_starts_at");
  CHECK(problem.expected == "integer");
  CHECK(problem.got == "string");
  CHECK(problem.line == 1);
  CHECK(problem.column == 17);
  CHECK(describe(problem) ==
        std::string(kConfigFile) + ":1:17: day_starts_at: must be an integer, not a string");

  problem = problem_of("\n\nlanguage = 1.5\n");
  CHECK(problem.kind == ConfigProblemKind::kWrongType);
  CHECK(problem.expected == "string");
  CHECK(problem.got == "float");
  CHECK(problem.line == 3);

  problem = problem_of("daemon = 5\n");
  CHECK(problem.kind == ConfigProblemKind::kWrongType);
  CHECK(problem.key == "daemon");
  CHECK(problem.expected == "table");
  CHECK(problem.got == "integer");

  problem = problem_of("[backups]\ndaily = true\n");
  CHECK(problem.key == "backups.daily");
  CHECK(problem.got == "boolean");
  CHECK(problem.line == 2);
}

TEST_CASE("configuration: every integer key refuses values outside its range",
          "[core][configuration]") {
  struct Case {
    const char* text;
    const char* key;
    std::int64_t lowest, highest;
    int line;
  };
  const Case cases[] = {
      {"day_starts_at = 24\n", "day_starts_at", 0, 23, 1},
      {"day_starts_at = -1\n", "day_starts_at", 0, 23, 1},
      {"[daemon]\nidle_exit = -5\n", "daemon.idle_exit", 0, 2147483647, 2},
      {"[daemon]\nidle_timeout = 0\n", "daemon.idle_timeout", 1, 2147483647, 2},
      {"[daemon]\n\nmax_clients = 1000001\n", "daemon.max_clients", 1, 1000000, 3},
      {"[backups]\ndaily = 367\n", "backups.daily", 0, 366, 2},
      {"[backups]\nweekly = -1\n", "backups.weekly", 0, 520, 2},
  };
  for (const Case& row : cases) {
    INFO(row.text);
    const ConfigProblem problem = problem_of(row.text);
    CHECK(problem.kind == ConfigProblemKind::kOutOfRange);
    CHECK(problem.key == row.key);
    CHECK(problem.lowest == row.lowest);
    CHECK(problem.highest == row.highest);
    CHECK(problem.line == row.line);
    CHECK_THAT(describe(problem), Catch::Contains("must be from " + std::to_string(row.lowest)));
  }
}

TEST_CASE("configuration: strings are checked against their choices, paths and zones",
          "[core][configuration]") {
  ConfigProblem problem = problem_of("language = \"fr\"\n");
  CHECK(problem.kind == ConfigProblemKind::kNotAChoice);
  CHECK(problem.expected == "en,ja,both");
  CHECK_THAT(describe(problem), Catch::EndsWith("language: must be one of en, ja, both, got 'fr'"));

  problem = problem_of("color = \"yes\"\n");
  CHECK(problem.kind == ConfigProblemKind::kNotAChoice);
  CHECK(problem.expected == "auto,always,never");

  problem = problem_of("[daemon]\nsocket = \"kiokud.sock\"\n");
  CHECK(problem.kind == ConfigProblemKind::kNotAbsolutePath);
  CHECK(problem.line == 2);
  CHECK(problem.column == 10);

  problem = problem_of("time_zone = \"Europe/Berln\"\n");
  CHECK(problem.kind == ConfigProblemKind::kUnknownTimeZone);
  CHECK(problem.got == "Europe/Berln");
  CHECK(parse_configuration("time_zone = \"JST-9\"\n", kConfigFile).values.time_zone == "JST-9");
}

TEST_CASE("configuration: of several problems the first in the file is named",
          "[core][configuration]") {
  // toml++ keeps keys sorted; the report follows the file.
  const ConfigProblem problem = problem_of("language = \"xx\"\nbogus = 1\ncolor = 3\n");
  CHECK(problem.line == 1);
  CHECK(problem.key == "language");
}

TEST_CASE("configuration: problem kinds have stable names", "[core][configuration]") {
  for (const auto kind : {ConfigProblemKind::kUnreadable, ConfigProblemKind::kSyntax,
                          ConfigProblemKind::kUnknownKey, ConfigProblemKind::kWrongType,
                          ConfigProblemKind::kNotAWholeNumber, ConfigProblemKind::kOutOfRange,
                          ConfigProblemKind::kNotAChoice, ConfigProblemKind::kNotAbsolutePath,
                          ConfigProblemKind::kUnknownTimeZone, ConfigProblemKind::kNotADuration,
                          ConfigProblemKind::kNotQuietHours, ConfigProblemKind::kNoProgram}) {
    CHECK(parse_config_problem_kind(to_string(kind)) == kind);
  }
  CHECK_FALSE(parse_config_problem_kind("nonsense").has_value());
}

TEST_CASE("configuration: a command line's value is read as its key's type",
          "[core][configuration]") {
  const ConfigKey& hour = *find_config_key("day_starts_at");
  CHECK(std::get<std::int64_t>(value_from_text(hour, "7")) == 7);
  try {
    value_from_text(hour, "seven");
    FAIL("took 'seven'");
  } catch (const ConfigError& error) {
    CHECK(error.problem().kind == ConfigProblemKind::kNotAWholeNumber);
    CHECK(std::string(error.what()) == "day_starts_at: must be a whole number, got 'seven'");
  }
  CHECK_THROWS_AS(value_from_text(hour, "30"), ConfigError);
  CHECK_THROWS_AS(value_from_text(hour, ""), ConfigError);
  CHECK(std::get<std::string>(value_from_text(*find_config_key("language"), "ja")) == "ja");
  CHECK(std::get<std::string>(value_from_text(*find_config_key("language"), "both")) == "both");
  CHECK_THROWS_AS(value_from_text(*find_config_key("language"), "fr"), ConfigError);
  CHECK_THROWS_AS(value_from_text(*find_config_key("color"), "blue"), ConfigError);
}

TEST_CASE("configuration: set replaces only the value, keeping comments", "[core][configuration]") {
  const std::string text =
      "# my settings\nday_starts_at = 4 # early riser\n\n[daemon]\n# limits\nmax_clients = 9\n";
  CHECK(with_setting(text, *find_config_key("day_starts_at"), std::int64_t{6}, kConfigFile) ==
        "# my settings\nday_starts_at = 6 # early riser\n\n[daemon]\n# limits\nmax_clients = 9\n");
  CHECK(with_setting(text, *find_config_key("daemon.max_clients"), std::int64_t{12}, kConfigFile) ==
        "# my settings\nday_starts_at = 4 # early riser\n\n[daemon]\n# limits\nmax_clients = 12\n");
}

TEST_CASE("configuration: set adds a missing key where it belongs", "[core][configuration]") {
  const std::string text = "day_starts_at = 4\n\n[daemon]\nmax_clients = 9\n";
  // A key of a section that exists: after its header.
  std::string edited =
      with_setting(text, *find_config_key("daemon.idle_exit"), std::int64_t{0}, kConfigFile);
  CHECK(edited == "day_starts_at = 4\n\n[daemon]\nidle_exit = 0\nmax_clients = 9\n");
  CHECK(parse_configuration(edited, kConfigFile).values.idle_exit == 0);
  // A section that does not exist: at the end.
  edited = with_setting(text, *find_config_key("backups.daily"), std::int64_t{2}, kConfigFile);
  CHECK(edited == text + "\n[backups]\ndaily = 2\n");
  // A key outside any section: before the first section.
  edited = with_setting(text, *find_config_key("language"), std::string("ja"), kConfigFile);
  CHECK(edited == "day_starts_at = 4\n\nlanguage = \"ja\"\n[daemon]\nmax_clients = 9\n");
  CHECK(parse_configuration(edited, kConfigFile).values.language == "ja");
  // A file that starts with a byte order mark, which toml++ reads past (found by
  // config_file_fuzz: the [backups] header went unseen, and the key landed in that section).
  const std::string marked = "\xEF\xBB\xBF[backups]\ndaily = 3\n";
  edited = with_setting(marked, *find_config_key("day_starts_at"), std::int64_t{5}, kConfigFile);
  CHECK(edited ==
        "\xEF\xBB\xBF"
        "day_starts_at = 5\n[backups]\ndaily = 3\n");
  CHECK(parse_configuration(edited, kConfigFile).values.day_starts_at == 5);
  edited = with_setting(marked, *find_config_key("backups.weekly"), std::int64_t{1}, kConfigFile);
  CHECK(edited == "\xEF\xBB\xBF[backups]\nweekly = 1\ndaily = 3\n");
  edited = with_setting(marked, *find_config_key("backups.daily"), std::int64_t{4}, kConfigFile);
  CHECK(edited == "\xEF\xBB\xBF[backups]\ndaily = 4\n");
  // An empty file.
  CHECK(with_setting("", *find_config_key("color"), std::string("never"), kConfigFile) ==
        "color = \"never\"\n");
  CHECK(with_setting("", *find_config_key("backups.weekly"), std::int64_t{1}, kConfigFile) ==
        "[backups]\nweekly = 1\n");
}

TEST_CASE("configuration: set writes strings TOML can read back", "[core][configuration]") {
  const std::string edited =
      with_setting("[daemon]\nsocket = \"/tmp/a\" # here\n", *find_config_key("daemon.socket"),
                   std::string("/tmp/\"quoted\" \\ dir/日本.sock"), kConfigFile);
  CHECK(parse_configuration(edited, kConfigFile).values.socket ==
        "/tmp/\"quoted\" \\ dir/日本.sock");
  CHECK_THAT(edited, Catch::EndsWith(" # here\n"));
  CHECK_THROWS_AS(
      with_setting("color = \n", *find_config_key("color"), std::string("never"), kConfigFile),
      ConfigError);
}

}  // namespace kioku

TEST_CASE(
    "configuration: check_value takes nothing set as fine and a value of the other type as "
    "wrong",
    "[core][configuration]") {
  const kioku::Configuration defaults;
  // Every key at its default, including the ones whose default is "not set" (time_zone,
  // daemon.socket, daemon.idle_exit), is within its rules: what a fuzzed file read back gives.
  for (const kioku::ConfigKey& key : kioku::configuration_keys()) {
    INFO(key.name);
    CHECK_FALSE(kioku::check_value(key, key.get(defaults)));
    CHECK_FALSE(kioku::check_value(key, kioku::ConfigValue{}));
  }
  const kioku::ConfigKey& day = *kioku::find_config_key("day_starts_at");
  const auto as_text = kioku::check_value(day, kioku::ConfigValue{std::string("4")});
  REQUIRE(as_text);
  CHECK(as_text->kind == kioku::ConfigProblemKind::kWrongType);
  CHECK(as_text->expected == "integer");
  const kioku::ConfigKey& color = *kioku::find_config_key("color");
  const auto as_number = kioku::check_value(color, kioku::ConfigValue{std::int64_t{1}});
  REQUIRE(as_number);
  CHECK(as_number->kind == kioku::ConfigProblemKind::kWrongType);
  CHECK(as_number->expected == "string");
}

TEST_CASE("configuration: set after a section header that ends the file with a comment",
          "[core][configuration]") {
  // Found by config_file_fuzz: the new line went onto the header's line, inside its comment.
  const std::string text = "# comments only\n\n[backups] # a week is too many";
  const kioku::ConfigKey& daily = *kioku::find_config_key("backups.daily");
  const std::string edited = kioku::with_setting(text, daily, std::int64_t{3}, "config.toml");
  CHECK(edited == "# comments only\n\n[backups] # a week is too many\ndaily = 3\n");
  CHECK(kioku::parse_configuration(edited, "config.toml").values.backups_daily == 3);
}

TEST_CASE("configuration: set beside a section written as dotted keys", "[core][configuration]") {
  // Found by config_file_fuzz: "weekly = 4" went under the dotted key, at the top level, where
  // it is no setting at all.
  const std::string text = "backups.daily = 4";
  const kioku::ConfigKey& weekly = *kioku::find_config_key("backups.weekly");
  const std::string edited = kioku::with_setting(text, weekly, std::int64_t{2}, "config.toml");
  CHECK(edited == "backups.daily = 4\nbackups.weekly = 2\n");
  const kioku::Configuration values = kioku::parse_configuration(edited, "config.toml").values;
  CHECK(values.backups_daily == 4);
  CHECK(values.backups_weekly == 2);
  // Before the first [section], where a dotted key still belongs to the top level.
  const std::string with_section = "backups.daily = 4\n[daemon]\nmax_clients = 9\n";
  const std::string edited_again =
      kioku::with_setting(with_section, weekly, std::int64_t{2}, "config.toml");
  CHECK(kioku::parse_configuration(edited_again, "config.toml").values.backups_weekly == 2);
}

namespace kioku {

TEST_CASE("configuration: the reminder keys are read with their defaults",
          "[core][configuration][reminders]") {
  const Configuration defaults = parse_configuration("", kConfigFile).values;
  CHECK_FALSE(defaults.reminders_notify);
  CHECK(defaults.reminders_notify_command.empty());
  CHECK(defaults.reminders_threshold == 1);
  CHECK(defaults.reminders_quiet_hours.empty());
  CHECK(defaults.reminders_interval == "2h");

  const ParsedConfiguration parsed = parse_configuration(
      "[reminders]\nnotify = true\nnotify_command = [\"/bin/my notifier\", \"-x\"]\n"
      "threshold = 20\nquiet_hours = \"22:00-07:00\"\ninterval = \"1h30m\"\n",
      kConfigFile);
  CHECK(parsed.values.reminders_notify);
  CHECK(parsed.values.reminders_notify_command ==
        std::vector<std::string>{"/bin/my notifier", "-x"});
  CHECK(parsed.values.reminders_threshold == 20);
  CHECK(parsed.values.reminders_quiet_hours == "22:00-07:00");
  CHECK(parsed.values.reminders_interval == "1h30m");
  CHECK(parsed.keys_set.size() == 5);

  // A string is the command's words split at spaces.
  CHECK(parse_configuration("[reminders]\nnotify_command = \"notify-send  -u low\"\n", kConfigFile)
            .values.reminders_notify_command ==
        std::vector<std::string>{"notify-send", "-u", "low"});
}

TEST_CASE("configuration: a bad reminder value names the key, its place and what is wanted",
          "[core][configuration][reminders]") {
  ConfigProblem problem = problem_of("[reminders]\nnotify = \"yes\"\n");
  CHECK(problem.kind == ConfigProblemKind::kWrongType);
  CHECK(problem.key == "reminders.notify");
  CHECK(problem.expected == "boolean");
  CHECK(problem.line == 2);
  CHECK_THAT(describe(problem), Catch::EndsWith("must be a boolean, not a string"));

  problem = problem_of("[reminders]\nnotify_command = [\"a\", 1]\n");
  CHECK(problem.kind == ConfigProblemKind::kWrongType);
  CHECK(problem.expected == "command");
  CHECK(problem.got == "array");
  CHECK_THAT(describe(problem),
             Catch::EndsWith("must be a command (a string or an array of strings), not an array"));

  for (const char* empty : {"\"  \"", "[]", "[\"\"]"}) {
    INFO(empty);
    problem = problem_of(std::string("[reminders]\nnotify_command = ") + empty + "\n");
    CHECK(problem.kind == ConfigProblemKind::kNoProgram);
    CHECK(problem.key == "reminders.notify_command");
    CHECK_THAT(describe(problem), Catch::Contains("must name a program"));
  }

  problem = problem_of("[reminders]\n\nthreshold = 0\n");
  CHECK(problem.kind == ConfigProblemKind::kOutOfRange);
  CHECK(problem.line == 3);

  for (const char* interval : {"2", "h", "30s", "8d", "2h2h", "30m1h", "-1h", "1.5h", ""}) {
    INFO(interval);
    problem = problem_of(std::string("[reminders]\ninterval = \"") + interval + "\"\n");
    CHECK(problem.kind == ConfigProblemKind::kNotADuration);
    CHECK(problem.got == interval);
  }
  CHECK_THAT(describe(problem),
             Catch::EndsWith("reminders.interval: must be a duration from 1m to 7d such as 2h, "
                             "90m or 1h30m, got ''"));

  for (const char* hours : {"22:00", "22:00-22:00", "24:00-07:00", "22:60-07:00", "22-07",
                            "22:00-07:00-08:00", "22:0-07:00"}) {
    INFO(hours);
    problem = problem_of(std::string("[reminders]\nquiet_hours = \"") + hours + "\"\n");
    CHECK(problem.kind == ConfigProblemKind::kNotQuietHours);
  }
  CHECK(parse_configuration("[reminders]\nquiet_hours = \"\"\n", kConfigFile)
            .values.reminders_quiet_hours.empty());
}

TEST_CASE("configuration: config set reads and writes the reminder keys",
          "[core][configuration][reminders]") {
  const ConfigKey& notify = *find_config_key("reminders.notify");
  CHECK(std::get<bool>(value_from_text(notify, "true")));
  CHECK_FALSE(std::get<bool>(value_from_text(notify, "false")));
  try {
    value_from_text(notify, "yes");
    FAIL("took 'yes'");
  } catch (const ConfigError& error) {
    CHECK(error.problem().kind == ConfigProblemKind::kNotAChoice);
    CHECK(std::string(error.what()) == "reminders.notify: must be one of true, false, got 'yes'");
  }
  const ConfigKey& command = *find_config_key("reminders.notify_command");
  const ConfigValue words = value_from_text(command, "/tmp/notify --urgent");
  CHECK(std::get<std::vector<std::string>>(words) ==
        std::vector<std::string>{"/tmp/notify", "--urgent"});
  CHECK_THROWS_AS(value_from_text(command, " "), ConfigError);
  CHECK_THROWS_AS(value_from_text(*find_config_key("reminders.interval"), "soon"), ConfigError);
  CHECK_THROWS_AS(value_from_text(*find_config_key("reminders.quiet_hours"), "night"), ConfigError);

  // The edited text reads back as the value set: an array and a boolean.
  const std::string text = with_setting(with_setting("# mine\n", command, words, kConfigFile),
                                        notify, ConfigValue(true), kConfigFile);
  CHECK(text ==
        "# mine\n\n[reminders]\nnotify = true\nnotify_command = [\"/tmp/notify\", "
        "\"--urgent\"]\n");
  const Configuration reread = parse_configuration(text, kConfigFile).values;
  CHECK(reread.reminders_notify);
  CHECK(reread.reminders_notify_command == std::get<std::vector<std::string>>(words));
}

}  // namespace kioku
