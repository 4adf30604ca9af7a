// Backups and restores in-process (docs/backup.md): a request answered later leaves the server
// serving other clients meanwhile; collection.backup over a socket copies what the collection
// holds; a restore brings back a backup's state, and one that fails midway leaves the collection
// as it was and working; another connected client stops a restore unless force.
#include <algorithm>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <string>
#include <thread>

#include "core/error.hpp"
#include "core/work_progress.hpp"
#include "daemon/server/collection_server.hpp"
#include "daemon/server/server.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/restore.hpp"
#include "daemon/store/sqlite.hpp"
#include "protocol/json_rpc.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
namespace json = boost::json;

namespace {

// A collection in a file, as kiokud keeps it, with the dispatcher over it.
struct FileCollection {
  test::TempHome home;
  std::string path = home.root() + "/collection.sqlite";
  daemon::sqlite::Database database{path};
  int configured = (database.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON"), 0);
  int migrated = daemon::migrate(database, "", 0);
  daemon::Collection collection{database};
  FakeClock clock{test::kTestMorning};
  daemon::MethodContext context{collection, clock, DayCalendar(4), path};

  json::value call(const std::string& method, json::object params = {}) {
    return json::parse(
        daemon::dispatch_line(test::request_line(1, method, std::move(params)), context));
  }
  // Answers the next card (its first choice, right).
  void answer() {
    const json::value next = call("review.next");
    const std::int64_t card = next.at("result").at("card").at("id").as_int64();
    REQUIRE(call("review.answer", {{"card", card}, {"choice", 1}}).as_object().contains("result"));
  }
  std::int64_t answers() { return collection.counts().reviews; }
  void import_deck() { collection.import_deck(test::choice_deck("d", 5), "test", clock.now()); }
  // Imports the deck and answers twice, with a backup made after the first answer; its path.
  std::string two_answers_and_a_backup_of_one() {
    import_deck();
    answer();
    const std::string backup = home.root() + "/one-answer.sqlite";
    daemon::backup_collection_file(path, backup, false);
    answer();
    return backup;
  }
};

}  // namespace

TEST_CASE("answer later: other clients are served while a request's work runs",
          "[daemon][server][backup]") {
  test::TempHome home;
  const std::string socket = home.root() + "/later.sock";
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  const FakeClock clock(test::kTestMorning);
  daemon::Server server(
      socket,
      [&](std::string_view line, daemon::PassedDescriptors, daemon::Session&) {
        const json::value request = json::parse(line);
        const json::value id = request.at("id");
        daemon::ResponseLine response{{}, {json::serialize(id)}, false, {}};
        if (request.at("method").as_string() == "slow") {
          // Waits for the test: no answer can come from here until another client has had one.
          response.later.make = [released, id](const ProgressReport&) {
            released.wait();
            return protocol::to_line(protocol::make_result(id, json::string("slow done")));
          };
        } else {
          response.text = protocol::to_line(protocol::make_result(id, json::string("pong")));
        }
        return response;
      },
      clock);
  server.listen();
  std::thread running([&] { server.run(); });

  test::LineClient slow(socket);
  test::LineClient quick(socket);
  REQUIRE(slow.send(test::request_line(1, "slow") + "\n"));
  // Were the server's thread held by the slow request, this would never be answered.
  CHECK(quick.request(test::request_line(2, "ping")).at("result").as_string() == "pong");
  CHECK(quick.request(test::request_line(3, "ping")).at("result").as_string() == "pong");
  release.set_value();
  const std::optional<std::string> answer = slow.read_line();
  REQUIRE(answer);
  CHECK(json::parse(*answer).at("result").as_string() == "slow done");
  CHECK(json::parse(*answer).at("id").as_int64() == 1);

  server.stop();
  running.join();
}

TEST_CASE("collection.backup over a socket copies the collection as committed",
          "[daemon][server][backup]") {
  FileCollection files;
  files.import_deck();
  files.answer();
  files.answer();
  const std::string socket = files.home.root() + "/kiokud.sock";
  daemon::CollectionServer server(socket, files.clock, daemon::ServerLimits{});
  server.listen();
  server.attach(files.collection, DayCalendar(4), files.path, true);
  std::thread running([&] { server.run(); });

  test::LineClient client(socket);
  const json::value reply = client.request(test::request_line(1, "collection.backup"));
  INFO(json::serialize(reply));
  REQUIRE(reply.as_object().contains("result"));
  const json::value& result = reply.at("result");
  const std::string copy(result.at("path").as_string());
  CHECK(copy.starts_with(files.home.root() + "/backups/collection-"));
  CHECK(result.at("cards").as_int64() == 5);
  CHECK(result.at("reviews").as_int64() == 2);
  {
    daemon::sqlite::Database opened(copy, SQLITE_OPEN_READONLY);
    CHECK(daemon::count_collection(opened).reviews == 2);
    CHECK(daemon::count_collection(opened).cards == 5);
  }
  // A relative path is refused: kiokud's working directory is not the client's.
  const json::value relative =
      client.request(test::request_line(2, "collection.backup", {{"file", "copy.sqlite"}}));
  CHECK(relative.at("error").at("message").as_string().find("absolute path") != std::string::npos);
  // An existing file is refused unless force, and left as it was.
  const json::value existing =
      client.request(test::request_line(3, "collection.backup", {{"file", copy}}));
  CHECK(existing.at("error").at("message").as_string().find("already exists") != std::string::npos);
  const json::value forced =
      client.request(test::request_line(4, "collection.backup", {{"file", copy}, {"force", true}}));
  CHECK(forced.at("result").at("path").as_string() == copy);
  client.close();

  test::LineClient stopper(socket);
  stopper.request(test::request_line(5, "system.shutdown"));
  running.join();
}

TEST_CASE("restore: the backup's state comes back, the replaced collection is kept",
          "[daemon][backup]") {
  FileCollection files;
  files.import_deck();
  files.answer();
  const daemon::BackupFile copy =
      daemon::backup_collection_file(files.path, files.home.root() + "/copy.sqlite", false);
  CHECK(copy.counts.reviews == 1);
  files.answer();
  files.answer();
  REQUIRE(files.answers() == 3);

  const json::value restored = files.call("collection.restore", {{"file", copy.path}});
  INFO(json::serialize(restored));
  REQUIRE(restored.as_object().contains("result"));
  CHECK(restored.at("result").at("reviews").as_int64() == 1);
  CHECK(files.answers() == 1);
  const std::string kept(restored.at("result").at("kept").as_string());
  {
    daemon::sqlite::Database opened(kept, SQLITE_OPEN_READONLY);
    CHECK(daemon::count_collection(opened).reviews == 3);
  }
  // The same connection and statements go on over the restored contents.
  files.answer();
  CHECK(files.answers() == 2);
}

TEST_CASE("restore: a failure midway leaves the collection as it was, and working",
          "[daemon][backup]") {
  FileCollection files;
  files.import_deck();
  files.answer();
  const daemon::BackupFile copy =
      daemon::backup_collection_file(files.path, files.home.root() + "/copy.sqlite", false);
  files.answer();
  // The staging copy cannot be made: no such directory.
  CHECK_THROWS(files.collection.replace_with(copy.path, files.home.root() + "/gone/staging",
                                             files.clock.now(), DayCalendar()));
  CHECK(files.answers() == 2);
  files.answer();
  CHECK(files.answers() == 3);
}

TEST_CASE("restore: refused while another client is connected, unless force", "[daemon][backup]") {
  FileCollection files;
  files.import_deck();
  const daemon::BackupFile copy =
      daemon::backup_collection_file(files.path, files.home.root() + "/copy.sqlite", false);
  files.answer();
  files.context.connected_clients = [] { return std::size_t{2}; };
  const json::value refused = files.call("collection.restore", {{"file", copy.path}});
  CHECK(refused.at("error").at("message").as_string().find("1 other client is connected") !=
        std::string::npos);
  CHECK(files.answers() == 1);
  const json::value forced =
      files.call("collection.restore", {{"file", copy.path}, {"force", true}});
  CHECK(forced.as_object().contains("result"));
  CHECK(files.answers() == 0);
}

TEST_CASE("restore: each file it cannot take is refused by name", "[daemon][backup]") {
  test::TempHome home;
  const auto refusal = [](const std::string& path) {
    try {
      daemon::check_restorable(path);
    } catch (const Error& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  const std::string text = home.write_file("text.txt", std::string(5000, 'k'));
  CHECK(refusal(text) ==
        "cannot restore " + text + ": not an SQLite database; nothing was changed");
  const std::string other = home.root() + "/other.sqlite";
  {
    daemon::sqlite::Database database(other);
    database.execute("CREATE TABLE t (x)");
  }
  CHECK(refusal(other) == "cannot restore " + other +
                              ": an SQLite database, but not a kioku collection; nothing was "
                              "changed");
  const std::string newer = home.root() + "/newer.sqlite";
  {
    daemon::sqlite::Database database(newer);
    daemon::migrate(database, "", 0);
    database.execute("PRAGMA user_version = " +
                     std::to_string(daemon::latest_schema_version() + 1));
  }
  CHECK(refusal(newer).find("newer than this kiokud's") != std::string::npos);
  const std::string old = home.root() + "/old.sqlite";
  {
    daemon::sqlite::Database database(old);
    daemon::migrate(database, "", 0, daemon::kMigrations.first(3));
  }
  CHECK(refusal(old) == "accepted");

  // An older collection is migrated as it comes in.
  FileCollection files;
  files.collection.replace_with(old, files.path + ".restoring", files.clock.now(), DayCalendar());
  CHECK(files.database.user_version() == daemon::latest_schema_version());
  CHECK(files.collection.counts().cards == 0);
}

TEST_CASE("backup and restore refusals come in English and in Japanese", "[daemon][backup]") {
  FileCollection files;
  const std::string root = files.home.root();
  // The error's English and its Japanese, or "accepted".
  const auto refusal = [](const std::function<void()>& attempt) {
    try {
      attempt();
    } catch (const Error& error) {
      return BilingualMessage{error.what(), error.japanese()};
    }
    return BilingualMessage{"accepted", "accepted"};
  };
  const auto restoring = [&](const std::string& path) {
    return refusal([&] { daemon::check_restorable(path); });
  };

  const std::string gone = root + "/gone.sqlite";
  const BilingualMessage no_file = restoring(gone);
  CHECK(no_file.english == "cannot restore " + gone + ": no such file; nothing was changed");
  CHECK(no_file.japanese == gone + " を復元できません: ファイルがありません。何も変更していません");

  const BilingualMessage directory = restoring(root);
  CHECK(directory.english ==
        "cannot restore " + root + ": not a regular file; nothing was changed");
  CHECK(directory.japanese ==
        root + " を復元できません: 通常のファイルではありません。何も変更していません");

  const std::string empty = files.home.write_file("empty.sqlite", "");
  const BilingualMessage empty_file = restoring(empty);
  CHECK(empty_file.english == "cannot restore " + empty +
                                  ": the file is empty, not a kioku collection; nothing was "
                                  "changed");
  CHECK(empty_file.japanese == empty +
                                   " を復元できません: ファイルが空で、kioku "
                                   "のコレクションではありません。何も変更していません");

  const std::string text = files.home.write_file("text.txt", std::string(5000, 'k'));
  const BilingualMessage not_sqlite = restoring(text);
  CHECK(not_sqlite.english ==
        "cannot restore " + text + ": not an SQLite database; nothing was changed");
  CHECK(not_sqlite.japanese ==
        text + " を復元できません: SQLite のデータベースではありません。何も変更していません");

  const std::string newer = root + "/newer.sqlite";
  {
    daemon::sqlite::Database database(newer);
    daemon::migrate(database, "", 0);
    database.execute("PRAGMA user_version = " +
                     std::to_string(daemon::latest_schema_version() + 1));
  }
  const std::string latest = std::to_string(daemon::latest_schema_version());
  const std::string next = std::to_string(daemon::latest_schema_version() + 1);
  const BilingualMessage too_new = restoring(newer);
  CHECK(too_new.english == "cannot restore " + newer + ": its schema version " + next +
                               " is newer than this kiokud's (" + latest +
                               "); upgrade kioku first; nothing was changed");
  CHECK(too_new.japanese == newer + " を復元できません: スキーマのバージョン " + next +
                                " がこの kiokud のもの（" + latest +
                                "）より新しいです。先に kioku を更新してください。"
                                "何も変更していません");

  const std::string copy = root + "/copy.sqlite";
  daemon::backup_collection_file(files.path, copy, false);
  const BilingualMessage taken =
      refusal([&] { daemon::backup_collection_file(files.path, copy, false); });
  CHECK(taken.english == copy + " already exists; name another file, or use --force to replace it");
  CHECK(taken.japanese == copy +
                              " はすでにあります。別のファイルを指定するか、置き換えるなら "
                              "--force を使ってください");

  const BilingualMessage own =
      refusal([&] { daemon::backup_collection_file(files.path, files.path, true); });
  CHECK(own.english == "cannot back up to " + files.path +
                           ": it is kiokud's open collection, or a file kept beside it; name "
                           "another file");
  CHECK(own.japanese == files.path +
                            " にはバックアップできません: kiokud "
                            "が開いているコレクションか、その隣に置かれたファイルです。別のファイル"
                            "を指定してください");

  // Through the dispatcher, the Japanese goes in the error's data.
  const json::value relative = files.call("collection.restore", {{"file", "copy.sqlite"}});
  CHECK(relative.at("error").at("message").as_string() ==
        "parameter 'file' must be an absolute path, got \"copy.sqlite\"");
  CHECK(relative.at("error").at("data").at("messages").at("ja").as_string() ==
        "パラメータ 'file' は絶対パスでなければなりません（\"copy.sqlite\" でした）");
}

TEST_CASE("a restore's worker waits for the writes begun on the server's connection",
          "[daemon][backup]") {
  // The copy kept before a restore must hold every answer acknowledged before it: an answer in
  // the server's open group is acknowledged once that group commits, so the worker waits for it.
  FileCollection files;
  files.import_deck();
  files.collection.group_commit().set_grouping(true);
  files.answer();  // in the open group, holding SQLite's write lock
  daemon::sqlite::Database worker_database(files.path);
  worker_database.execute("PRAGMA busy_timeout = 0");  // refused at once rather than waiting
  daemon::Collection worker(worker_database);
  CHECK_THROWS(worker.wait_for_other_writers());
  CHECK(worker.counts().reviews == 0);
  files.collection.group_commit().commit();
  worker.wait_for_other_writers();
  CHECK(worker.counts().reviews == 1);
}

TEST_CASE("a restored file's roll-ups are on the daemon's calendar the moment it is in place",
          "[daemon][backup][stats]") {
  // Made in the staged copy before it is copied in: a read through another connection (the
  // server's, while the worker restores) never sees the file's own calendar.
  FileCollection files;
  files.import_deck();
  files.answer();
  const DayCalendar early(4);
  const DayCalendar late(10);
  files.collection.use_stats_calendar(early);
  const std::string backup = files.home.root() + "/early.sqlite";
  daemon::backup_collection_file(files.path, backup, false);
  files.collection.use_stats_calendar(late);
  // The backup API's copy is not a commit the connection's hook hears; a refill after it, in a
  // transaction of its own, would be.
  int commits_heard = 0;
  sqlite3_commit_hook(
      files.database.handle(),
      [](void* count) {
        ++*static_cast<int*>(count);
        return 0;
      },
      &commits_heard);
  files.collection.replace_with(backup, files.path + ".restoring", files.clock.now(), late);
  sqlite3_commit_hook(files.database.handle(), nullptr, nullptr);
  CHECK(commits_heard == 0);
  daemon::sqlite::Database other(files.path);
  daemon::Collection seen_elsewhere(other);
  CHECK_FALSE(seen_elsewhere.use_stats_calendar(late));
  CHECK(seen_elsewhere.counts().reviews == 1);
}

TEST_CASE("a restore that waited on the worker counts the other clients again as it starts",
          "[daemon][server][backup]") {
  // Alone when it asked; a review connected while the restore waited behind other work must not
  // find its collection swapped without --force.
  FileCollection files;
  const std::string backup = files.two_answers_and_a_backup_of_one();
  const std::string socket = files.home.root() + "/kiokud.sock";
  daemon::CollectionServer server(socket, files.clock, daemon::ServerLimits{});
  server.listen();
  server.attach(files.collection, DayCalendar(4), files.path, true);
  std::thread running([&] { server.run(); });
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  server.run_beside([released] { released.wait(); });  // the worker, held

  // A status bar's watcher, which is not counted: its round trip after the restore is sent lets
  // the server's thread take the restore's line first, so that the restore is asked alone.
  test::LineClient watcher(socket);
  REQUIRE(watcher.request(test::request_line(7, "due.watch")).as_object().contains("result"));
  test::LineClient restorer(socket);
  REQUIRE(restorer.send(test::request_line(1, "collection.restore", {{"file", backup}}) + "\n"));
  REQUIRE(watcher.request(test::request_line(8, "due.counts")).as_object().contains("result"));
  test::LineClient reviewer(socket);
  // Answered on the server's thread: the reviewer is connected, and counted, from here on.
  REQUIRE(reviewer.request(test::request_line(2, "due.counts")).as_object().contains("result"));
  release.set_value();
  const std::optional<std::string> reply = restorer.read_line();
  REQUIRE(reply);
  INFO(*reply);
  const json::value refused = json::parse(*reply);
  CHECK(refused.at("error").at("code").as_int64() == -32003);
  CHECK(refused.at("error").at("message").as_string().find("1 other client is connected") !=
        std::string::npos);
  CHECK(files.answers() == 2);
  CHECK_FALSE(std::filesystem::exists(files.home.root() + "/backups"));

  restorer.close();
  reviewer.request(test::request_line(3, "system.shutdown"));
  running.join();
}

TEST_CASE("a restore stopped at its last report leaves the collection as it was",
          "[daemon][backup]") {
  // The last report comes before the step that commits the copy: a stop there undoes the copy,
  // and a report after the commit, which could say "stopped" of a restore made, never comes.
  FileCollection files;
  const std::string backup = files.two_answers_and_a_backup_of_one();
  std::vector<double> heard;
  const ProgressReport stop_at_the_end(
      [&](WorkStage stage, double fraction, std::optional<std::uint64_t>) {
        CHECK(stage == WorkStage::kRestoring);
        if (!heard.empty()) CHECK(fraction >= heard.back());
        heard.push_back(fraction);
        if (fraction >= 1.0) throw WorkCancelled(kioku::same_in_both("its client left"));
      });
  CHECK_THROWS_AS(files.collection.replace_with(backup, files.path + ".restoring",
                                                files.clock.now(), DayCalendar(4), stop_at_the_end),
                  WorkCancelled);
  REQUIRE_FALSE(heard.empty());
  CHECK(heard.back() == 1.0);
  CHECK(files.answers() == 2);
  // Let through, the same restore ends at 1 and is made.
  heard.clear();
  const ProgressReport listening(
      [&](WorkStage, double fraction, std::optional<std::uint64_t>) { heard.push_back(fraction); });
  files.collection.replace_with(backup, files.path + ".restoring", files.clock.now(),
                                DayCalendar(4), listening);
  CHECK(heard.back() == 1.0);
  CHECK(files.answers() == 1);
}

TEST_CASE("a restore keeps, in the copy it keeps, the answers its connection's open group holds",
          "[daemon][backup]") {
  // In-process, the restore runs on the collection's own connection: the answer waiting there
  // for the group's commit is committed before the collection is copied and kept.
  FileCollection files;
  files.import_deck();
  const std::string backup = files.home.root() + "/empty-log.sqlite";
  daemon::backup_collection_file(files.path, backup, false);
  files.collection.group_commit().set_grouping(true);
  files.answer();
  const json::value restored = files.call("collection.restore", {{"file", backup}});
  INFO(json::serialize(restored));
  const std::string kept(restored.at("result").at("kept").as_string());
  daemon::sqlite::Database opened(kept, SQLITE_OPEN_READONLY);
  CHECK(daemon::count_collection(opened).reviews == 1);
  CHECK(files.answers() == 0);
}

namespace {

// A database of `mebibytes` MiB in one table, in WAL mode as kiokud keeps its collection.
void fill_database(const std::string& path, int mebibytes) {
  daemon::sqlite::Database database(path);
  database.execute("PRAGMA journal_mode = WAL");
  database.execute("CREATE TABLE rows (n INTEGER, bytes BLOB)");
  database.execute("BEGIN");
  for (int n = 0; n < mebibytes; ++n) {
    database.execute("INSERT INTO rows VALUES (" + std::to_string(n) + ", randomblob(1048576))");
  }
  database.execute("COMMIT");
}

std::int64_t rows_in(const std::string& path) {
  daemon::sqlite::Database database(path, SQLITE_OPEN_READONLY);
  daemon::sqlite::Statement count = database.prepare("SELECT count(*) FROM rows");
  return daemon::sqlite::integer_result(count);
}

}  // namespace

TEST_CASE("a told backup copies one snapshot in steps, whatever commits between them",
          "[daemon][backup]") {
  test::TempHome home;
  const std::string source = home.root() + "/large.sqlite";
  // 40 MiB: three steps of 4,096 pages.
  fill_database(source, 40);
  daemon::sqlite::Database writer(source);
  std::vector<std::pair<int, int>> told;
  const std::string copy = home.root() + "/copy.sqlite";
  const daemon::BackupFile written =
      daemon::backup_collection_file(source, copy, false, [&](int copied, int total) {
        told.emplace_back(copied, total);
        // Another connection commits between the first steps: the copy is the collection as
        // it was when the backup began.
        if (told.size() <= 2) writer.execute("INSERT INTO rows VALUES (-1, randomblob(100000))");
      });
  REQUIRE(told.size() >= 3);
  CHECK(told.front().first == 0);
  CHECK(told.back().first == told.back().second);
  // Rising at each step; all of it told again once the copy is synced.
  for (std::size_t i = 1; i + 1 < told.size(); ++i) {
    CHECK(told[i].first > told[i - 1].first);
    CHECK(told[i].second == told.front().second);
  }
  CHECK(told.back() == told[told.size() - 2]);
  CHECK(rows_in(copy) == 40);
  CHECK(rows_in(source) == 42);
  CHECK(written.bytes > 40 * 1048576);
  daemon::sqlite::Database check(copy, SQLITE_OPEN_READONLY);
  daemon::sqlite::Statement integrity = check.prepare("PRAGMA integrity_check");
  REQUIRE(integrity.step());
  CHECK(integrity.column_text(0) == "ok");
}

TEST_CASE("a backup stopped at a step leaves no file behind", "[daemon][backup]") {
  test::TempHome home;
  const std::string source = home.root() + "/large.sqlite";
  fill_database(source, 20);
  const std::string directory = home.root() + "/backups";
  int reports = 0;
  CHECK_THROWS_AS(
      daemon::backup_into_directory(source, directory, "collection", test::kTestMorning,
                                    [&](int, int) {
                                      if (++reports == 2) {
                                        throw WorkCancelled(kioku::same_in_both("its client left"));
                                      }
                                    }),
      WorkCancelled);
  CHECK(reports == 2);
  // Neither the backup nor its .partial file.
  CHECK(std::filesystem::is_empty(directory));
}

TEST_CASE("a backup whose name is taken meanwhile takes the next, copied once, told forward",
          "[daemon][backup]") {
  test::TempHome home;
  const std::string source = home.root() + "/large.sqlite";
  fill_database(source, 20);
  const std::string directory = home.root() + "/backups";
  std::vector<double> told;
  const daemon::BackupFile written = daemon::backup_into_directory(
      source, directory, "collection", test::kTestMorning, [&](int copied, int total) {
        if (told.empty()) {
          // Another backup takes the name in the same second.
          // The copy's temporary name is ".<name>.<pid>.<n>.partial".
          for (const auto& entry : std::filesystem::directory_iterator(directory)) {
            const std::string partial = entry.path().filename().string();
            const std::size_t end = partial.find(".sqlite");
            if (partial.starts_with(".collection-") && end != std::string::npos) {
              std::ofstream(directory + "/" + partial.substr(1, end + 6)) << "taken";
            }
          }
        }
        told.push_back(static_cast<double>(copied) / total);
      });
  CHECK(written.path.ends_with("-2.sqlite"));
  CHECK(rows_in(written.path) == 20);
  REQUIRE(told.size() >= 2);
  CHECK(told.front() == 0.0);
  CHECK(told.back() == 1.0);
  for (std::size_t i = 1; i < told.size(); ++i) CHECK(told[i] >= told[i - 1]);
  // The copy was made once: 0 told once.
  CHECK(std::count(told.begin(), told.end(), 0.0) == 1);
}

TEST_CASE("a backup stopped after its last step leaves no file behind either", "[daemon][backup]") {
  test::TempHome home;
  const std::string source = home.root() + "/large.sqlite";
  fill_database(source, 20);
  const std::string directory = home.root() + "/backups";
  int all_told = 0;
  CHECK_THROWS_AS(
      daemon::backup_into_directory(source, directory, "collection", test::kTestMorning,
                                    [&](int copied, int total) {
                                      // All of it is told before the last step,
                                      // and again once the copy is synced.
                                      if (copied == total && ++all_told == 2) {
                                        throw WorkCancelled(kioku::same_in_both("its client left"));
                                      }
                                    }),
      WorkCancelled);
  CHECK(all_told == 2);
  CHECK(std::filesystem::is_empty(directory));
}
