// kioku sched replay: the scheduler as a filter, for checking, simulating and benchmarking;
// kioku sched optimize --history: FSRS-6's parameters fitted to such a history;
// kioku sched evaluate: how well SM-2 and FSRS-6 predict it;
// kioku sched simulate: the workload it leads to, and the retention that costs least.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/evaluate.hpp"
#include "cli/maintenance_messages.hpp"
#include "cli/messages.hpp"
#include "cli/optimize.hpp"
#include "cli/replay.hpp"
#include "cli/simulate.hpp"
#include "cli/simulate_messages.hpp"
#include "core/deck_config.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"
#include "core/time_zone_check.hpp"
#include "core/workload_simulation.hpp"
#include "protocol/unique_fd.hpp"

namespace kioku::cli {

namespace {

// Switches the process to `zone`: what kiokud takes from TZ (core/time_zone_check.hpp), a zone
// file read as one (TZif), UTC or a POSIX rule. A file of /usr/share/zoneinfo that is no zone
// (zone.tab) was taken, and glibc then counted the days in UTC without a word.
void use_time_zone(const std::string& zone, const MaintenanceMessages& words) {
  if (time_zone_problem(zone.c_str())) {
    throw Error(ErrorCode::kInvalidParams, fill_in(words.unknown_time_zone, {{"zone", zone}}));
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

// --timezone, else a warning when TZ is set to something the calendar cannot use.
void choose_time_zone(const std::string& zone, const MaintenanceMessages& words,
                      const std::string& language) {
  if (!zone.empty()) {
    use_time_zone(zone, words);
  } else if (const auto problem = time_zone_problem(std::getenv("TZ"))) {
    std::cerr << "kioku: " << fill_in(words.warning, {{"text", text_in(*problem, language)}})
              << '\n';
  }
}

void run_replay(const ReplayArgs& args, const std::string& language) {
  const MaintenanceMessages& words = maintenance_messages_for(language);
  choose_time_zone(args.timezone, words, language);
  ReplayOptions options;
  options.day_starts_at_hour = args.day_starts_at;
  options.language = language;
  set_deck_option(options.deck, "algorithm", args.algorithm);
  options.deck.fuzz = args.fuzz;
  if (args.desired_retention) {
    set_deck_option(options.deck, "desired_retention", std::to_string(*args.desired_retention));
  }
  for (const std::string& assignment : args.options) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos) {
      throw Error(ErrorCode::kInvalidParams,
                  fill_in(words.option_expected_key_value, {{"text", assignment}}));
    }
    set_deck_option(options.deck, assignment.substr(0, equals), assignment.substr(equals + 1));
  }
  std::ios::sync_with_stdio(false);
  replay(STDIN_FILENO, stdout, options);
}

struct OptimizeArgs {
  std::string history;  // a file, or - for stdin; empty: the collection's answers
  std::string timezone;
  int day_starts_at = 4;
  std::optional<std::string> deck;
  bool apply = false;
};

// Calls read(descriptor, name) on the history file, or on stdin for "-".
template <typename Read>
void read_history(const std::string& history, const MaintenanceMessages& words,
                  const std::string& language, Read&& read) {
  if (history == "-") {
    read(STDIN_FILENO, std::string("stdin"));
    return;
  }
  const protocol::UniqueFd file(::open(history.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC));
  if (!file) {
    const int error = errno;
    throw Error(ErrorCode::kInvalidParams,
                fill_in(words.history_cannot_open,
                        {{"path", history}, {"error", system_error_reason_in(error, language)}}));
  }
  read(file.get(), history);
}

// --json is the global option (cli/command_table.cpp): one JSON object instead of the text.
void run_optimize(const OptimizeArgs& args, CliContext& context) {
  const MaintenanceMessages& words = maintenance_messages_for(context.language);
  if (args.history.empty()) {
    optimize_collection(context, args.deck, args.apply, std::cout);
    return;
  }
  if (args.deck || args.apply) {
    throw Error(ErrorCode::kInvalidParams, words.optimize_history_or_deck);
  }
  choose_time_zone(args.timezone, words, context.language);
  const OptimizeOptions options{args.day_starts_at, context.json, context.language};
  read_history(args.history, words, context.language, [&](int input, const std::string& source) {
    optimize_history(input, source, options, std::cout);
  });
}

struct EvaluateArgs {
  std::string history;  // a file, or - for stdin; empty: the collection's answers
  std::string timezone;
  int day_starts_at = 4;
  std::optional<std::string> deck;
};

void run_evaluate(const EvaluateArgs& args, CliContext& context) {
  const MaintenanceMessages& words = maintenance_messages_for(context.language);
  if (args.history.empty()) {
    evaluate_collection(context, args.deck, std::cout);
    return;
  }
  if (args.deck) throw Error(ErrorCode::kInvalidParams, words.evaluate_history_or_deck);
  choose_time_zone(args.timezone, words, context.language);
  const OptimizeOptions options{args.day_starts_at, context.json, context.language};
  read_history(args.history, words, context.language, [&](int input, const std::string& source) {
    evaluate_history(input, source, options, std::cout);
  });
}

struct SimulateArgs {
  std::string history;  // a file, or - for stdin; empty: the deck's cards through kiokud
  std::optional<std::string> deck;
  std::string timezone;
  int day_starts_at = 4;
  std::optional<std::string> algorithm;
  std::vector<std::string> retentions;  // each 0.70-0.99
  int days = 365;
  std::optional<int> new_per_day;
  std::optional<int> reviews_per_day;
  int add = 0;
  int seed = 1;
};

// A --desired-retention value, 0.70 to 0.99.
double retention_value(const std::string& text, const SimulateMessages& words) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !is_simulated_retention(value)) {
    throw Error(ErrorCode::kInvalidParams, fill_in(words.bad_desired_retention, {{"value", text}}));
  }
  return value;
}

void run_simulate(const SimulateArgs& args, CliContext& context) {
  const SimulateMessages& simulate_words = simulate_messages_for(context.language);
  if (args.history.empty() == !args.deck) {
    throw Error(ErrorCode::kInvalidParams, simulate_words.deck_or_history);
  }
  std::vector<double> retentions;
  for (const std::string& text : args.retentions) {
    retentions.push_back(retention_value(text, simulate_words));
  }
  const SimulateOptions options{.algorithm = args.algorithm,
                                .retentions = retentions,
                                .days = args.days,
                                .new_per_day = args.new_per_day,
                                .reviews_per_day = args.reviews_per_day,
                                .add = args.add,
                                .seed = static_cast<std::uint64_t>(args.seed),
                                .day_starts_at_hour = args.day_starts_at,
                                .json = context.json,
                                .language = context.language};
  if (args.deck) {
    simulate_deck_through_daemon(context, *args.deck, options, std::cout);
    return;
  }
  const MaintenanceMessages& words = maintenance_messages_for(context.language);
  choose_time_zone(args.timezone, words, context.language);
  read_history(args.history, words, context.language, [&](int input, const std::string& source) {
    simulate_history(input, source, options, std::cout);
  });
}

}  // namespace

CommandGroup sched_commands() {
  return {noun(
      "sched",
      {"Scheduler tools: replay a history, fit FSRS's parameters, evaluate the schedulers",
       "スケジューラーの道具: 履歴の再生、FSRS パラメータの最適化、スケジューラーの評価"},
      {Command<ReplayArgs>(
           "replay",
           {"Replay a review history (JSONL on stdin) and print the state after each line",
            "復習履歴（標準入力の JSONL）を再生し、各行のあとの状態を出力する"})
           .option(&ReplayArgs::algorithm, "--algorithm",
                   {"sm2, sm2-classic or fsrs", "sm2、sm2-classic、fsrs のどれか"},
                   one_of({"sm2", "sm2-classic", "fsrs"}))
           .option(&ReplayArgs::timezone, "--timezone",
                   {"IANA time zone (default: local)", "IANA タイムゾーン（既定値: ローカル）"})
           .option(&ReplayArgs::day_starts_at, "--day-starts-at",
                   {"hour a day starts (0-23)", "一日が始まる時刻（0-23 時）"}, between(0, 23))
           .flag(&ReplayArgs::fuzz, "--fuzz",
                 {"fuzz intervals as a deck does (off by default)",
                  "デッキと同じく間隔にゆらぎを加える（既定では無効）"})
           .option(&ReplayArgs::desired_retention, "--desired-retention",
                   {"FSRS desired retention", "FSRS の目標保持率"})
           .option(&ReplayArgs::options, "--option",
                   {"any deck option, as key=value", "任意のデッキオプション（key=value）"})
           .runs([](CliContext& context, const ReplayArgs& args) {
             run_replay(args, context.language);
           }),
       Command<OptimizeArgs>(
           "optimize",
           {"Fit FSRS-6's parameters to your answers (through kiokud), or to a review history "
            "file (the JSONL sched replay reads)",
            "FSRS-6 のパラメータを自分の回答（kiokud 経由）または復習履歴ファイル（sched replay "
            "と同じ "
            "JSONL）に最適化する"})
           .option(&OptimizeArgs::history, "--history",
                   {"fit this history file, or - for stdin, offline",
                    "この履歴ファイル（- で標準入力）をオフラインで最適化する"})
           .option(&OptimizeArgs::deck, "--deck",
                   {"fit to this deck's answers (default: every deck's)",
                    "このデッキの回答に最適化する（既定値: すべてのデッキ）"})
           .flag(&OptimizeArgs::apply, "--apply",
                 {"store them in the deck when they predict its answers better (recomputes its "
                  "cards)",
                  "回答をよりよく予測するならデッキに保存する（カードを再計算する）"})
           .option(&OptimizeArgs::timezone, "--timezone",
                   {"with --history: IANA time zone (default: local)",
                    "--history のとき: IANA タイムゾーン（既定値: ローカル）"})
           .option(&OptimizeArgs::day_starts_at, "--day-starts-at",
                   {"with --history: hour a day starts (0-23)",
                    "--history のとき: 一日が始まる時刻（0-23 時）"},
                   between(0, 23))
           .runs(
               [](CliContext& context, const OptimizeArgs& args) { run_optimize(args, context); }),
       Command<EvaluateArgs>(
           "evaluate",
           {"Score SM-2 and FSRS-6 (default and fitted parameters) on your answers (through "
            "kiokud), or on a review history file (the JSONL sched replay reads)",
            "SM-2 と FSRS-6（既定と最適化したパラメータ）を自分の回答（kiokud 経由）または"
            "復習履歴ファイル（sched replay と同じ JSONL）で採点する"})
           .option(&EvaluateArgs::history, "--history",
                   {"evaluate on this history file, or - for stdin, offline",
                    "この履歴ファイル（- で標準入力）でオフラインで評価する"})
           .option(&EvaluateArgs::deck, "--deck",
                   {"evaluate on this deck's answers (default: every deck's)",
                    "このデッキの回答で評価する（既定値: すべてのデッキ）"})
           .option(&EvaluateArgs::timezone, "--timezone",
                   {"with --history: IANA time zone (default: local)",
                    "--history のとき: IANA タイムゾーン（既定値: ローカル）"})
           .option(&EvaluateArgs::day_starts_at, "--day-starts-at",
                   {"with --history: hour a day starts (0-23)",
                    "--history のとき: 一日が始まる時刻（0-23 時）"},
                   between(0, 23))
           .runs(
               [](CliContext& context, const EvaluateArgs& args) { run_evaluate(args, context); }),
       Command<SimulateArgs>(
           "simulate",
           {"Simulate the days ahead of a deck (through kiokud) or of a review history file (the "
            "JSONL sched replay reads): reviews, minutes and cards known per day, and the minimum "
            "recommended retention",
            "デッキ（kiokud 経由）または復習履歴ファイル（sched replay と同じ JSONL）のこの先の"
            "日々をシミュレーションする: 1 日の復習数・分・覚えている数と推奨最小保持率"})
           .option(&SimulateArgs::deck, "--deck",
                   {"simulate this deck's cards with its options and answer times",
                    "このデッキのカードをそのオプションと回答時間でシミュレーションする"})
           .option(&SimulateArgs::history, "--history",
                   {"simulate this history file, or - for stdin, offline",
                    "この履歴ファイル（- で標準入力）をオフラインでシミュレーションする"})
           .option(&SimulateArgs::algorithm, "--algorithm",
                   {"the scheduler: fsrs or sm2 (default: the deck's; with --history fsrs)",
                    "スケジューラー: fsrs または sm2（既定値: デッキのもの。--history では fsrs）"},
                   one_of({"fsrs", "sm2"}))
           .option(&SimulateArgs::retentions, "--desired-retention",
                   {"FSRS desired retention, 0.70-0.99; repeat to compare (default: the deck's; "
                    "with --history 0.9)",
                    "FSRS の目標保持率（0.70-0.99）。繰り返すと比較する（既定値: デッキのもの。"
                    "--history では 0.9）"})
           .option(&SimulateArgs::days, "--days",
                   {"days to simulate (default 365)", "シミュレーションする日数（既定値 365）"},
                   between(1, kMostSimulatedDays))
           .option(&SimulateArgs::new_per_day, "--new-per-day",
                   {"new cards a day (default: the deck's; with --history 20)",
                    "1 日の新規カード数（既定値: デッキのもの。--history では 20）"},
                   between(0, 100000))
           .option(&SimulateArgs::reviews_per_day, "--reviews-per-day",
                   {"reviews a day at most; the rest wait (default: the deck's; with --history "
                    "200)",
                    "1 日の復習の上限。残りは翌日以降（既定値: デッキのもの。--history では 200）"},
                   between(0, 1000000))
           .option(&SimulateArgs::add, "--add",
                   {"new cards to add to the deck's (default 0)",
                    "デッキに加える新規カード数（既定値 0）"},
                   between(0, 1000000))
           .option(&SimulateArgs::seed, "--seed",
                   {"seed of the learner's answers (default 1)",
                    "学習者の回答の乱数シード（既定値 1）"},
                   between(0, 2147483647))
           .option(&SimulateArgs::timezone, "--timezone",
                   {"with --history: IANA time zone (default: local)",
                    "--history のとき: IANA タイムゾーン（既定値: ローカル）"})
           .option(&SimulateArgs::day_starts_at, "--day-starts-at",
                   {"with --history: hour a day starts (0-23)",
                    "--history のとき: 一日が始まる時刻（0-23 時）"},
                   between(0, 23))
           .runs([](CliContext& context, const SimulateArgs& args) {
             run_simulate(args, context);
           })})};
}

}  // namespace kioku::cli
