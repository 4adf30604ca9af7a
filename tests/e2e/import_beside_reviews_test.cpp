// An import runs on kiokud's worker with a connection of its own (docs/decisions.md, "An import
// beside the reviews"): while it writes, the other clients' reads are answered from the
// collection as it was, their writes are refused with -32007 and leave nothing behind, and
// once it ends every write is taken again. Its client hears request.progress with the cards
// done; a client that leaves mid-import stops it, and nothing of it lands.
#include <filesystem>
#include <fstream>

#include "protocol/json_rpc.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/e2e/worker_held.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// Enough basic notes that the import takes a second or more of the worker's time, against the
// milliseconds the other clients' requests below take once its first cards are written. The
// sanitizers slow the import twenty-fold or more: a fifth of the notes still takes seconds there.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr int kBesideNotes = 20'000;
#else
constexpr int kBesideNotes = 100'000;
#endif
constexpr std::int64_t kBesideImportId = 41;

std::string beside_notes_file(const TempHome& home) {
  const std::string path = home.root() + "/many.tsv";
  std::ofstream file(path);
  for (int note = 1; note <= kBesideNotes; ++note) {
    file << "front " << note << "\tback " << note << "\tbeside\n";
  }
  REQUIRE(file.good());
  return path;
}

json::object beside_import_params(const std::string& path) {
  return {{"path", path},
          {"deck", "Many"},
          {"kind", "basic"},
          {"columns", json::array{"front", "back", "tags"}},
          {"progress", true}};
}

// Reads `client`'s notifications until one says the import has written cards in its
// transaction; false when the response (or the end) came first. The counts it heard go to
// `cards`.
bool beside_wait_for_cards(LineClient& client, std::vector<std::int64_t>& cards) {
  for (;;) {
    const std::optional<std::string> line = client.read_line(300'000);
    if (!line) return false;
    const json::value value = json::parse(*line);
    INFO(*line);
    if (value.as_object().contains("id")) return false;
    REQUIRE(value.at("method").as_string() == "request.progress");
    CHECK(value.at("params").at("stage").as_string() == "importing");
    cards.push_back(value.at("params").at("cards").as_int64());
    if (cards.back() > 0) return true;
  }
}

// The import's response, after the rest of its notifications, whose cards never go back.
json::value beside_import_response(LineClient& client, std::vector<std::int64_t>& cards) {
  for (;;) {
    const std::optional<std::string> line = client.read_line(300'000);
    REQUIRE(line.has_value());
    json::value value = json::parse(*line);
    if (value.as_object().contains("id")) return value;
    const std::int64_t now = value.at("params").at("cards").as_int64();
    CHECK(now >= cards.back());
    cards.push_back(now);
  }
}

// Sends the import of `path` on `importer` and waits until it has written cards.
void beside_start_import(LineClient& importer, const std::string& path,
                         std::vector<std::int64_t>& cards) {
  REQUIRE(importer.send(request_line(kBesideImportId, "deck.import", beside_import_params(path)) +
                        "\n"));
  REQUIRE(beside_wait_for_cards(importer, cards));
}

// A daemon on the format 1 deck's eight cards, and the file of many notes to import beside them.
struct BesideImport {
  TempHome home;
  RunningDaemon daemon{home, {"--no-bundled-decks", "--clock-start", clock_start(kMorning)}};
  std::string path = beside_notes_file(home);

  BesideImport() { REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0); }
};

std::size_t beside_deck_count(LineClient& client) {
  return result_of(rpc(client, "deck.list", {{"lang", "en"}})).at("decks").as_array().size();
}

// The decks once kiokud's worker is done with an import stopped midway: it runs one piece of
// later work at a time, so collection.backups answers only once the import has rolled back.
std::size_t beside_decks_after_worker(LineClient& client) {
  result_of(rpc(client, "collection.backups", {}, 300'000));
  return beside_deck_count(client);
}

std::int64_t beside_first_card(LineClient& client) {
  const json::value next = result_of(rpc(client, "review.next", {{"lang", "en"}}));
  return next.at("card").at("id").as_int64();
}

}  // namespace

TEST_CASE("e2e: while an import writes - reads are answered - writes are refused and lost nowhere",
          "[e2e][import][concurrency]") {
  BesideImport beside;
  const TempHome& home = beside.home;
  const std::string& path = beside.path;
  LineClient importer(home.socket_path());
  LineClient reviewer(home.socket_path());
  LineClient second_importer(home.socket_path());
  REQUIRE(importer.connected());
  REQUIRE(reviewer.connected());
  REQUIRE(second_importer.connected());
  const std::int64_t card = beside_first_card(reviewer);
  const std::int64_t right = right_choice(reviewer, card);
  const json::object answer{{"card", card}, {"choice", right}};

  std::vector<std::int64_t> cards;
  beside_start_import(importer, path, cards);

  // Reads see the collection as it was before the import.
  const json::value counts = result_of(rpc(reviewer, "due.counts"));
  CHECK(field(counts, "new") == 8);
  CHECK(beside_first_card(reviewer) == card);
  CHECK(field(result_of(rpc(reviewer, "stats.summary")), "reviews_total") == 0);
  CHECK(beside_deck_count(reviewer) == 1);
  // Writes are refused at once, saying why; a second import too.
  const json::value refused = rpc(reviewer, "review.answer", answer);
  CHECK(error_code_of(refused) == kioku::protocol::code::kBusy);
  CHECK(error_message_of(refused).find("an import") != std::string::npos);
  CHECK(error_code_of(rpc(second_importer, "deck.import", beside_import_params(path))) ==
        kioku::protocol::code::kBusy);

  const json::value imported = beside_import_response(importer, cards);
  CHECK(field(result_of(imported), "added") == kBesideNotes);
  CHECK(cards.back() == kBesideNotes);
  // The refused answer left nothing; answered again now, it is recorded.
  CHECK(field(result_of(rpc(reviewer, "stats.summary")), "reviews_total") == 0);
  CHECK(result_of(rpc(reviewer, "review.answer", answer)).at("card").as_int64() == card);
  CHECK(field(result_of(rpc(reviewer, "stats.summary")), "reviews_total") == 1);
  CHECK(beside_deck_count(reviewer) == 2);
  expect_still_serving(home);
}

TEST_CASE("e2e: an import queued behind a rebuild refuses writes from its start to its end",
          "[e2e][import][concurrency]") {
  // The worker takes the import up the moment the rebuild ends: the rebuild's taking writes
  // again must come before the import's refusing them, or the import runs with writes taken and
  // one beside it waits on SQLite's lock on kiokud's thread.
  BesideImport beside;
  const std::string& socket = beside.daemon.socket_path();
  LineClient reviewer(socket);
  const std::int64_t card = beside_first_card(reviewer);
  const json::object answer{{"card", card}, {"choice", right_choice(reviewer, card)}};

  WorkerHeld held(socket, "gradient-checkpointing");
  LineClient rebuilding(socket);
  REQUIRE(rebuilding.send(request_line(1, "doctor.rebuild") + "\n"));
  CHECK_FALSE(rebuilding.read_line(300));  // waiting behind the simulation
  LineClient importer(socket);
  REQUIRE(importer.send(
      request_line(kBesideImportId, "deck.import", beside_import_params(beside.path)) + "\n"));
  CHECK_FALSE(importer.read_line(300));  // behind the rebuild

  held.release();
  const std::optional<std::string> rebuilt = rebuilding.read_line(60'000);
  REQUIRE(rebuilt);
  CHECK(field(result_of(json::parse(*rebuilt)), "changed") == 0);
  std::vector<std::int64_t> cards;
  REQUIRE(beside_wait_for_cards(importer, cards));
  const json::value refused = rpc(reviewer, "review.answer", answer);
  CHECK(error_code_of(refused) == kioku::protocol::code::kBusy);
  CHECK(has(error_message_of(refused), "an import"));

  CHECK(field(result_of(beside_import_response(importer, cards)), "added") == kBesideNotes);
  CHECK(result_of(rpc(reviewer, "review.answer", answer)).at("card").as_int64() == card);
}

TEST_CASE(
    "e2e: during an import a re-sent answer is recognised - a batch import and a restore refused",
    "[e2e][import][concurrency]") {
  BesideImport beside;
  const TempHome& home = beside.home;
  LineClient importer(home.socket_path());
  LineClient reviewer(home.socket_path());
  REQUIRE(importer.connected());
  REQUIRE(reviewer.connected());
  const std::int64_t card = beside_first_card(reviewer);
  const json::object answer{
      {"card", card}, {"choice", right_choice(reviewer, card)}, {"answer_id", "resent-1"}};
  const std::int64_t review_id =
      result_of(rpc(reviewer, "review.answer", answer)).at("review_id").as_int64();

  std::vector<std::int64_t> cards;
  beside_start_import(importer, beside.path, cards);
  // Sent again (its reply lost, say): recorded before, and said so, not refused.
  const json::value again = result_of(rpc(reviewer, "review.answer", answer));
  CHECK(again.at("review_id").as_int64() == review_id);
  // An import inside a batch would run on kiokud's own thread: refused before its file is read.
  const std::string batch =
      "[" + request_line(5, "deck.import", beside_import_params(beside.path)) + "]";
  const json::value batched = reviewer.request(batch, 10'000);
  REQUIRE(batched.is_array());
  CHECK(error_code_of(batched.as_array()[0]) == kioku::protocol::code::kBusy);
  // A restore is refused before it backs anything up.
  CHECK(error_code_of(rpc(reviewer, "collection.restore",
                          {{"file", home.root() + "/none.sqlite"}, {"force", true}})) ==
        kioku::protocol::code::kBusy);
  CHECK(field(result_of(beside_import_response(importer, cards)), "added") == kBesideNotes);
  CHECK(field(result_of(rpc(reviewer, "stats.summary")), "reviews_total") == 1);
}

TEST_CASE("e2e: kioku review during an import says the answer was not recorded and asks again",
          "[e2e][import][concurrency]") {
  BesideImport beside;
  const TempHome& home = beside.home;
  const std::string& path = beside.path;
  LineClient importer(home.socket_path());
  REQUIRE(importer.connected());
  std::vector<std::int64_t> cards;
  beside_start_import(importer, path, cards);
  // One answer, then q at the same card shown again.
  const CommandResult review = run_kioku(home, {"review", "--no-shuffle"}, "1\nq\n");
  INFO(review.out << review.err);
  CHECK(review.exit_code == 0);
  CHECK(has(review.out, "Not recorded: an import or a rebuild is writing the collection"));
  CHECK(count_of(review.out, "Your answer") == 2);
  CHECK(field(result_of(beside_import_response(importer, cards)), "added") == kBesideNotes);
  LineClient reviewer(home.socket_path());
  CHECK(field(result_of(rpc(reviewer, "stats.summary")), "reviews_total") == 0);
}

TEST_CASE("e2e: a day start changed during an import remakes the sums after it - and commits them",
          "[e2e][import][concurrency]") {
  BesideImport beside;
  const TempHome& home = beside.home;
  const std::string& path = beside.path;
  LineClient importer(home.socket_path());
  LineClient other(home.socket_path());
  REQUIRE(importer.connected());
  REQUIRE(other.connected());
  std::vector<std::int64_t> cards;
  beside_start_import(importer, path, cards);
  // The new day start is taken at once; the statistics' sums, a write, wait for the import.
  write_config(home, "day_starts_at = 6\n");
  result_of(rpc(other, "config.reload"));
  CHECK(field(result_of(beside_import_response(importer, cards)), "added") == kBesideNotes);
  // Made again after the import, and committed: a second import takes SQLite's write lock at
  // once, where a transaction left open would hold it past its 5 s wait.
  json::object again = beside_import_params(path);
  again.erase("progress");
  CHECK(field(result_of(rpc(other, "deck.import", again, 300'000)), "unchanged") == kBesideNotes);
  const SqliteReader collection(home.collection_path());
  CHECK(collection.text("SELECT value FROM collection_meta WHERE key = 'stats_rollup_calendar'")
            .starts_with("day_starts_at=6;"));
}

TEST_CASE("e2e: a client that leaves mid-import stops it - nothing of it lands - writes go on",
          "[e2e][import][concurrency]") {
  BesideImport beside;
  const TempHome& home = beside.home;
  const std::string& path = beside.path;
  LineClient reviewer(home.socket_path());
  REQUIRE(reviewer.connected());
  {
    LineClient importer(home.socket_path());
    REQUIRE(importer.connected());
    std::vector<std::int64_t> cards;
    beside_start_import(importer, path, cards);
  }  // closed mid-import
  CHECK(beside_decks_after_worker(reviewer) == 1);
  const std::int64_t card = beside_first_card(reviewer);
  const json::object answer{{"card", card}, {"choice", right_choice(reviewer, card)}};
  CHECK(result_of(rpc(reviewer, "review.answer", answer)).at("card").as_int64() == card);
  expect_still_serving(home);
}

TEST_CASE("e2e: kioku import draws its cards and rate in the terminal and Ctrl-C stops it whole",
          "[e2e][import][terminal]") {
  BesideImport beside;
  const TempHome& home = beside.home;
  const std::string& path = beside.path;
  // The first row goes when tmux marks the pane dead (it scrolls by one): a blank line is it.
  const std::string command = "sh -c 'echo; trap true INT; " + kioku_path() + " --socket " +
                              home.socket_path() + " import " + path +
                              " --deck Many --kind basic --columns front,back,tags;"
                              " echo \"kioku exited with $?\"'";
  // Each terminal in a directory of its own: tmux's socket and output pipe are made there.
  std::filesystem::create_directory(home.root() + "/stopped");
  std::filesystem::create_directory(home.root() + "/finished");
  {
    TmuxSession terminal(home.root() + "/stopped", command, home.environment());
    INFO("screen:\n" << terminal.screen_text());
    REQUIRE(terminal.wait_until([&] {
      const std::string screen = terminal.screen_text();
      return has(screen, "Importing [") && has(screen, " cards");
    }));
    terminal.send_keys("C-c");
    REQUIRE(terminal.wait_for("kioku exited with "));
    CHECK_FALSE(has(terminal.screen_text(), "Importing ["));
  }
  LineClient reviewer(home.socket_path());
  REQUIRE(reviewer.connected());
  // Nothing of the stopped import is in the collection.
  CHECK(beside_decks_after_worker(reviewer) == 1);
  CHECK(has(beside.daemon.log(), "kiokud: deck.import stopped: its client left"));

  // Left alone, the same import ends with its summary and no bar left behind.
  TmuxSession terminal(home.root() + "/finished", command, home.environment());
  INFO("screen:\n" << terminal.screen_text());
  REQUIRE(terminal.wait_for("kioku exited with 0", 300'000));
  const std::string screen = terminal.screen_text();
  INFO("at the end:\n" << screen);
  CHECK(has(screen, std::to_string(kBesideNotes)));
  CHECK_FALSE(has(screen, "Importing ["));
}
