// `kioku sched optimize --deck D [--apply]` and `kioku sched evaluate` through the real binaries: a
// seeded simulated learner, whose memory follows FSRS-6 with parameters other than the defaults,
// answers an FSRS deck's cards through kiokud for five months of a clock the test moves
// (--clock-file). The fit through the daemon must be the very fit of the same answers given offline
// as a history file, and --apply must store it and leave every card as a replay under it gives; the
// evaluation through the daemon must be the offline evaluation of the same file.
#include <time.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <random>
#include <sstream>

#include "core/fsrs_memory_model.hpp"
#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/e2e/simulated_history.hpp"  // rfc3339
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// Enough cards that fsrs-rs's outlier filter, which drops the rarest 20 first long-term reviews
// of each first rating, leaves most of them: every card starts with Good.
constexpr int kHistoryCards = 60;
constexpr std::int64_t kStartSeconds = 1'767'607'200;  // 2026-01-05T10:00:00Z
constexpr std::int64_t kDaySeconds = 86'400;
constexpr std::int64_t kEndSeconds = kStartSeconds + 150 * kDaySeconds;
constexpr int kMostLongTermReviews = 8;  // far from a leech's eight lapses

constexpr std::array<double, 21> kLearner = {0.6,  1.8,  4.5,  14.0, 7.0, 0.6, 2.2,
                                             0.02, 1.4,  0.25, 1.2,  1.8, 0.1, 0.35,
                                             2.0,  0.45, 2.4,  0.4,  0.2, 0.1, 0.35};

// The scheduler day of a moment: days start at 04:00, and the tests run in UTC.
std::int64_t day_of(std::int64_t seconds) {
  return (seconds - 4 * 3600) / kDaySeconds;
}

const char* rating_name(kioku::Rating rating) {
  static const char* const kNames[] = {"again", "hard", "good", "easy"};
  return kNames[static_cast<int>(rating) - 1];
}

struct Learner {
  kioku::MemoryState<double> memory;
  std::int64_t last_seconds = 0;
  int long_term_reviews = 0;
};

// Answers every card whenever kiokud says it is due, as the learner recalls it, and returns the
// answers as the JSON lines sched optimize --history reads.
std::string answer_for_months(const TempHome& home, const RunningDaemon& daemon,
                              const std::vector<std::int64_t>& cards) {
  std::mt19937_64 generator(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::multimap<std::int64_t, std::size_t> due;  // seconds → the card's index
  for (std::size_t index = 0; index < cards.size(); ++index) {
    due.emplace(kStartSeconds + static_cast<std::int64_t>(index % 20) * kDaySeconds +
                    static_cast<std::int64_t>(index) * 60,
                index);
  }
  std::vector<Learner> learners(cards.size());
  std::ostringstream history;
  while (!due.empty()) {
    const auto [seconds, index] = *due.begin();
    due.erase(due.begin());
    if (seconds > kEndSeconds) continue;
    Learner& learner = learners[index];
    kioku::Rating rating = kioku::Rating::kGood;
    if (learner.last_seconds == 0) {
      learner.memory = kioku::fsrs_first_memory(rating, kLearner);
    } else {
      const int days = static_cast<int>(day_of(seconds) - day_of(learner.last_seconds));
      if (days > 0) {
        if (++learner.long_term_reviews > kMostLongTermReviews) continue;
        const bool recalled = unit(generator) < kioku::fsrs_recall_probability(
                                                    days, learner.memory.stability, kLearner);
        rating = recalled ? kioku::Rating::kGood : kioku::Rating::kAgain;
      }
      learner.memory = kioku::fsrs_next_memory(learner.memory, days, rating, kLearner);
    }
    learner.last_seconds = seconds;
    set_clock(home, seconds * 1000);
    const json::value answered =
        daemon.call("review.answer", {{"card", cards[index]}, {"rating", rating_name(rating)}});
    history << R"({"card":"c)" << cards[index] << R"(","time":")" << rfc3339(seconds)
            << R"(","rating":")" << rating_name(rating) << "\"}\n";
    const std::int64_t next_ms = answered.at("state").at("due_ms").as_int64();
    // The next answer on a whole second, as the history file can say it.
    due.emplace(std::max(seconds + 1, (next_ms + 999) / 1000), index);
  }
  return history.str();
}

std::int64_t rebuilt_changes(const RunningDaemon& daemon) {
  return daemon.call("doctor.rebuild", {{"deck", "fit"}}).at("changed").as_int64();
}

}  // namespace

TEST_CASE("e2e: sched optimize fits a deck's answers through kiokud and --apply stores the fit",
          "[e2e][optimizer]") {
  TempHome home;
  set_clock(home, kStartSeconds * 1000);
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-file", home.root() + "/clock"});
  REQUIRE(daemon
              .kioku({"import", home.write_file("fit.toml", numbered_basic_notes_deck(
                                                                "fit", "Fit", kHistoryCards))})
              .exit_code == 0);
  REQUIRE(daemon.kioku({"deck", "config", "fit", "algorithm=fsrs"}).exit_code == 0);
  std::vector<std::int64_t> cards;
  for (const auto& row : SqliteReader(home.collection_path()).rows("SELECT id FROM cards")) {
    cards.push_back(std::stoll(row.at(0)));
  }
  REQUIRE(cards.size() == static_cast<std::size_t>(kHistoryCards));
  const std::string history =
      home.write_file("history.jsonl", answer_for_months(home, daemon, cards));

  const json::value fitted =
      successful_json(daemon, {"sched", "optimize", "--deck", "fit", "--json"});
  INFO(json::serialize(fitted));
  CHECK(fitted.at("deck") == "fit");
  CHECK(fitted.at("fit") == "all");
  CHECK(fitted.at("items").as_int64() > 64);
  CHECK(fitted.at("parameters").as_array().size() == 21);
  // The learner is not the defaults, so the fit predicts its answers better.
  CHECK(fitted.at("better") == true);
  CHECK(fitted.at("log_loss").as_double() < fitted.at("log_loss_before").as_double());

  // The same answers as a file, offline: the same items, so the same fit to the last bit.
  const json::value offline =
      successful_json(daemon, {"sched", "optimize", "--history", history, "--timezone", "UTC",
                               "--day-starts-at", "4", "--json"});
  for (const char* field : {"parameters", "items", "fit", "log_loss", "log_loss_before"}) {
    INFO(field);
    CHECK(offline.at(field) == fitted.at(field));
  }

  // --apply stores them and recomputes every card; a replay then changes nothing.
  const json::value applied =
      successful_json(daemon, {"sched", "optimize", "--deck", "fit", "--apply", "--json"});
  CHECK(applied.at("applied") == true);
  CHECK(applied.at("parameters") == fitted.at("parameters"));
  CHECK(applied.at("recomputed").at("cards").as_int64() == kHistoryCards);
  CHECK(applied.at("recomputed").at("changed").as_int64() > 0);
  CHECK(rebuilt_changes(daemon) == 0);
  const json::value config = daemon.call("deck.config", {{"deck", "fit"}});
  std::string stored;
  for (const json::value& option : config.at("options").as_array()) {
    if (option.at("name") == "fsrs_parameters")
      stored = json::value_to<std::string>(option.at("value"));
  }
  std::string expected;
  for (const json::value& parameter : fitted.at("parameters").as_array()) {
    char number[32];
    const auto written = std::to_chars(number, number + sizeof number, parameter.as_double());
    expected += (expected.empty() ? "" : ",") + std::string(number, written.ptr);
  }
  CHECK(stored == expected);

  // Fitted again, the deck's own parameters are the fit: nothing better, nothing stored.
  const CommandResult again = daemon.kioku({"sched", "optimize", "--deck", "fit", "--apply"});
  INFO(again.err);
  CHECK(again.exit_code == 0);
  CHECK(again.out.find("Deck fit keeps its parameters") != std::string::npos);
  const CommandResult japanese =
      daemon.kioku({"--lang", "ja", "sched", "optimize", "--deck", "fit", "--apply"});
  CHECK(japanese.out.find("デッキ fit のパラメータはそのままです") != std::string::npos);
  CHECK(rebuilt_changes(daemon) == 0);
}

TEST_CASE("e2e: sched optimize refuses --apply without a deck and --deck with --history",
          "[e2e][optimizer]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const CommandResult no_deck = daemon.kioku({"sched", "optimize", "--apply"});
  CHECK(no_deck.exit_code == 2);
  CHECK(no_deck.err == "kioku: --apply needs --deck: parameters belong to a deck\n");
  const CommandResult both = daemon.kioku({"sched", "optimize", "--history", "-", "--deck", "x"});
  CHECK(both.exit_code == 2);
  CHECK(both.err.find("give one or the other") != std::string::npos);
  const CommandResult unknown = daemon.kioku({"sched", "optimize", "--deck", "nowhere"});
  CHECK(unknown.exit_code == 5);
  // With no answers there is nothing to fit: the defaults, and nothing worth applying.
  const json::value empty = parse_output(daemon.kioku({"sched", "optimize", "--json"}));
  CHECK(empty.at("fit") == "defaults");
  CHECK(empty.at("items").as_int64() == 0);
  CHECK(empty.at("better") == false);
}

TEST_CASE("e2e: sched evaluate scores the deck's answers through kiokud as offline",
          "[e2e][optimizer]") {
  TempHome home;
  set_clock(home, kStartSeconds * 1000);
  RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-file", home.root() + "/clock"});
  REQUIRE(daemon
              .kioku({"import", home.write_file("fit.toml", numbered_basic_notes_deck(
                                                                "fit", "Fit", kHistoryCards))})
              .exit_code == 0);
  REQUIRE(daemon.kioku({"deck", "config", "fit", "algorithm=fsrs"}).exit_code == 0);
  std::vector<std::int64_t> cards;
  for (const auto& row : SqliteReader(home.collection_path()).rows("SELECT id FROM cards")) {
    cards.push_back(std::stoll(row.at(0)));
  }
  const std::string history =
      home.write_file("history.jsonl", answer_for_months(home, daemon, cards));

  const json::value evaluated =
      successful_json(daemon, {"sched", "evaluate", "--deck", "fit", "--json"});
  INFO(json::serialize(evaluated));
  CHECK(evaluated.at("deck") == "fit");
  CHECK(evaluated.at("splits") == 5);
  const std::int64_t items = evaluated.at("items").as_int64();
  const std::int64_t scored = evaluated.at("scored").as_int64();
  // Five folds of items / 6; what comes before the first only trains.
  CHECK(scored == 5 * (items / 6));
  CHECK(scored < items);
  const json::array& models = evaluated.at("models").as_array();
  REQUIRE(models.size() == 3);
  CHECK(models[0].at("model") == "sm2");
  CHECK(models[1].at("model") == "fsrs_defaults");
  CHECK(models[2].at("model") == "fsrs_fitted");
  for (const json::value& model : models) {
    CHECK(model.at("items") == scored);
    std::int64_t binned = 0;
    for (const json::value& bin : model.at("calibration").as_array()) {
      binned += bin.at("count").as_int64();
    }
    CHECK(binned == scored);
  }
  // The learner follows FSRS-6, not SM-2's fixed curve.
  CHECK(models[1].at("log_loss").as_double() < models[0].at("log_loss").as_double());

  // The same answers as a file, offline: the same items, so the same evaluation to the bit.
  json::value offline =
      successful_json(daemon, {"sched", "evaluate", "--history", history, "--timezone", "UTC",
                               "--day-starts-at", "4", "--json"});
  CHECK_FALSE(offline.as_object().contains("deck"));
  offline.as_object()["deck"] = "fit";
  CHECK(offline == evaluated);

  // The text, in English and in Japanese.
  const CommandResult english = daemon.kioku({"sched", "evaluate", "--deck", "fit"});
  CHECK(english.exit_code == 0);
  CHECK(english.out.find("FSRS-6, fitted parameters") != std::string::npos);
  CHECK(english.out.find("Calibration, SM-2") != std::string::npos);
  const CommandResult japanese =
      daemon.kioku({"--lang", "ja", "sched", "evaluate", "--history", history});
  CHECK(japanese.exit_code == 0);
  CHECK(japanese.out.find("FSRS-6（最適化したパラメータ）") != std::string::npos);
  CHECK(japanese.out.find("対数損失") != std::string::npos);
}

TEST_CASE("e2e: sched evaluate refuses bad input with one line", "[e2e][optimizer]") {
  TempHome home;
  RunningDaemon daemon(home, {"--no-bundled-decks"});
  const CommandResult both = daemon.kioku({"sched", "evaluate", "--history", "-", "--deck", "x"});
  CHECK(both.exit_code == 2);
  CHECK(both.err.find("give one or the other") != std::string::npos);
  CHECK(daemon.kioku({"sched", "evaluate", "--deck", "nowhere"}).exit_code == 5);
  const std::string bad =
      home.write_file("bad.jsonl",
                      "{\"card\":\"a\",\"time\":\"2026-01-05T10:00:00Z\",\"rating\":\"good\"}\n"
                      "{\"card\":\"a\",\"time\":\"2026-01-07T10:00:00Z\",\"rating\":\"fine\"}\n");
  const CommandResult malformed = daemon.kioku({"sched", "evaluate", "--history", bad});
  CHECK(malformed.exit_code != 0);
  CHECK(malformed.err.find(bad + ":2: rating") != std::string::npos);
  // No answers: nothing to score, said so.
  const json::value empty = parse_output(daemon.kioku({"sched", "evaluate", "--json"}));
  CHECK(empty.at("items").as_int64() == 0);
  CHECK(empty.at("scored").as_int64() == 0);
  const CommandResult words = daemon.kioku({"sched", "evaluate"});
  CHECK(words.out == "Too few answers to evaluate: 0 training items, at least 6 needed\n");
}
