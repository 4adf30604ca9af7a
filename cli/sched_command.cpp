// kioku sched replay: the scheduler as a filter, for checking, simulating and benchmarking.
#include <sys/stat.h>

#include <cstdlib>
#include <ctime>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/replay.hpp"
#include "core/deck_config.hpp"
#include "core/error.hpp"
#include "core/time_zone_check.hpp"

namespace kioku::cli {

namespace {

// Switches the process to `zone` (an IANA name such as Europe/Berlin, or UTC).
void use_time_zone(const std::string& zone) {
  struct stat info {};
  const bool known =
      zone == "UTC" ||
      (zone.find("..") == std::string::npos &&
       ::stat(("/usr/share/zoneinfo/" + zone).c_str(), &info) == 0 && S_ISREG(info.st_mode));
  if (!known) {
    throw Error(ErrorCode::kInvalidParams, "--timezone: unknown time zone '" + zone +
                                               "' (an IANA name such as Europe/Berlin)");
  }
  ::setenv("TZ", zone.c_str(), 1);
  ::tzset();
}

}  // namespace

void add_sched_command(CLI::App& app) {
  auto* sched = app.add_subcommand("sched", "Scheduler tools that need no daemon");
  sched->require_subcommand(1);
  auto* command = sched->add_subcommand(
      "replay", "Replay a review history (JSONL on stdin) and print the state after each line");
  struct Settings {
    std::string algorithm = "sm2";
    std::string timezone;
    int day_starts_at = 4;
    bool fuzz = false;
    double desired_retention = 0.9;
    bool retention_given = false;
    std::vector<std::string> options;
  };
  auto settings = std::make_shared<Settings>();
  command->add_option("--algorithm", settings->algorithm, "sm2, sm2-classic or fsrs")
      ->check(CLI::IsMember({"sm2", "sm2-classic", "fsrs"}));
  command->add_option("--timezone", settings->timezone, "IANA time zone (default: local)");
  command->add_option("--day-starts-at", settings->day_starts_at, "hour a day starts (0-23)")
      ->check(CLI::Range(0, 23));
  command->add_flag("--fuzz", settings->fuzz, "fuzz intervals as a deck does (off by default)");
  command->add_option_function<double>(
      "--desired-retention",
      [settings](double value) {
        settings->desired_retention = value;
        settings->retention_given = true;
      },
      "FSRS desired retention");
  command->add_option("--option", settings->options, "any deck option, as key=value")->take_all();
  command->callback([settings] {
    if (!settings->timezone.empty()) {
      use_time_zone(settings->timezone);
    } else if (const auto problem = time_zone_problem(std::getenv("TZ"))) {
      std::cerr << "kioku: warning: " << *problem << '\n';
    }
    ReplayOptions options;
    options.day_starts_at_hour = settings->day_starts_at;
    set_deck_option(options.deck, "algorithm", settings->algorithm);
    options.deck.fuzz = settings->fuzz;
    if (settings->retention_given) {
      set_deck_option(options.deck, "desired_retention",
                      std::to_string(settings->desired_retention));
    }
    for (const std::string& assignment : settings->options) {
      const auto equals = assignment.find('=');
      if (equals == std::string::npos) {
        throw Error(ErrorCode::kInvalidParams,
                    "--option: expected key=value, got '" + assignment + "'");
      }
      set_deck_option(options.deck, assignment.substr(0, equals), assignment.substr(equals + 1));
    }
    std::ios::sync_with_stdio(false);
    replay(std::cin, stdout, options);
  });
}

}  // namespace kioku::cli
