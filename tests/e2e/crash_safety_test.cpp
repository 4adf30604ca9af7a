// Crash safety: kill -9 at random moments never loses an acknowledged answer, never corrupts the
// collection and never leaves half an import behind.
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "protocol/json_rpc.hpp"
#include "protocol/methods.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/answer_log.hpp"
#include "tests/support/file_watch.hpp"
#include "tests/support/line_client.hpp"

using namespace kioku::test;
namespace json = boost::json;
namespace protocol = kioku::protocol;
namespace code = kioku::protocol::code;

namespace {

constexpr int kReviewers = 16;
constexpr int kKills = 50;
constexpr int kReviewCards = 2000;
constexpr int kImportCards = 20000;
constexpr std::int64_t kFewestAnswersBetweenKills = 20;
constexpr std::int64_t kMostAnswersBetweenKills = 200;
constexpr std::uint64_t kSeed = 20260601;
// Only a guard against a hung run: the controller waits for answers, never for time.
constexpr auto kNoProgressLimit = std::chrono::seconds(30);
const char* const kReviewDeck = "crash";
const char* const kImportDeck = "big";

std::vector<std::string> daemon_arguments() {
  return {"--no-bundled-decks"};
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Shared by the controller (the test's thread) and the reviewers; everything under `mutex`.
struct Coordination {
  std::mutex mutex;
  std::condition_variable changed;
  int generation = 0;  // the daemon instance running; bumped once a restarted one is ready
  bool finished = false;
  std::int64_t acknowledged = 0;  // answers acknowledged since the last restart
  std::int64_t kill_after = 0;    // the controller kills once `acknowledged` reaches this
  int idle = 0;                   // reviewers waiting for an instance newer than `generation`
};

// One reviewer: review.next then review.answer as fast as the daemon answers, over its own
// connection, until the connection breaks; then it waits for the controller's restart.
// Runs on its own thread; the test's thread reads the results only after joining it.
class Reviewer {
 public:
  Reviewer(int index, std::string socket_path, Coordination& coordination)
      : socket_path_(std::move(socket_path)),
        coordination_(coordination),
        random_(kSeed + 1 + static_cast<std::uint64_t>(index)) {}

  void run() {
    for (;;) {
      int generation = 0;
      {
        std::lock_guard lock(coordination_.mutex);
        if (coordination_.finished) return;
        generation = coordination_.generation;
      }
      try {
        LineClient client(socket_path_);
        if (client.connected()) review_until_lost(client);
      } catch (const std::exception& error) {
        unexpected.push_back(std::string("exception: ") + error.what());
      }
      std::unique_lock lock(coordination_.mutex);
      if (coordination_.generation == generation && !coordination_.finished) {
        ++coordination_.idle;
        coordination_.changed.notify_all();
        coordination_.changed.wait(
            lock, [&] { return coordination_.finished || coordination_.generation != generation; });
      }
    }
  }

  std::vector<AcknowledgedAnswer> acknowledged;
  std::int64_t lost_connections = 0;
  std::int64_t conflicts = 0;
  std::vector<std::string> unexpected;

 private:
  bool finished() {
    std::lock_guard lock(coordination_.mutex);
    return coordination_.finished;
  }

  std::int64_t pick(std::int64_t low, std::int64_t high) {
    return std::uniform_int_distribution<std::int64_t>(low, high)(random_);
  }

  // Right for three answers in four, with every rating; wrong ones are rated again, explicitly
  // or by default. Durations go past the 60 s cap.
  json::object answer_for(const json::object& card, std::int64_t right) {
    const auto choices = static_cast<std::int64_t>(card.at("choices").as_array().size());
    json::object params{{"card", card.at("id")}, {"duration_ms", pick(0, 90'000)}};
    if (pick(0, 3) == 0) {
      params["choice"] = 1 + (right - 1 + pick(1, choices - 1)) % choices;
      if (pick(0, 1) == 0) params["rating"] = "again";
    } else {
      params["choice"] = right;
      static const char* const kRatings[] = {nullptr, "again", "hard", "good", "easy", "h", "E"};
      if (const char* rating = kRatings[pick(0, 6)]) params["rating"] = rating;
    }
    return params;
  }

  void review_until_lost(LineClient& client) {
    std::int64_t id = 0;
    while (!finished()) {
      const json::value next =
          client.request(request_line(++id, protocol::kReviewNext.name, {{"deck", kReviewDeck}}));
      if (next.is_null()) {
        ++lost_connections;
        return;
      }
      const json::value* card = next.as_object().contains("result")
                                    ? next.at("result").as_object().if_contains("card")
                                    : nullptr;
      if (card == nullptr || !card->is_object()) {
        unexpected.push_back("review.next gave no card: " + json::serialize(next));
        return;
      }
      const std::int64_t card_id = card->at("id").as_int64();
      // review.next does not say which choice is right; review.check does, recording nothing.
      const json::value check = client.request(
          request_line(++id, protocol::kReviewCheck.name, {{"card", card_id}, {"choice", 1}}));
      if (check.is_null()) {
        ++lost_connections;
        return;
      }
      if (!check.as_object().contains("result")) {
        unexpected.push_back("review.check failed: " + json::serialize(check));
        return;
      }
      const std::int64_t right = check.at("result").at("answer").as_int64();
      const json::value answer = client.request(
          request_line(++id, protocol::kReviewAnswer.name, answer_for(card->as_object(), right)));
      if (answer.is_null()) {
        ++lost_connections;
        return;
      }
      if (const json::value* error = answer.as_object().if_contains("error")) {
        // The card was suspended (as a leech) by another reviewer's answer.
        if (error->at("code").as_int64() == code::kConflict) {
          ++conflicts;
          continue;
        }
        unexpected.push_back("review.answer failed: " + json::serialize(answer));
        return;
      }
      const json::value& result = answer.at("result");
      acknowledged.push_back({result.at("review_id").as_int64(), card_id});
      if (result.at("card").as_int64() != card_id) {
        unexpected.push_back("review.answer for card " + std::to_string(card_id) +
                             " answered for another: " + json::serialize(answer));
      }
      std::lock_guard lock(coordination_.mutex);
      if (++coordination_.acknowledged >= coordination_.kill_after) {
        coordination_.changed.notify_all();
      }
    }
  }

  std::string socket_path_;
  Coordination& coordination_;
  std::mt19937_64 random_;
};

// The reviewers on their threads; stop() (or leaving the scope, e.g. on a failed REQUIRE)
// finishes and joins them.
class ReviewerPool {
 public:
  ReviewerPool(const std::string& socket_path, Coordination& coordination)
      : coordination_(coordination) {
    for (int index = 0; index < kReviewers; ++index) {
      reviewers_.push_back(std::make_unique<Reviewer>(index, socket_path, coordination));
      threads_.emplace_back([reviewer = reviewers_.back().get()] { reviewer->run(); });
    }
  }
  ~ReviewerPool() { stop(); }
  ReviewerPool(const ReviewerPool&) = delete;
  ReviewerPool& operator=(const ReviewerPool&) = delete;

  void stop() {
    {
      std::lock_guard lock(coordination_.mutex);
      coordination_.finished = true;
    }
    coordination_.changed.notify_all();
    for (std::thread& thread : threads_) {
      if (thread.joinable()) thread.join();
    }
  }

  const std::vector<std::unique_ptr<Reviewer>>& reviewers() const { return reviewers_; }

 private:
  Coordination& coordination_;
  std::vector<std::unique_ptr<Reviewer>> reviewers_;
  std::vector<std::thread> threads_;
};

// Kills the daemon after a random number of acknowledged answers and restarts it, kKills times.
// Returns "" or what went wrong; `daemon` is the running instance afterwards. A DaemonProcess,
// not a RunningDaemon: a failed restart must be reported, not thrown past the reviewer threads.
std::string kill_and_restart(const TempHome& home, std::unique_ptr<DaemonProcess>& daemon,
                             Coordination& coordination, int& kills) {
  std::mt19937_64 random(kSeed);
  std::uniform_int_distribution<std::int64_t> answers(kFewestAnswersBetweenKills,
                                                      kMostAnswersBetweenKills);
  for (kills = 0; kills < kKills; ++kills) {
    {
      std::unique_lock lock(coordination.mutex);
      coordination.kill_after = answers(random);
      coordination.changed.wait_for(lock, kNoProgressLimit, [&] {
        return coordination.acknowledged >= coordination.kill_after ||
               coordination.idle == kReviewers;
      });
      if (coordination.acknowledged < coordination.kill_after) {
        return "no progress before kill " + std::to_string(kills + 1) + ": " +
               std::to_string(coordination.acknowledged) + " answers, " +
               std::to_string(coordination.idle) + " reviewers idle";
      }
    }
    const int status = daemon->stop(SIGKILL);
    if (status != 128 + SIGKILL) {
      return "kiokud exited with " + std::to_string(status) + " before kill " +
             std::to_string(kills + 1) + ":\n" + daemon->log();
    }
    daemon = std::make_unique<DaemonProcess>(home, daemon_arguments());
    if (!daemon->started()) {
      return "restart " + std::to_string(kills + 1) + " failed:\n" + daemon->log();
    }
    {
      std::lock_guard lock(coordination.mutex);
      ++coordination.generation;
      coordination.idle = 0;
      coordination.acknowledged = 0;
    }
    coordination.changed.notify_all();
  }
  return {};
}

}  // namespace

TEST_CASE("e2e: 50 kill -9 restarts under 16 reviewers lose no acknowledged answer",
          "[e2e][crash]") {
  const auto start = std::chrono::steady_clock::now();
  TempHome home;
  auto daemon = std::make_unique<DaemonProcess>(home, daemon_arguments());
  REQUIRE(daemon->started());
  const std::string deck = home.write_file("crash.toml", generated_deck(kReviewDeck, kReviewCards));
  const auto imported = parse_output(run_kioku(home, {"import", deck, "--json"}));
  REQUIRE(field(imported, "added") == kReviewCards);
  // All 2,000 cards may be introduced today (the review limit caps new cards too), so reviewers
  // never run out of cards.
  call(home, protocol::kDeckConfig.name,
       {{"deck", kReviewDeck}, {"set", {{"new_per_day", "9999"}, {"reviews_per_day", "9999"}}}});

  Coordination coordination;
  ReviewerPool pool(home.socket_path(), coordination);
  int kills = 0;
  const std::string failure = kill_and_restart(home, daemon, coordination, kills);
  pool.stop();

  std::vector<AcknowledgedAnswer> acknowledged;
  std::int64_t lost_connections = 0;
  std::int64_t conflicts = 0;
  std::vector<std::string> unexpected;
  for (const auto& reviewer : pool.reviewers()) {
    acknowledged.insert(acknowledged.end(), reviewer->acknowledged.begin(),
                        reviewer->acknowledged.end());
    lost_connections += reviewer->lost_connections;
    conflicts += reviewer->conflicts;
    unexpected.insert(unexpected.end(), reviewer->unexpected.begin(), reviewer->unexpected.end());
  }
  CHECK(unexpected.empty());
  for (std::size_t i = 0; i < unexpected.size() && i < 5; ++i) WARN(unexpected[i]);
  INFO(failure);
  REQUIRE(failure.empty());

  SqliteReader collection(home.collection_path());
  CHECK(collection.text("PRAGMA integrity_check") == "ok");
  const LogCheck review_log = check_review_log(collection, acknowledged);
  INFO(review_log.problems.size() << " acknowledged answers wrong or missing; first: "
                                  << (review_log.problems.empty() ? ""
                                                                  : review_log.problems.front()));
  CHECK(review_log.problems.empty());
  const std::int64_t revlog_rows = review_log.revlog_rows;
  CHECK(revlog_rows >= static_cast<std::int64_t>(acknowledged.size()));
  // The log row, the card's state and the day's statistics are committed together.
  CHECK(collection.integer("SELECT coalesce(sum(reviews), 0) FROM daily_stats") == revlog_rows);

  const json::value rebuilt = call(home, protocol::kDoctorRebuild.name);
  INFO("doctor.rebuild: " << json::serialize(rebuilt));
  CHECK(field(rebuilt, "cards") == kReviewCards);
  CHECK(field(rebuilt, "changed") == 0);
  REQUIRE(daemon->stop(SIGTERM) == 0);

  std::cout << "crash safety: " << acknowledged.size() << " acknowledged answers, " << kills
            << " kill -9 restarts, " << revlog_rows << " revlog rows ("
            << revlog_rows - static_cast<std::int64_t>(acknowledged.size())
            << " unacknowledged answers landed), " << lost_connections << " lost connections, "
            << conflicts << " conflicts, " << seconds_since(start) << " s\n";
}

TEST_CASE("e2e: an import killed by kill -9 leaves all of its cards or none", "[e2e][crash]") {
  const auto start = std::chrono::steady_clock::now();
  TempHome files;
  const std::string deck = files.write_file("big.toml", generated_deck(kImportDeck, kImportCards));
  const json::object import_params{{"path", deck}};

  // How long a whole import takes here and how much it writes to the write-ahead log, so that
  // the kills below can land inside one.
  double whole_import_ms = 0;
  std::int64_t whole_import_wal = 0;
  {
    RunningDaemon daemon(daemon_arguments());
    const TempHome& home = daemon.home();
    const std::int64_t wal_before = file_size(home.collection_path() + "-wal");
    const auto before = std::chrono::steady_clock::now();
    CHECK(field(call(home, protocol::kDeckImport.name, import_params), "added") == kImportCards);
    whole_import_ms = seconds_since(before) * 1000;
    whole_import_wal = file_size(home.collection_path() + "-wal") - wal_before;
  }

  // Kill moments: right after the request is sent; once another connection's request has been
  // answered; after waiting for the import's own reply for a share of a whole import (parsing
  // comes first, so these mostly land before the transaction); and once the WAL has grown by a
  // share of a whole import's writes (these land inside the transaction).
  enum class Moment { kAfterSend, kAfterOtherAnswer, kAfterWaiting, kAtWalGrowth };
  const std::vector<std::pair<Moment, double>> plans = {
      {Moment::kAfterSend, 0},      {Moment::kAfterOtherAnswer, 0}, {Moment::kAfterWaiting, 0.25},
      {Moment::kAfterWaiting, 0.5}, {Moment::kAfterWaiting, 0.75},  {Moment::kAtWalGrowth, 0},
      {Moment::kAtWalGrowth, 0.25}, {Moment::kAtWalGrowth, 0.5},    {Moment::kAtWalGrowth, 0.75},
      {Moment::kAtWalGrowth, 0.95}};
  std::string outcomes;
  int all = 0;
  int none = 0;
  for (const auto& [when, share] : plans) {
    TempHome home;
    auto daemon = std::make_unique<RunningDaemon>(home, daemon_arguments());
    LineClient importer(home.socket_path());
    LineClient other(home.socket_path());
    REQUIRE((importer.connected() && other.connected()));
    FileWatch watch(home.data_dir());
    const std::string wal = home.collection_path() + "-wal";
    const std::int64_t wal_before = file_size(wal);

    REQUIRE(importer.send(request_line(1, protocol::kDeckImport.name, import_params) + "\n"));
    std::string moment = "right after sending";
    bool answered = false;
    if (when == Moment::kAfterOtherAnswer) {
      moment = "after another client's answer";
      // kiokud answers it once the import ahead of it is done, so give it a whole import's time
      // (ASan under a loaded machine takes about 10 s for one) on top of the usual wait.
      const int wait_ms = 10'000 + static_cast<int>(2 * whole_import_ms);
      CHECK(other.request(request_line(2, protocol::kHello.name, {}), wait_ms).is_object());
    } else if (when == Moment::kAfterWaiting) {
      const int wait_ms = static_cast<int>(share * whole_import_ms);
      moment = "after waiting " + std::to_string(wait_ms) + " ms for the reply";
      answered = importer.read_line(wait_ms).has_value();
    } else if (when == Moment::kAtWalGrowth) {
      const auto growth = std::max<std::int64_t>(
          1, static_cast<std::int64_t>(share * static_cast<double>(whole_import_wal)));
      moment = "once the WAL grew by " + std::to_string(growth) + " bytes";
      if (!watch.wait_until_size(wal, wal_before + growth, 5'000)) moment += " (it did not)";
    }
    REQUIRE(daemon->stop(SIGKILL) == 128 + SIGKILL);
    const std::int64_t wal_growth = file_size(wal) - wal_before;

    daemon = std::make_unique<RunningDaemon>(home, daemon_arguments());
    SqliteReader collection(home.collection_path());
    const std::int64_t cards = collection.integer("SELECT count(*) FROM cards");
    INFO("killed " << moment << "; the WAL had grown by " << wal_growth << " bytes; " << cards
                   << " cards afterwards");
    CHECK(collection.text("PRAGMA integrity_check") == "ok");
    CHECK((cards == 0 || cards == kImportCards));
    if (answered) CHECK(cards == kImportCards);
    CHECK(collection.integer("SELECT count(*) FROM card_state") == cards);
    CHECK(collection.integer("SELECT count(*) FROM decks") == (cards == 0 ? 0 : 1));
    // The collection stays usable: importing again completes the deck.
    const json::value again = call(home, protocol::kDeckImport.name, import_params);
    CHECK(field(again, "added") == kImportCards - cards);
    CHECK(field(again, "unchanged") == cards);
    (cards == 0 ? none : all) += 1;
    outcomes += "  killed " + moment + (answered ? " (import answered)" : "") + ": WAL +" +
                std::to_string(wal_growth) + " bytes, " + std::to_string(cards) + " cards\n";
  }
  std::cout << "import crash safety: a whole import of " << kImportCards << " cards takes "
            << static_cast<int>(whole_import_ms) << " ms and writes " << whole_import_wal
            << " bytes of WAL; " << plans.size() << " kills: " << none << " left no card, " << all
            << " all cards; " << seconds_since(start) << " s\n"
            << outcomes;
}
