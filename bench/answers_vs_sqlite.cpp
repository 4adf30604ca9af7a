// Answers per second and answer latency through kiokud, beside the reference measured in the
// same run: SQLite alone running the statements of an answer with one synchronous=FULL commit each.
//
//   (a) SQLite, one thread, BEGIN IMMEDIATE + the answer's statements (the card read, the log
//       row, the card's state, the day's counts and the statistics' roll-ups) + COMMIT
//   (a') (a) + one round trip per answer through kioku_echo_server (a raw Unix-socket echo with
//        kiokud's framing, as long as a review.answer request and response): the least any
//        daemon behind a socket pays. When fsync is fast, that round trip, not kiokud's work,
//        is what keeps (b) from (a).
//   (b) kiokud, 1 client          (b') the same with group commit off
//   (a), (a'), (b) and (b') take turns, 10 rounds of 200 answers each, each on its own copy
//   of the collection, so that the disk's drifting fsync time falls on all four alike.
//   (c) kiokud, 64 clients        (c') the same beside 4 clients looping stats.summary
//   (d) (c) with group commit off (d') (c') with group commit off
//
// Every kiokud run talks JSON-RPC over the real socket to a real collection (WAL,
// synchronous=FULL) of a generated 3,000-card deck; clients answer random cards right.
// Usage: answers_vs_sqlite [--scale F] [--single-client]
//   F multiplies every answer count (default 1); --single-client runs (a), (a'), (b) and (b')
//   only, to repeat the single-client figure quickly.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "daemon/store/card_state_codec.hpp"
#include "daemon/store/review_log_row.hpp"
#include "tests/support/answer_load.hpp"
#include "tests/support/answer_log.hpp"
#include "tests/support/generated_deck.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/process.hpp"

using namespace kioku::test;

namespace {

constexpr int kCards = 3000;
constexpr int kManyClients = 64;
constexpr int kStatsClients = 4;
// Commit-bound runs (one fsync per answer) get fewer answers so the whole run stays near a
// minute; the 64-client group-commit runs do the 100,000.
constexpr std::int64_t kSingleClientAnswers = 2'000;
constexpr std::int64_t kGroupedAnswers = 100'000;
constexpr std::int64_t kUngroupedAnswers = 5'000;
// Answers made before each measured configuration and not counted: the first few hundred
// answers of a fresh connection or a fresh kiokud run at about 75 % of the speed of the ones
// after (SQLite's page cache and statements warming up), which measured start-up, not answers.
constexpr std::int64_t kWarmUpAnswers = 300;
// The single-client configurations take turns this many times (single_client_rows).
constexpr int kSingleClientRounds = 10;

struct Row {
  std::string name;
  AnswerLoadResult result;
};

void check(int status, sqlite3* database, const char* what) {
  if (status != SQLITE_OK && status != SQLITE_DONE && status != SQLITE_ROW) {
    throw std::runtime_error(std::string(what) + ": " + sqlite3_errmsg(database));
  }
}

// kioku_echo_server on `socket_path`, started and waited for ("ready" on fd 3); stopped with
// SIGTERM when this goes out of scope.
class EchoServer {
 public:
  explicit EchoServer(const std::string& socket_path) {
    int ready[2];
    if (::pipe2(ready, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, ready[1], 3);
    const std::string program = KIOKU_ECHO_SERVER_PATH;
    std::string socket_argument = socket_path;
    std::string ready_argument = "3";
    char* argv[] = {const_cast<char*>(program.c_str()), socket_argument.data(),
                    ready_argument.data(), nullptr};
    const int spawned = posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(ready[1]);
    char reply[8] = {};
    pollfd wait_for{ready[0], POLLIN, 0};
    const bool ready_said = spawned == 0 && ::poll(&wait_for, 1, 10'000) > 0 &&
                            ::read(ready[0], reply, sizeof reply - 1) > 0;
    ::close(ready[0]);
    if (!ready_said) {
      if (spawned == 0) stop();
      throw std::runtime_error("kioku_echo_server did not start: " + program);
    }
  }
  ~EchoServer() { stop(); }
  EchoServer(const EchoServer&) = delete;
  EchoServer& operator=(const EchoServer&) = delete;

 private:
  void stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  pid_t pid_ = -1;
};

// What one answer costs on the wire: a request and response about as long as the load's
// review.answer lines (a few bytes either way change nothing measurable on a Unix socket), asked
// of the echo as "RESPONSE_BYTES xxx…" padded to the request's length.
constexpr std::size_t kAnswerRequestBytes = 96;
constexpr std::size_t kAnswerResponseBytes = 420;

std::string echo_request_line() {
  std::string line = std::to_string(kAnswerResponseBytes) + " ";
  line.resize(kAnswerRequestBytes - 1, 'x');
  return line + "\n";
}

// Appends `part` to `total`: the answers, their latencies (unsorted until the caller sorts them
// once, after the last part) and the time taken.
void append(AnswerLoadResult& total, const AnswerLoadResult& part) {
  total.acknowledged.insert(total.acknowledged.end(), part.acknowledged.begin(),
                            part.acknowledged.end());
  total.latencies_ms.insert(total.latencies_ms.end(), part.latencies_ms.begin(),
                            part.latencies_ms.end());
  total.failures += part.failures;
  total.failure_samples.insert(total.failure_samples.end(), part.failure_samples.begin(),
                               part.failure_samples.end());
  total.stats_calls += part.stats_calls;
  total.seconds += part.seconds;
}

// The reference: the statements kiokud runs for an answer to a learning card (the card read,
// Collection::record_answer's writes and the statistics' roll-ups), with the SQL kioku's store
// prepares, one commit per answer, on its own copy of the collection; with an echo, each answer
// also makes one round trip through it before it counts as answered. Keep it in step with the
// store: the first version ran only the three writes the answer had before the roll-ups (issue
// 14), which made kiokud's share look 0.06 ms an answer larger than it is.
class SqliteReference {
 public:
  SqliteReference(const std::string& path, const std::vector<CardToAnswer>& cards, LineClient* echo)
      : cards_(cards), echo_(echo), pick_(0, cards.size() - 1) {
    check(sqlite3_open(path.c_str(), &database_), database_, "open");
    check(sqlite3_exec(database_,
                       "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
                       "PRAGMA foreign_keys = ON;",
                       nullptr, nullptr, nullptr),
          database_, "pragmas");
    // The column lists are the store's own (kCardStateColumns, kLogRowColumns).
    read_card_ = prepare(std::string("SELECT c.id, c.deck_id, d.slug, c.external_id, c.kind, "
                                     "c.content, c.tags, c.note, s.buried_until_day, d.options, "
                                     "c.note_id, c.template, c.flag, ") +
                         kioku::daemon::kCardStateColumns +
                         " FROM cards c JOIN card_state s ON s.card_id = c.id JOIN decks d ON "
                         "d.id = c.deck_id WHERE c.id = ?1");
    append_log_ = prepare(
        "INSERT INTO revlog (card_id, reviewed_ms, day, rating, correct, chosen, phase_before, "
        "phase_after, interval_before_days, interval_after_days, due_after_ms, ease_after, "
        "stability_after, difficulty_after, duration_ms, scheduler, quality, answer_id, cram, "
        "imported) VALUES (?1, ?2, 20605, 3, 1, 1, 'learning', 'learning', 0, 0, ?2 + 600000, "
        "2.5, NULL, NULL, 4000, 'sm2', NULL, NULL, 0, 0)");
    // The learning step of the answer before, which the roll-ups' learning counts read.
    read_answer_before_ =
        prepare(std::string("SELECT ") + kioku::daemon::kLogRowColumns +
                " FROM revlog r WHERE card_id = ?1 AND id < ?2 AND cram = 0 AND NOT EXISTS "
                "(SELECT 1 FROM revlog_voids v WHERE v.review_id = r.id) ORDER BY id DESC LIMIT 1");
    // For the card's deck (?1) and for the whole collection (0).
    add_to_day_ = prepare(
        "INSERT INTO stats_day_rollup (day, answer_group, rating, retention, deck_id, answers, "
        "duration_ms) VALUES (20605, 1, 3, 0, ?1, 1, 4000) ON CONFLICT DO UPDATE SET answers = "
        "answers + excluded.answers, duration_ms = duration_ms + excluded.duration_ms");
    add_to_hour_ = prepare(
        "INSERT INTO stats_hour_rollup (day, hour, deck_id, answers, passed) VALUES (20605, 10, "
        "?1, 1, 1) ON CONFLICT DO UPDATE SET answers = answers + excluded.answers, passed = "
        "passed + excluded.passed");
    write_state_ = prepare(
        "UPDATE card_state SET phase = 'learning', due_ms = ?2 + 600000, remaining_steps = 1, "
        "interval_days = 0, ease = 2.5, reps = reps + 1, lapses = 0, last_review_ms = ?2, "
        "leech = 0, suspended = 0, stability = NULL, difficulty = NULL, repetition = 0, "
        "interday = 0 WHERE card_id = ?1");
    add_to_daily_ = prepare(
        "INSERT INTO daily_stats (day, deck_id, reviews, correct, new_cards, review_answers, "
        "duration_ms, interday_answers) VALUES (20605, ?1, 1, 1, 0, 0, 4000, 0) ON CONFLICT "
        "(day, deck_id) DO UPDATE SET reviews = reviews + 1, correct = correct + "
        "excluded.correct, new_cards = new_cards + excluded.new_cards, review_answers = "
        "review_answers + excluded.review_answers, duration_ms = duration_ms + "
        "excluded.duration_ms, interday_answers = interday_answers + excluded.interday_answers");
    answer(kWarmUpAnswers);
  }
  ~SqliteReference() {
    for (sqlite3_stmt* statement : prepared_) sqlite3_finalize(statement);
    sqlite3_close(database_);
  }
  SqliteReference(const SqliteReference&) = delete;
  SqliteReference& operator=(const SqliteReference&) = delete;

  AnswerLoadResult answer(std::int64_t answers) {
    AnswerLoadResult result;
    const auto start = std::chrono::steady_clock::now();
    for (std::int64_t i = 0; i < answers; ++i) {
      const auto began = std::chrono::steady_clock::now();
      const std::int64_t card = cards_[pick_(random_)].id;
      const std::int64_t now_ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(began.time_since_epoch()).count();
      check(sqlite3_exec(database_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), database_,
            "begin");
      const std::int64_t deck = read_card(card);
      run(append_log_, {card, now_ms});
      const std::int64_t review_id = sqlite3_last_insert_rowid(database_);
      run(read_answer_before_, {card, review_id});
      for (const std::int64_t sums : {deck, std::int64_t{0}}) {
        run(add_to_day_, {sums});
        run(add_to_hour_, {sums});
      }
      run(write_state_, {card, now_ms});
      run(add_to_daily_, {deck});
      check(sqlite3_exec(database_, "COMMIT", nullptr, nullptr, nullptr), database_, "commit");
      if (echo_ != nullptr) {
        const auto echoed = echo_->send(echo_line_) ? echo_->read_line() : std::nullopt;
        if (!echoed || echoed->size() + 1 != kAnswerResponseBytes) {
          throw std::runtime_error("kioku_echo_server answered wrongly");
        }
      }
      result.acknowledged.push_back({review_id, card});
      result.latencies_ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
              .count());
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::sort(result.latencies_ms.begin(), result.latencies_ms.end());
    return result;
  }

 private:
  sqlite3_stmt* prepare(const std::string& sql) {
    sqlite3_stmt* statement = nullptr;
    check(sqlite3_prepare_v2(database_, sql.c_str(), -1, &statement, nullptr), database_,
          sql.c_str());
    prepared_.push_back(statement);
    return statement;
  }

  // Steps `statement` with `values` bound to ?1, ?2, ... through all its rows.
  void run(sqlite3_stmt* statement, std::initializer_list<std::int64_t> values) {
    int parameter = 0;
    for (const std::int64_t value : values) sqlite3_bind_int64(statement, ++parameter, value);
    int status = SQLITE_ROW;
    while ((status = sqlite3_step(statement)) == SQLITE_ROW) {
    }
    check(status, database_, sqlite3_sql(statement));
    sqlite3_reset(statement);
  }

  // Reads every column of `card`, as kiokud reads a card before grading it; gives its deck.
  std::int64_t read_card(std::int64_t card) {
    sqlite3_bind_int64(read_card_, 1, card);
    if (sqlite3_step(read_card_) != SQLITE_ROW) {
      throw std::runtime_error("reference: card " + std::to_string(card) + " not found");
    }
    for (int column = 0; column < sqlite3_column_count(read_card_); ++column) {
      if (sqlite3_column_type(read_card_, column) == SQLITE_TEXT) {
        sqlite3_column_text(read_card_, column);
      } else {
        sqlite3_column_int64(read_card_, column);
      }
    }
    const std::int64_t deck = sqlite3_column_int64(read_card_, 1);
    sqlite3_reset(read_card_);
    return deck;
  }

  const std::vector<CardToAnswer>& cards_;
  LineClient* echo_;
  const std::string echo_line_ = echo_request_line();
  sqlite3* database_ = nullptr;
  std::vector<sqlite3_stmt*> prepared_;
  sqlite3_stmt* read_card_ = nullptr;
  sqlite3_stmt* append_log_ = nullptr;
  sqlite3_stmt* read_answer_before_ = nullptr;
  sqlite3_stmt* add_to_day_ = nullptr;
  sqlite3_stmt* add_to_hour_ = nullptr;
  sqlite3_stmt* write_state_ = nullptr;
  sqlite3_stmt* add_to_daily_ = nullptr;
  std::mt19937_64 random_{20260601};
  std::uniform_int_distribution<std::size_t> pick_;
};

std::int64_t scaled(std::int64_t answers, double scale) {
  return std::max<std::int64_t>(kManyClients, static_cast<std::int64_t>(answers * scale));
}

AnswerLoad load_of(int clients, std::int64_t answers, int stats_clients) {
  AnswerLoad load;
  load.answer_clients = clients;
  load.answers = answers;
  load.stats_clients = stats_clients;
  return load;
}

// Starts kiokud on `home`, warms it up, and runs each load against it; stops it afterwards.
void run_daemon_loads(const TempHome& home, const std::vector<CardToAnswer>& cards,
                      std::vector<std::string> arguments,
                      const std::vector<std::pair<std::string, AnswerLoad>>& loads,
                      std::vector<Row>& rows) {
  arguments.insert(arguments.begin(), "--no-bundled-decks");
  DaemonProcess daemon(home, arguments);
  if (!daemon.started()) throw std::runtime_error("kiokud did not start:\n" + daemon.log());
  AnswerLoad warm_up = load_of(1, kWarmUpAnswers, 0);
  warm_up.socket_path = home.socket_path();
  warm_up.cards = cards;
  if (run_answer_load(warm_up).failures > 0) throw std::runtime_error("warm-up answers failed");
  for (auto [name, load] : loads) {
    load.socket_path = home.socket_path();
    load.cards = cards;
    std::cerr << "running " << name << " ...\n";
    AnswerLoadResult result = run_answer_load(load);
    if (result.failures > 0) {
      throw std::runtime_error(name + ": " + std::to_string(result.failures) +
                               " failed requests; first: " + result.failure_samples.front());
    }
    rows.push_back({name, std::move(result)});
  }
  if (daemon.stop(SIGTERM) != 0) throw std::runtime_error("kiokud failed:\n" + daemon.log());
}

// A kiokud on its own copy of `home`'s collection, for the single-client rounds.
struct RoundDaemon {
  RoundDaemon(const TempHome& source, std::vector<std::string> arguments) {
    std::filesystem::create_directories(home.data_dir());
    std::filesystem::copy_file(source.collection_path(), home.collection_path());
    arguments.insert(arguments.begin(), "--no-bundled-decks");
    daemon.emplace(home, arguments);
    if (!daemon->started()) throw std::runtime_error("kiokud did not start:\n" + daemon->log());
  }
  TempHome home;
  std::optional<DaemonProcess> daemon;
};

// (a), (a'), (b) and (b'), each on its own copy of the collection, measured in interleaved
// rounds: the shared disk's fsync time drifts by 2x within a minute, and configurations run one
// after another had measured that drift more than themselves.
std::vector<Row> single_client_rows(const TempHome& home, const std::vector<CardToAnswer>& cards,
                                    std::int64_t answers) {
  const std::string echo_socket = home.root() + "/echo.sock";
  EchoServer echo_server(echo_socket);
  LineClient echo(echo_socket);
  if (!echo.connected()) throw std::runtime_error("cannot connect to kioku_echo_server");
  const std::string reference_path = home.root() + "/reference.sqlite";
  const std::string echoed_reference_path = home.root() + "/reference-echoed.sqlite";
  std::filesystem::copy_file(home.collection_path(), reference_path);
  std::filesystem::copy_file(home.collection_path(), echoed_reference_path);
  SqliteReference alone(reference_path, cards, nullptr);
  SqliteReference echoed(echoed_reference_path, cards, &echo);
  RoundDaemon grouped(home, {});
  RoundDaemon ungrouped(home, {"--no-group-commit"});

  std::vector<Row> rows = {{"(a) SQLite alone, 1 synchronous=FULL commit per answer", {}},
                           {"(a') (a) + 1 raw socket echo per answer", {}},
                           {"(b) kiokud, 1 client", {}},
                           {"(b') kiokud, 1 client, group commit off", {}}};
  // Each load picks its cards from a stream of its own, as each reference keeps drawing from
  // one: with one seed every round answered the same 200 cards again, which soon left learning
  // (the reference's cards never do) and skipped the roll-ups' look-up of the answer before.
  std::uint64_t loads_run = 0;
  const auto daemon_answers = [&](const RoundDaemon& round_daemon, std::int64_t count) {
    AnswerLoad load = load_of(1, count, 0);
    load.seed += ++loads_run;
    load.socket_path = round_daemon.home.socket_path();
    load.cards = cards;
    AnswerLoadResult result = run_answer_load(load);
    if (result.failures > 0) {
      throw std::runtime_error("single client: " + std::to_string(result.failures) +
                               " failed requests; first: " + result.failure_samples.front());
    }
    return result;
  };
  daemon_answers(grouped, kWarmUpAnswers);
  daemon_answers(ungrouped, kWarmUpAnswers);
  std::cerr << "running (a), (a'), (b), (b') in " << kSingleClientRounds << " rounds ...\n";
  const std::int64_t per_round = std::max<std::int64_t>(1, answers / kSingleClientRounds);
  // Within every four rounds each configuration runs right after each other one once (a
  // balanced Latin square): one that always ran after another measured what that one left to
  // the disk (kiokud grouped, always after the SQLite + echo rounds, had its fsync's median 0.05
  // ms above the ungrouped kiokud's just after it).
  const std::function<void()> configurations[] = {
      [&] { append(rows[0].result, alone.answer(per_round)); },
      [&] { append(rows[1].result, echoed.answer(per_round)); },
      [&] { append(rows[2].result, daemon_answers(grouped, per_round)); },
      [&] { append(rows[3].result, daemon_answers(ungrouped, per_round)); }};
  constexpr int kOrders[4][4] = {{0, 1, 3, 2}, {1, 2, 0, 3}, {2, 3, 1, 0}, {3, 0, 2, 1}};
  for (int round = 0; round < kSingleClientRounds; ++round) {
    for (const int configuration : kOrders[round % 4]) configurations[configuration]();
  }
  for (Row& row : rows) std::sort(row.result.latencies_ms.begin(), row.result.latencies_ms.end());
  for (RoundDaemon* round_daemon : {&grouped, &ungrouped}) {
    if (round_daemon->daemon->stop(SIGTERM) != 0) {
      throw std::runtime_error("kiokud failed:\n" + round_daemon->daemon->log());
    }
  }
  return rows;
}

void print_table(const std::vector<Row>& rows) {
  const double reference = rows.front().result.answers_per_second();
  std::printf("%-52s %8s %10s %8s %8s %8s\n", "configuration", "answers", "answers/s", "p50 ms",
              "p99 ms", "vs (a)");
  for (const Row& row : rows) {
    const AnswerLoadResult& result = row.result;
    std::printf("%-52s %8zu %10.0f %8.2f %8.2f %8.2f\n", row.name.c_str(),
                result.acknowledged.size(), result.answers_per_second(),
                result.latency_percentile_ms(0.5), result.latency_percentile_ms(0.99),
                result.answers_per_second() / reference);
  }
}

}  // namespace

int main(int argc, char** argv) {
  double scale = 1;
  bool single_client_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "--scale" && i + 1 < argc) {
      scale = std::stod(argv[++i]);
    } else if (argument == "--single-client") {
      single_client_only = true;
    } else {
      std::cerr << "usage: answers_vs_sqlite [--scale F] [--single-client]\n";
      return 2;
    }
  }
  try {
    TempHome home;
    const std::string deck = home.write_file("bench.toml", generated_deck("bench", kCards));
    {
      DaemonProcess daemon(home, {"--no-bundled-decks"});
      if (!daemon.started()) throw std::runtime_error("kiokud did not start:\n" + daemon.log());
      LineClient client(home.socket_path());
      const auto imported = client.request(request_line(1, "deck.import", {{"path", deck}}));
      if (!imported.is_object() || !imported.as_object().contains("result")) {
        throw std::runtime_error("import failed: " + boost::json::serialize(imported));
      }
      daemon.stop(SIGTERM);
    }
    const std::vector<CardToAnswer> cards = cards_to_answer(home.collection_path());
    std::vector<Row> rows = single_client_rows(home, cards, scaled(kSingleClientAnswers, scale));
    if (single_client_only) {
      print_table(rows);
      return 0;
    }
    const std::int64_t grouped = scaled(kGroupedAnswers, scale);
    run_daemon_loads(home, cards, {},
                     {{"(c) kiokud, 64 clients, group commit", load_of(kManyClients, grouped, 0)},
                      {"(c') (c) + 4 clients looping stats.summary",
                       load_of(kManyClients, grouped, kStatsClients)}},
                     rows);
    const std::int64_t ungrouped = scaled(kUngroupedAnswers, scale);
    run_daemon_loads(
        home, cards, {"--no-group-commit"},
        {{"(d) kiokud, 64 clients, group commit off", load_of(kManyClients, ungrouped, 0)},
         {"(d') (d) + 4 clients looping stats.summary",
          load_of(kManyClients, ungrouped, kStatsClients)}},
        rows);
    print_table(rows);
    for (const Row& row : rows) {
      if (row.result.stats_calls > 0) {
        std::printf("%s: %lld stats.summary calls beside it, %.0f/s\n", row.name.c_str(),
                    static_cast<long long>(row.result.stats_calls),
                    static_cast<double>(row.result.stats_calls) / row.result.seconds);
      }
    }
  } catch (const std::exception& error) {
    std::cerr << "answers_vs_sqlite: " << error.what() << '\n';
    return 1;
  }
  return 0;
}
