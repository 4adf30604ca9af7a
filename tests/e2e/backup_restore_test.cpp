// kioku backup and kioku restore through the real binaries (docs/backup.md): a backup taken
// while kiokud serves holds what the collection held; a restore brings the earlier state back
// and keeps the collection it replaced; each file restore refuses is named, and changes nothing;
// another connected client stops a restore unless --force.
#include <filesystem>
#include <fstream>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/e2e/worker_held.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/piped_process.hpp"
#include "tests/support/sqlite_lock_holder.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;

namespace {

std::string one_value(const std::string& path, const std::string& sql) {
  const SqliteReader reader(path);
  return reader.rows(sql).at(0).at(0);
}

std::int64_t count_rows(const std::string& path, const std::string& table) {
  return std::stoll(one_value(path, "SELECT count(*) FROM " + table));
}

// Everything the log holds, one line per answer, to compare two collections by.
std::string revlog_text(const std::string& path) {
  const SqliteReader reader(path);
  std::string text;
  for (const auto& row : reader.rows("SELECT * FROM revlog ORDER BY id")) {
    for (const std::string& column : row) text += column + '|';
    text += '\n';
  }
  return text;
}

// Imports the format 1 deck and answers its first `answers` cards.
void import_and_answer(const TempHome& home, int answers) {
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  std::string input;
  for (int i = 0; i < answers; ++i) input += "1\n";
  const auto review = run_kioku(home, {"review", "--no-shuffle"}, input);
  INFO(review.out << review.err);
  REQUIRE(review.exit_code == 0);
}

// Imports the format 1 deck, answers its first `answers` cards and backs the collection up to
// `name` in the test's home; returns the backup's path.
std::string answered_and_backed_up(const TempHome& home, int answers, const std::string& name) {
  import_and_answer(home, answers);
  const std::string file = home.root() + "/" + name;
  REQUIRE(run_kioku(home, {"backup", file}).exit_code == 0);
  return file;
}

// Tables with the names check_restorable looks for, and nothing of their columns.
constexpr const char* kNamesOnly =
    "CREATE TABLE collection_meta (a); CREATE TABLE decks (a); CREATE TABLE cards (a); "
    "CREATE TABLE card_state (a); CREATE TABLE revlog (a); ";

// Runs `sql` on the SQLite file at `path` (made when missing).
void run_sql(const std::string& path, const std::string& sql) {
  sqlite3* database = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &database) == SQLITE_OK);
  const int result = sqlite3_exec(database, sql.c_str(), nullptr, nullptr, nullptr);
  sqlite3_close(database);
  REQUIRE(result == SQLITE_OK);
}

// A copy of the collection at `path` beside it as `name`, with `sql` run on it; its path.
std::string altered_copy(const std::string& path, const std::string& name, const std::string& sql) {
  const std::string copy = std::filesystem::path(path).parent_path().string() + "/" + name;
  std::filesystem::copy_file(path, copy);
  run_sql(copy, sql);
  return copy;
}

void answer_one_more(const TempHome& home) {
  const auto review = run_kioku(home, {"review", "--no-shuffle"}, "1\n");
  INFO(review.out << review.err);
  REQUIRE(review.exit_code == 0);
}

// A daemon whose collection has two answers, and a backup of it made after the first.
struct OneAnswerBackedUp {
  RunningDaemon daemon{{"--no-bundled-decks", "--clock-start", clock_start(kMorning)}};
  std::string file = answered_and_backed_up(daemon.home(), 1, "one-answer.sqlite");

  OneAnswerBackedUp() { answer_one_more(daemon.home()); }
};

// Sends the restore of `file` on `restorer` (forced, hearing its progress) and waits until it
// has told its first stage: from then its work runs on kiokud's worker, and other writes are
// refused.
void send_restore_and_wait_for_it(LineClient& restorer, const std::string& file) {
  REQUIRE(restorer.send(request_line(kHeldRequestId, "collection.restore",
                                     {{"file", file}, {"force", true}, {"progress", true}}) +
                        "\n"));
  REQUIRE(wait_for_stage(restorer, "checking"));
}

// What a restore whose client left leaves: the collection with its `answers`, no copy kept, and
// the log's line. Asked once kiokud's worker is done with the restore (it runs one piece of work
// at a time: the backups' list comes after it).
void expect_restore_stopped(const RunningDaemon& daemon, std::int64_t answers) {
  const TempHome& home = daemon.home();
  LineClient watcher(home.socket_path());
  REQUIRE(watcher.connected());
  const auto listed = result_of(rpc(watcher, "collection.backups", {}, 120'000));
  for (const auto& backup : listed.at("backups").as_array()) {
    CHECK(backup.at("kind").as_string() != "before-restore");
  }
  CHECK(count_rows(home.collection_path(), "revlog") == answers);
  CHECK(has(daemon.log(), "kiokud: collection.restore stopped: its client left"));
}

}  // namespace

TEST_CASE("e2e: kioku backup while kiokud serves gives a file with the same cards and log",
          "[e2e][backup]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  import_and_answer(home, 3);

  const auto backed_up = run_kioku(home, {"backup", "--json"});
  const auto result = parse_output(backed_up);
  const std::string path(result.at("path").as_string());
  CHECK(path.starts_with(home.data_dir() + "/backups/collection-"));
  CHECK(path.ends_with(".sqlite"));
  CHECK(field(result, "cards") == 8);
  CHECK(field(result, "reviews") == 3);
  CHECK(field(result, "bytes") > 0);
  CHECK(count_rows(path, "cards") == count_rows(home.collection_path(), "cards"));
  CHECK(revlog_text(path) == revlog_text(home.collection_path()));
  CHECK(one_value(path, "PRAGMA integrity_check") == "ok");
  expect_still_serving(home);

  SECTION("a second backup in the same second gets a new name") {
    const auto again = parse_output(run_kioku(home, {"backup", "--json"}));
    CHECK(std::string(again.at("path").as_string()) != path);
    CHECK(revlog_text(path) == revlog_text(std::string(again.at("path").as_string())));
  }
  SECTION("FILE, in words; an existing FILE is refused unless --force") {
    const std::string file = home.root() + "/mine.sqlite";
    const auto first = run_kioku(home, {"backup", file});
    INFO(first.out << first.err);
    CHECK(first.exit_code == 0);
    CHECK(first.out.find("Backed up the collection to " + file) != std::string::npos);
    CHECK(first.out.find("8 cards, ") != std::string::npos);
    CHECK(first.out.find(", 3 reviews\n") != std::string::npos);
    answer_one_more(home);
    const auto refused = run_kioku(home, {"--lang", "ja", "backup", file});
    CHECK(refused.exit_code != 0);
    CHECK(refused.err.find(file + " は既に存在します") != std::string::npos);
    CHECK(count_rows(file, "revlog") == 3);
    const auto forced = run_kioku(home, {"backup", file, "--force"});
    CHECK(forced.exit_code == 0);
    CHECK(count_rows(file, "revlog") == 4);
  }
  SECTION("a directory is refused as a directory, --force or not") {
    for (const std::vector<std::string>& arguments :
         {std::vector<std::string>{"backup", home.root()},
          std::vector<std::string>{"backup", home.root(), "--force"}}) {
      const auto refused = run_kioku(home, arguments);
      CHECK(refused.exit_code == 2);
      CHECK(refused.err == "kioku: " + home.root() +
                               " is a directory; name a file in it (kioku backup without a file "
                               "keeps dated copies in kiokud's backups directory)\n");
    }
  }
}

TEST_CASE("e2e: kioku restore brings back the earlier state and keeps the replaced collection",
          "[e2e][backup]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string file = answered_and_backed_up(home, 2, "before.sqlite");
  const std::string earlier_log = revlog_text(home.collection_path());

  answer_one_more(home);
  REQUIRE(count_rows(home.collection_path(), "revlog") == 3);
  const std::string later_log = revlog_text(home.collection_path());

  const auto restored = run_kioku(home, {"restore", file, "--json"});
  const auto result = parse_output(restored);
  CHECK(std::string(result.at("file").as_string()) == file);
  CHECK(field(result, "reviews") == 2);
  CHECK(field(result, "cards") == 8);
  // The answer given after the backup is gone; the daemon serves the earlier state.
  CHECK(revlog_text(home.collection_path()) == earlier_log);
  const auto stats = parse_output(run_kioku(home, {"stats", "--json"}));
  CHECK(answers_today(stats) == 2);
  // The replaced collection is kept, with that answer.
  const std::string kept(result.at("kept").as_string());
  CHECK(kept.starts_with(home.data_dir() + "/backups/before-restore-"));
  CHECK(revlog_text(kept) == later_log);
  // Reviews go on in the restored collection.
  answer_one_more(home);
  CHECK(count_rows(home.collection_path(), "revlog") == 3);
  expect_still_serving(home);

  SECTION("in words, in Japanese") {
    const auto again = run_kioku(home, {"--lang", "ja", "restore", file});
    INFO(again.out << again.err);
    CHECK(again.exit_code == 0);
    CHECK(again.out.find("コレクションを " + file + " から復元しました") != std::string::npos);
    CHECK(again.out.find("置き換えたコレクションは ") != std::string::npos);
    CHECK(count_rows(home.collection_path(), "revlog") == 2);
  }
}

TEST_CASE("e2e: kioku restore refuses a file that is not a kioku collection it can take",
          "[e2e][backup]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string good = answered_and_backed_up(home, 2, "good.sqlite");
  const std::string log_before = revlog_text(home.collection_path());

  std::string file;
  std::string reason;
  SECTION("not an SQLite database") {
    file = home.write_file("notes.txt", std::string(8192, 'x'));
    reason = "not an SQLite database";
  }
  SECTION("a truncated database") {
    file = home.root() + "/truncated.sqlite";
    const std::string bytes = read_file(good);
    std::ofstream(file, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    reason = "damage";
  }
  SECTION("a damaged database") {
    file = home.root() + "/damaged.sqlite";
    std::string bytes = read_file(good);
    REQUIRE(bytes.size() > 3 * 4096);
    // Page 3 on: b-tree pages overwritten with noise.
    for (std::size_t at = 2 * 4096; at < bytes.size(); ++at) bytes[at] = static_cast<char>(at * 7);
    std::ofstream(file, std::ios::binary) << bytes;
    reason = "damage";
  }
  SECTION("a newer schema") {
    file = home.root() + "/newer.sqlite";
    std::string bytes = read_file(good);
    // PRAGMA user_version is the header's 4 bytes at offset 60, big-endian.
    bytes[60] = 0;
    bytes[61] = 0;
    bytes[62] = 0x03;
    bytes[63] = static_cast<char>(0xe7);  // 999
    std::ofstream(file, std::ios::binary) << bytes;
    reason = "schema version 999 is newer than this kiokud's";
  }
  SECTION("an SQLite database that is not kioku's") {
    file = home.root() + "/other.sqlite";
    run_sql(file, "CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('a')");
    reason = "not a kioku collection";
  }
  SECTION("kioku's table names over tables of another shape") {
    file = home.root() + "/names.sqlite";
    // kioku's table names, at this kiokud's schema version.
    run_sql(file, std::string(kNamesOnly) +
                      "PRAGMA user_version = " + one_value(good, "PRAGMA user_version"));
    reason = "not a kioku collection: its schema is not kioku's";
  }
  SECTION("a kioku collection with a trigger of its own") {
    file =
        altered_copy(good, "trigger.sqlite",
                     "CREATE TRIGGER forget AFTER INSERT ON revlog BEGIN DELETE FROM cards; END");
    reason = "(it has trigger forget on revlog)";
  }
  SECTION("a kioku collection whose index is another") {
    file = altered_copy(
        good, "index.sqlite",
        "DROP INDEX card_state_deck_due; CREATE INDEX card_state_deck_due ON card_state "
        "(deck_id) WHERE phase = 'zzz'");
    reason = "(it lacks index card_state_deck_due";
  }
  SECTION("a kioku collection whose table lost its foreign keys") {
    file = altered_copy(
        good, "keys.sqlite",
        "CREATE TABLE loose AS SELECT * FROM daily_stats; DROP TABLE daily_stats; ALTER TABLE "
        "loose RENAME TO daily_stats");
    reason = "its schema is not kioku's (it lacks ";
  }
  SECTION("kioku's table names at an early schema version") {
    file = home.root() + "/early.sqlite";
    run_sql(file, std::string(kNamesOnly) + "PRAGMA user_version = 3");
    reason = "its schema could not be brought up to date";
  }
  SECTION("no such file") {
    file = home.root() + "/missing.sqlite";
    reason = "no such file";
  }
  SECTION("a kioku collection whose log names a card it does not have") {
    // As kioku doctor would find it once restored; its answers could not be undone.
    file = altered_copy(good, "orphan.sqlite",
                        "PRAGMA foreign_keys = OFF; UPDATE revlog SET card_id = 999999 WHERE id = "
                        "(SELECT min(id) FROM revlog)");
    reason = "foreign key: row ";
  }
  SECTION("the copy an unfinished restore staged beside the collection") {
    // A restore killed midway leaves it until kiokud starts again; staging afresh would remove
    // the very file named.
    file = home.collection_path() + ".restoring";
    std::filesystem::copy_file(good, file);
    reason = "it is the copy an unfinished restore staged";
  }

  const auto refused = run_kioku(home, {"restore", file});
  INFO(refused.out << refused.err);
  CHECK(refused.exit_code != 0);
  CHECK(refused.err.find(file) != std::string::npos);
  CHECK(refused.err.find(reason) != std::string::npos);
  CHECK(refused.err.find("nothing was changed") != std::string::npos);
  // Nothing of the advice for a damaged collection: it is the file named that is at fault.
  CHECK(refused.err.find("move it aside") == std::string::npos);
  if (!file.ends_with(".restoring")) CHECK(refused.err.find(".restoring") == std::string::npos);
  CHECK(revlog_text(home.collection_path()) == log_before);
  // No copy of the collection is left in the backups directory for a refused restore.
  if (std::filesystem::exists(home.data_dir() + "/backups")) {
    for (const auto& entry : std::filesystem::directory_iterator(home.data_dir() + "/backups")) {
      CHECK(entry.path().filename().string().rfind("before-restore-", 0) == std::string::npos);
    }
  }
  // The leftover staged copy named is not removed by the refusal.
  if (file.ends_with(".restoring")) CHECK(std::filesystem::exists(file));
  // Nothing was kept either: no restore began.
  const auto listed = run_kioku(home, {"stats", "--json"});
  CHECK(answers_today(parse_output(listed)) == 2);
  expect_still_serving(home);
}

TEST_CASE("e2e: kioku restore refuses while another client is connected, unless --force",
          "[e2e][backup]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string file = answered_and_backed_up(home, 1, "before.sqlite");
  answer_one_more(home);

  // A second client, as a review screen is: connected, and known to kiokud by its greeting.
  LineClient reviewer(home.socket_path());
  REQUIRE(reviewer.request(request_line(1, "system.hello")).as_object().contains("result"));

  const auto refused = run_kioku(home, {"restore", file});
  INFO(refused.out << refused.err);
  CHECK(refused.exit_code != 0);
  CHECK(refused.err.find("1 other client is connected") != std::string::npos);
  CHECK(refused.err.find(file) != std::string::npos);
  CHECK(count_rows(home.collection_path(), "revlog") == 2);

  const auto forced = run_kioku(home, {"restore", file, "--force"});
  INFO(forced.out << forced.err);
  CHECK(forced.exit_code == 0);
  CHECK(count_rows(home.collection_path(), "revlog") == 1);
  // The client that was connected goes on, on the restored collection.
  const auto due = reviewer.request(request_line(2, "due.counts"));
  CHECK(due.as_object().contains("result"));
}

TEST_CASE("e2e: a status bar's kioku due --watch does not stop a restore, and hears its counts",
          "[e2e][backup]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string file = answered_and_backed_up(home, 1, "before.sqlite");
  answer_one_more(home);
  const std::string due_now = run_kioku(home, {"due", "--count"}).out;

  PipedProcess watcher(kioku_argv(home, {"due", "--watch", "--format", "{total}"}),
                       kioku_environment(home));
  REQUIRE(watcher.wait_for_output("\n", 1));
  CHECK(watcher.out() == due_now);

  const auto restored = run_kioku(home, {"restore", file});
  INFO(restored.out << restored.err);
  CHECK(restored.exit_code == 0);
  CHECK(count_rows(home.collection_path(), "revlog") == 1);
  // The restored collection has one answer less, so one card more is due, and the watcher's
  // next line says so.
  const std::string due_restored = run_kioku(home, {"due", "--count"}).out;
  CHECK(due_restored != due_now);
  INFO("watcher: " << watcher.out() << watcher.err());
  REQUIRE(watcher.wait_for_output("\n", 2));
  CHECK(watcher.out() == due_now + due_restored);
}

TEST_CASE("e2e: an answer acknowledged just before a restore is in the collection kept",
          "[e2e][backup]") {
  // Sent on the heels of the answer, on the same connection: the answer's response may wait for
  // the group's commit while the restore is read; the restore's work lets that commit land
  // before it copies the collection it replaces, so the copy kept has the answer.
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string file = answered_and_backed_up(home, 0, "empty-log.sqlite");
  LineClient client(home.socket_path());
  const auto next = client.request(request_line(1, "review.next"));
  const std::int64_t card = next.at("result").at("card").at("id").as_int64();
  REQUIRE(client.send(
      request_line(2, "review.answer", {{"card", card}, {"choice", 1}, {"rating", "good"}}) + "\n" +
      request_line(3, "collection.restore", {{"file", file}}) + "\n"));
  const std::optional<std::string> answered = client.read_line();
  const std::optional<std::string> restored_line = client.read_line(60'000);
  REQUIRE(answered);
  REQUIRE(restored_line);
  INFO(*answered << '\n' << *restored_line);
  CHECK(boost::json::parse(*answered).as_object().contains("result"));
  const auto restored = boost::json::parse(*restored_line).at("result");
  const std::string kept(restored.at("kept").as_string());
  CHECK(count_rows(kept, "revlog") == 1);
  CHECK(count_rows(home.collection_path(), "revlog") == 0);
}

TEST_CASE("e2e: a restore in a batch is refused, as every long request is", "[e2e][backup]") {
  // It runs on the worker; in a batch, the batch's other requests would wait for it.
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string file = answered_and_backed_up(home, 0, "empty-log.sqlite");
  answer_one_more(home);
  LineClient client(home.socket_path());
  const auto replies =
      client.request("[" + request_line(1, "collection.restore", {{"file", file}}) + "," +
                     request_line(2, "due.counts") + "]");
  INFO(boost::json::serialize(replies));
  REQUIRE(replies.is_array());
  REQUIRE(replies.as_array().size() == 2);
  CHECK(replies.as_array()[0].at("error").at("code").as_int64() == -32600);
  CHECK(replies.as_array()[1].as_object().contains("result"));
  CHECK(count_rows(home.collection_path(), "revlog") == 1);
}

TEST_CASE("e2e: while a restore runs - reads are answered - writes are refused - then all see it",
          "[e2e][backup][concurrency]") {
  // The restore runs on kiokud's worker. A sqlite3 connection holding the write lock keeps it
  // waiting for the writes begun before it, at a known point: the other clients are served
  // meanwhile, from the collection as it was.
  const OneAnswerBackedUp beside;
  const RunningDaemon& daemon = beside.daemon;
  const TempHome& home = daemon.home();
  const std::string& file = beside.file;
  LineClient reviewer(home.socket_path());
  LineClient restorer(home.socket_path());
  REQUIRE(reviewer.connected());
  REQUIRE(restorer.connected());
  const std::int64_t card =
      result_of(rpc(reviewer, "review.next", {{"lang", "en"}})).at("card").at("id").as_int64();
  const boost::json::object answer{{"card", card}, {"choice", right_choice(reviewer, card)}};
  LockHolder gate(home.collection_path(), "BEGIN IMMEDIATE");
  send_restore_and_wait_for_it(restorer, file);

  CHECK(field(result_of(rpc(reviewer, "stats.summary")), "reviews_total") == 2);
  const auto refused = rpc(reviewer, "review.answer", answer);
  CHECK(error_code_of(refused) == kioku::protocol::code::kBusy);
  CHECK(error_message_of(refused).find("kioku restore") != std::string::npos);

  gate.release();
  std::optional<std::string> line;
  while ((line = restorer.read_line(120'000)) &&
         !boost::json::parse(*line).as_object().contains("id")) {
  }
  REQUIRE(line);
  INFO(*line);
  const auto restored = result_of(boost::json::parse(*line));
  CHECK(count_rows(std::string(restored.at("kept").as_string()), "revlog") == 2);
  CHECK(count_rows(home.collection_path(), "revlog") == 1);
  // The other client sees the restored collection, and its writes are taken again.
  CHECK(field(result_of(rpc(reviewer, "stats.summary")), "reviews_total") == 1);
  CHECK(result_of(rpc(reviewer, "review.answer", answer)).at("card").as_int64() == card);
  CHECK(count_rows(home.collection_path(), "revlog") == 2);
}

TEST_CASE("e2e: a restore whose client leaves stops before its copy - nothing changes",
          "[e2e][backup][concurrency]") {
  const OneAnswerBackedUp beside;
  const RunningDaemon& daemon = beside.daemon;
  const TempHome& home = daemon.home();
  const std::string& file = beside.file;
  {
    LockHolder gate(home.collection_path(), "BEGIN IMMEDIATE");
    LineClient restorer(home.socket_path());
    send_restore_and_wait_for_it(restorer, file);
    restorer.close();
  }  // the gate lets the restore go on, with its client gone
  expect_restore_stopped(daemon, 2);
  expect_still_serving(home);
}

TEST_CASE("e2e: kioku restore draws its stage in the terminal and Ctrl-C stops it whole",
          "[e2e][backup][terminal]") {
  const OneAnswerBackedUp beside;
  const RunningDaemon& daemon = beside.daemon;
  const TempHome& home = daemon.home();
  const std::string& file = beside.file;
  // The first row goes when tmux marks the pane dead (it scrolls by one): a blank line is it.
  const std::string command = "sh -c 'echo; trap true INT; " + kioku_path() + " --socket " +
                              home.socket_path() + " restore " + file +
                              "; echo \"kioku exited with $?\"'";
  std::filesystem::create_directory(home.root() + "/stopped");
  std::filesystem::create_directory(home.root() + "/finished");
  {
    // Held where it waits for the write lock, after it told its first stage.
    LockHolder gate(home.collection_path(), "BEGIN IMMEDIATE");
    TmuxSession terminal(home.root() + "/stopped", command, home.environment());
    INFO("screen:\n" << terminal.screen_text());
    REQUIRE(terminal.wait_for("Checking the collection file ["));
    terminal.send_keys("C-c");
    REQUIRE(terminal.wait_for("kioku exited with "));
    CHECK_FALSE(has(terminal.screen_text(), "Checking the collection file ["));
  }
  expect_restore_stopped(daemon, 2);

  // Left alone, the same restore ends with its summary and no bar left behind.
  TmuxSession terminal(home.root() + "/finished", command, home.environment());
  INFO("screen:\n" << terminal.screen_text());
  REQUIRE(terminal.wait_for("kioku exited with 0", 120'000));
  const std::string screen = terminal.screen_text();
  INFO("at the end:\n" << screen);
  CHECK(has(screen, "Restored the collection from"));
  CHECK_FALSE(has(screen, "Checking the collection file ["));
  CHECK_FALSE(has(screen, "Restoring the collection ["));
  CHECK(count_rows(home.collection_path(), "revlog") == 1);
}

namespace {

// Sends `method` with `params` and progress asked for; the stages it told, in order, each
// checked to go from 0 to 1 without going back. Requires the result.
std::vector<std::string> stages_told_from_0_to_1(LineClient& client, const std::string& method,
                                                 boost::json::object params) {
  params["progress"] = true;
  REQUIRE(client.send(request_line(kHeldRequestId, method, std::move(params)) + "\n"));
  std::vector<std::pair<std::string, double>> heard;
  std::optional<std::string> line;
  while ((line = client.read_line(120'000))) {
    const boost::json::value value = boost::json::parse(*line);
    if (value.as_object().contains("id")) break;
    heard.emplace_back(value.at("params").at("stage").as_string(),
                       value.at("params").at("fraction").to_number<double>());
  }
  REQUIRE(line);
  INFO(*line);
  result_of(boost::json::parse(*line));
  std::vector<std::string> stages;
  for (std::size_t at = 0; at < heard.size(); ++at) {
    INFO(heard[at].first << " " << heard[at].second);
    const bool starts = at == 0 || heard[at - 1].first != heard[at].first;
    if (starts) {
      stages.push_back(heard[at].first);
      CHECK(heard[at].second == 0.0);
    } else {
      CHECK(heard[at].second >= heard[at - 1].second);
    }
    const bool ends = at + 1 == heard.size() || heard[at + 1].first != heard[at].first;
    if (ends) CHECK(heard[at].second == 1.0);
  }
  return stages;
}

}  // namespace

TEST_CASE("e2e: a restore tells checking, then restoring, each from 0 to 1", "[e2e][backup]") {
  const OneAnswerBackedUp beside;
  LineClient restorer(beside.daemon.home().socket_path());
  CHECK(stages_told_from_0_to_1(restorer, "collection.restore", {{"file", beside.file}}) ==
        std::vector<std::string>{"checking", "restoring"});
}

TEST_CASE("e2e: a backup tells backing-up from 0 to 1", "[e2e][backup]") {
  const OneAnswerBackedUp beside;
  LineClient client(beside.daemon.home().socket_path());
  const std::string copy = beside.daemon.home().root() + "/told.sqlite";
  CHECK(stages_told_from_0_to_1(client, "collection.backup", {{"file", copy}}) ==
        std::vector<std::string>{"backing-up"});
  CHECK(count_rows(copy, "revlog") == count_rows(beside.daemon.home().collection_path(), "revlog"));
}

TEST_CASE("e2e: a path with a NUL in it is refused, not cut short", "[e2e][backup]") {
  // "/x/backup.sqlite\0anything" would otherwise open /x/backup.sqlite.
  const OneAnswerBackedUp beside;
  LineClient client(beside.daemon.home().socket_path());
  const std::string cut = beside.file + std::string(1, '\0') + "other";
  for (const std::string method : {"collection.restore", "collection.backup"}) {
    const auto refused = rpc(client, method, {{"file", cut}, {"force", true}});
    CHECK(error_code_of(refused) == -32602);
    CHECK(error_message_of(refused).find("NUL") != std::string::npos);
  }
  const auto import = rpc(client, "deck.import", {{"path", cut}});
  CHECK(error_code_of(import) == -32602);
  CHECK(count_rows(beside.daemon.home().collection_path(), "revlog") == 2);
}

TEST_CASE("e2e: kiokud's start removes the copy a killed restore staged", "[e2e][backup]") {
  TempHome home;
  std::filesystem::create_directories(home.data_dir());
  const std::string staged = home.collection_path() + ".restoring";
  for (const std::string& name : {staged, staged + "-journal"}) {
    std::ofstream(name) << "a restore's half-made copy";
  }
  const std::string other = home.data_dir() + "/mine.restoring";
  std::ofstream(other) << "a file of the user's";
  RunningDaemon daemon(home, {"--no-bundled-decks"});
  CHECK_FALSE(std::filesystem::exists(staged));
  CHECK_FALSE(std::filesystem::exists(staged + "-journal"));
  CHECK(std::filesystem::exists(other));
  CHECK(has(daemon.log(), "kiokud: removed the copy an interrupted restore staged at " + staged));
}

TEST_CASE("e2e: kioku backup refuses the open collection and the files beside it, even with force",
          "[e2e][backup]") {
  // A backup renamed over the collection would leave kiokud writing the file it replaced.
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  import_and_answer(home, 1);
  const std::string collection = home.collection_path();
  std::filesystem::create_hard_link(collection, home.root() + "/linked.sqlite");
  std::filesystem::create_directory_symlink(std::filesystem::path(collection).parent_path(),
                                            home.root() + "/data-link");
  for (const std::string& destination :
       {collection, collection + "-wal", collection + "-shm", home.root() + "/linked.sqlite",
        home.root() + "/data-link/collection.sqlite",
        std::filesystem::path(collection).parent_path().string() + "/kiokud.lock"}) {
    INFO(destination);
    const auto refused = run_kioku(home, {"backup", destination, "--force"});
    CHECK(refused.exit_code != 0);
    CHECK(refused.err.find("kiokud's open collection") != std::string::npos);
  }
  // A symbolic link to the collection, elsewhere: the rename replaces the link, not the
  // collection, so it is taken.
  const std::string link = home.root() + "/points-at-collection.sqlite";
  std::filesystem::create_symlink(collection, link);
  const auto over_link = run_kioku(home, {"backup", link, "--force"});
  INFO(over_link.out << over_link.err);
  CHECK(over_link.exit_code == 0);
  CHECK_FALSE(std::filesystem::is_symlink(link));
  answer_one_more(home);
  CHECK(count_rows(collection, "revlog") == 2);
  expect_still_serving(home);
}

TEST_CASE("e2e: kioku backup and restore go through a link before .. as the kernel does",
          "[e2e][backup]") {
  // link/.. is the parent of the link's target, not the directory the link is in.
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  import_and_answer(home, 1);
  std::filesystem::create_directories(home.root() + "/real/sub");
  std::filesystem::create_directories(home.root() + "/elsewhere");
  std::filesystem::create_directory_symlink(home.root() + "/real/sub",
                                            home.root() + "/elsewhere/link");
  const std::string named = home.root() + "/elsewhere/link/../copy.sqlite";
  const auto backup = run_kioku(home, {"backup", named});
  INFO(backup.out << backup.err);
  REQUIRE(backup.exit_code == 0);
  CHECK(std::filesystem::exists(home.root() + "/real/copy.sqlite"));
  CHECK_FALSE(std::filesystem::exists(home.root() + "/elsewhere/copy.sqlite"));
  answer_one_more(home);
  const auto restore = run_kioku(home, {"restore", named});
  INFO(restore.out << restore.err);
  CHECK(restore.exit_code == 0);
  CHECK(count_rows(home.collection_path(), "revlog") == 1);
}
