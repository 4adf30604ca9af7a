// Load: 64 clients answering at once beside clients looping stats.summary. No client sees an
// error (no SQLITE_BUSY, no lost connection), every acknowledged answer is in the review log
// exactly once, and the card states still equal a replay of the log. Throughput and latency
// are printed for information only; they are measured in bench/answers_vs_sqlite.
#include <signal.h>

#include <iostream>

#include "protocol/methods.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/answer_load.hpp"
#include "tests/support/answer_log.hpp"

using namespace kioku::test;
namespace protocol = kioku::protocol;

namespace {

constexpr int kCards = 3000;
constexpr int kAnswerClients = 64;
constexpr int kStatsClients = 4;
// The benchmark runs the full 100,000; this keeps the test quick on 2 cores and under
// the sanitizers while still sharing thousands of commits among 64 clients.
constexpr std::int64_t kAnswers = 20'000;

}  // namespace

TEST_CASE("e2e: 64 clients answering at once get every answer acknowledged and logged",
          "[e2e][load]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  const std::string deck = home.write_file("load.toml", generated_deck("load", kCards));
  REQUIRE(field(call(home, protocol::kDeckImport.name, {{"path", deck}}), "added") == kCards);

  AnswerLoad load;
  load.socket_path = home.socket_path();
  load.cards = cards_to_answer(home.collection_path());
  REQUIRE(load.cards.size() == static_cast<std::size_t>(kCards));
  load.answer_clients = kAnswerClients;
  load.answers = kAnswers;
  load.stats_clients = kStatsClients;
  const AnswerLoadResult result = run_answer_load(load);

  INFO(result.failures << " failures; first: "
                       << (result.failure_samples.empty() ? "" : result.failure_samples.front()));
  CHECK(result.failures == 0);
  CHECK(static_cast<std::int64_t>(result.acknowledged.size()) == kAnswers);

  const SqliteReader collection(home.collection_path());
  const LogCheck review_log = check_review_log(collection, result.acknowledged);
  INFO(review_log.problems.size() << " acknowledged answers wrong or missing; first: "
                                  << (review_log.problems.empty() ? ""
                                                                  : review_log.problems.front()));
  CHECK(review_log.problems.empty());
  // Nothing beyond the acknowledged answers was logged, and the day's statistics agree.
  CHECK(review_log.revlog_rows == kAnswers);
  CHECK(collection.integer("SELECT coalesce(sum(reviews), 0) FROM daily_stats") == kAnswers);
  CHECK(collection.text("PRAGMA integrity_check") == "ok");
  const boost::json::value rebuilt = call(home, protocol::kDoctorRebuild.name);
  CHECK(field(rebuilt, "cards") == kCards);
  CHECK(field(rebuilt, "changed") == 0);
  REQUIRE(daemon.stop(SIGTERM) == 0);

  std::cout << "load: " << result.acknowledged.size() << " answers from " << kAnswerClients
            << " clients beside " << kStatsClients << " stats.summary loops (" << result.stats_calls
            << " calls) in " << result.seconds
            << " s: " << static_cast<std::int64_t>(result.answers_per_second())
            << " answers/s, p50 " << result.latency_percentile_ms(0.5) << " ms, p99 "
            << result.latency_percentile_ms(0.99) << " ms\n";
}
