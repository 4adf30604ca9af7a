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

struct ReplayArgs {
  std::string algorithm = "sm2";
  std::string timezone;
  int day_starts_at = 4;
  bool fuzz = false;
  std::optional<double> desired_retention;
  std::vector<std::string> options;  // key=value
};

void run_replay(const ReplayArgs& args) {
  if (!args.timezone.empty()) {
    use_time_zone(args.timezone);
  } else if (const auto problem = time_zone_problem(std::getenv("TZ"))) {
    std::cerr << "kioku: warning: " << *problem << '\n';
  }
  ReplayOptions options;
  options.day_starts_at_hour = args.day_starts_at;
  set_deck_option(options.deck, "algorithm", args.algorithm);
  options.deck.fuzz = args.fuzz;
  if (args.desired_retention) {
    set_deck_option(options.deck, "desired_retention", std::to_string(*args.desired_retention));
  }
  for (const std::string& assignment : args.options) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos) {
      throw Error(ErrorCode::kInvalidParams,
                  "--option: expected key=value, got '" + assignment + "'");
    }
    set_deck_option(options.deck, assignment.substr(0, equals), assignment.substr(equals + 1));
  }
  std::ios::sync_with_stdio(false);
  replay(std::cin, stdout, options);
}

}  // namespace

CommandGroup sched_commands() {
  return {noun(
      "sched", "Scheduler tools that need no daemon",
      {Command<ReplayArgs>(
           "replay", "Replay a review history (JSONL on stdin) and print the state after each line")
           .option(&ReplayArgs::algorithm, "--algorithm", "sm2, sm2-classic or fsrs",
                   one_of({"sm2", "sm2-classic", "fsrs"}))
           .option(&ReplayArgs::timezone, "--timezone", "IANA time zone (default: local)")
           .option(&ReplayArgs::day_starts_at, "--day-starts-at", "hour a day starts (0-23)",
                   between(0, 23))
           .flag(&ReplayArgs::fuzz, "--fuzz", "fuzz intervals as a deck does (off by default)")
           .option(&ReplayArgs::desired_retention, "--desired-retention", "FSRS desired retention")
           .option(&ReplayArgs::options, "--option", "any deck option, as key=value")
           .runs([](CliContext&, const ReplayArgs& args) { run_replay(args); })})};
}

}  // namespace kioku::cli
