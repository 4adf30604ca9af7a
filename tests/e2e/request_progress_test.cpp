// A long request (sched.simulate, sched.optimize, sched.evaluate) off kiokud's thread, through
// the real daemon and socket: the client that asks hears request.progress notifications before
// its answer; a client that leaves has its work stopped, so the worker moves on to the next
// client's; a client that only shut its writing half still gets its answer; and kiokud stopping
// stops the work and tells its client why. In a real terminal, kioku draws the progress as a bar
// and Ctrl-C stops kiokud's work.
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "protocol/json_rpc.hpp"
#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/collection_tampering.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/e2e/worker_held.hpp"
#include "tests/support/piped_process.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

constexpr std::int64_t kRequestId = 7;

constexpr std::int64_t kProgressStartMs = 1'767'607'200'000;  // 2026-01-05T10:00:00Z

// A daemon with a deck of ten new cards, on a clock the test moves, idle clients closed after
// a minute of it.
struct DeckDaemon {
  TempHome home;
  RunningDaemon daemon{
      (set_clock(home, kProgressStartMs), home),
      {"--no-bundled-decks", "--clock-file", home.root() + "/clock", "--idle-timeout", "60"}};

  DeckDaemon() {
    const auto imported = daemon.kioku(
        {"import", home.write_file("d.toml", numbered_basic_notes_deck("d", "D", 10))});
    REQUIRE(imported.exit_code == 0);
  }
};

struct Heard {
  std::vector<json::object> progress;  // the notifications' params, in order
  json::value response;                // null when none came
};

// Sends the request on `client` (with `file` passed beside it, when given) and reads up to and
// including its response.
Heard send_and_listen(LineClient& client, std::string_view method, json::object params,
                      int timeout_ms = 120'000, int file = -1) {
  const std::string line = request_line(kRequestId, method, std::move(params)) + "\n";
  REQUIRE((file < 0 ? client.send(line) : client.send_with_descriptors(line, {file})));
  Heard heard;
  for (;;) {
    const std::optional<std::string> line = client.read_line(timeout_ms);
    if (!line) return heard;
    json::value value = json::parse(*line);
    if (value.as_object().contains("id")) {
      heard.response = std::move(value);
      return heard;
    }
    INFO(*line);
    REQUIRE(value.at("method").as_string() == "request.progress");
    heard.progress.push_back(value.at("params").as_object());
  }
}

// The stages in the order heard; fractions between 0 and 1 that never go back within a stage;
// each stage reported done.
std::vector<std::string> stages_of(const std::vector<json::object>& progress) {
  std::vector<std::string> stages;
  double last = 0.0;
  for (const json::object& params : progress) {
    INFO(json::serialize(params));
    CHECK(params.at("id").as_int64() == kRequestId);
    const std::string stage(params.at("stage").as_string());
    const double fraction = params.at("fraction").to_number<double>();
    CHECK(fraction >= 0.0);
    CHECK(fraction <= 1.0);
    if (stages.empty() || stages.back() != stage) {
      if (!stages.empty()) CHECK(last == 1.0);  // the stage before ended whole
      stages.push_back(stage);
    } else {
      CHECK(fraction >= last);
    }
    last = fraction;
  }
  CHECK(last == 1.0);
  return stages;
}

// The next line `client` reads, a response, once the worker has come to its request.
json::value response_on(LineClient& client) {
  const std::optional<std::string> line = client.read_line(60'000);
  REQUIRE(line);
  INFO(*line);
  return json::parse(*line);
}

// The `algorithm` option's value in a deck.config result.
std::string algorithm_of(const json::value& config) {
  for (const json::value& option : config.at("options").as_array()) {
    if (option.at("name") == "algorithm") return std::string(option.at("value").as_string());
  }
  return "";
}

}  // namespace

TEST_CASE("e2e: a long request tells how far it has come when asked and only then",
          "[e2e][progress]") {
  DeckDaemon fixture;
  LineClient client(fixture.daemon.socket_path());
  REQUIRE(client.connected());

  const Heard simulated = send_and_listen(
      client, "sched.simulate", {{"deck", "d"}, {"days", 365}, {"add", 500}, {"progress", true}});
  INFO(json::serialize(simulated.response));
  REQUIRE(is_error(simulated.response) == false);
  CHECK(stages_of(simulated.progress) == std::vector<std::string>{"reading", "simulating"});

  const Heard optimized =
      send_and_listen(client, "sched.optimize", {{"deck", "d"}, {"progress", true}});
  REQUIRE(is_error(optimized.response) == false);
  CHECK(stages_of(optimized.progress) == std::vector<std::string>{"reading", "fitting"});

  const Heard evaluated = send_and_listen(client, "sched.evaluate", {{"progress", true}});
  REQUIRE(is_error(evaluated.response) == false);
  CHECK(stages_of(evaluated.progress) == std::vector<std::string>{"reading", "fitting"});

  const Heard checked = send_and_listen(client, "doctor.check", {{"progress", true}});
  REQUIRE(is_error(checked.response) == false);
  CHECK(stages_of(checked.progress) == std::vector<std::string>{"checking", "reading"});
  const Heard rebuilt = send_and_listen(client, "doctor.rebuild", {{"progress", true}});
  REQUIRE(is_error(rebuilt.response) == false);
  CHECK(stages_of(rebuilt.progress) == std::vector<std::string>{"replaying"});
  const std::string exported_path = fixture.home.root() + "/exported.apkg";
  const int exported_file =
      ::open(exported_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  REQUIRE(exported_file >= 0);
  const Heard exported = send_and_listen(
      client, "deck.export", {{"deck", "d"}, {"format", "apkg"}, {"fd", 0}, {"progress", true}},
      120'000, exported_file);
  ::close(exported_file);
  REQUIRE(is_error(exported.response) == false);
  CHECK(stages_of(exported.progress) == std::vector<std::string>{"reading", "writing"});

  // Not asked: the response is the first line.
  const Heard quiet = send_and_listen(client, "sched.simulate", {{"deck", "d"}, {"days", 365}});
  CHECK(quiet.progress.empty());
  CHECK(quiet.response.at("result").at("runs").as_array().size() == 1);
  const Heard refused = send_and_listen(client, "sched.simulate", {{"deck", "d"}, {"progress", 1}});
  CHECK(error_code_of(refused.response) == kioku::protocol::code::kInvalidParams);
}

TEST_CASE("e2e: a client that leaves has its long request stopped and the worker moves on",
          "[e2e][progress]") {
  DeckDaemon fixture;
  {
    LineClient leaving(fixture.daemon.socket_path());
    REQUIRE(leaving.send(request_line(kRequestId, "sched.simulate", endless_simulation()) + "\n"));
    REQUIRE(wait_for_stage(leaving, "simulating"));
  }  // closed here, its simulation unfinished

  // The worker runs one request at a time: this one is answered only once the endless one has
  // stopped.
  LineClient next(fixture.daemon.socket_path());
  const Heard answered = send_and_listen(next, "sched.simulate", {{"deck", "d"}, {"days", 30}});
  INFO(json::serialize(answered.response));
  CHECK(answered.response.at("result").at("runs").as_array().size() == 1);
  CHECK(has(fixture.daemon.log(), "kiokud: sched.simulate stopped: its client left"));
}

// Whether process `pid` is blocked in ppoll(2), which kioku calls only while it waits for
// kiokud with its stop signals caught (cli/stop_signal_wait.hpp).
bool waiting_in_ppoll(pid_t pid) {
  std::ifstream syscall("/proc/" + std::to_string(pid) + "/syscall");
  long number = -1;
  return (syscall >> number) && number == SYS_ppoll;
}

TEST_CASE("e2e: kioku export stopped by SIGTERM or SIGHUP while it waits leaves no file behind",
          "[e2e][progress][export]") {
  DeckDaemon fixture;
  const std::string& socket = fixture.daemon.socket_path();
  for (const int signal_number : {SIGTERM, SIGHUP}) {
    DYNAMIC_SECTION("signal " << signal_number) {
      const std::string target = fixture.home.root() + "/d.toml.out";
      WorkerHeld held(socket);
      PipedProcess exporting(kioku_argv(fixture.home, {"export", "d", "-o", target}),
                             kioku_environment(fixture.home));
      // The export waits behind the held worker; it is asked to stop once kioku waits for it.
      bool waiting = false;
      for (int look = 0; look < 600 && !waiting; ++look) {
        waiting = waiting_in_ppoll(exporting.pid());
        if (!waiting) exporting.wait_for_error_output("never written", 50);
      }
      REQUIRE(waiting);
      REQUIRE(::kill(exporting.pid(), signal_number) == 0);
      const CommandResult stopped = exporting.finish();
      // Ended as the signal ends a process, once the temporary file beside the target was gone.
      CHECK(stopped.exit_code == 128 + signal_number);
      CHECK_FALSE(std::filesystem::exists(target));
      for (const auto& entry : std::filesystem::directory_iterator(fixture.home.root())) {
        CHECK(entry.path().filename().string().find("kioku-export") == std::string::npos);
      }
    }
  }
}

TEST_CASE("e2e: a long request whose client left while it waited is never started",
          "[e2e][progress]") {
  DeckDaemon fixture;
  const std::string& socket = fixture.daemon.socket_path();
  const std::string deck =
      fixture.home.write_file("e.toml", numbered_basic_notes_deck("e", "E", 10));
  std::optional<WorkerHeld> held(std::in_place, socket);
  {
    LineClient leaving(socket);
    REQUIRE(leaving.send(request_line(kRequestId, "deck.import", {{"path", deck}}) + "\n"));
    LineClient rebuilding(socket);
    REQUIRE(rebuilding.send(request_line(kRequestId, "doctor.rebuild") + "\n"));
    CHECK_FALSE(leaving.read_line(300));
  }  // both gone while they wait behind the simulation
  held.reset();
  // The worker takes requests in order: once this one is answered, the two before it are done.
  LineClient reader(socket);
  REQUIRE(result_of(rpc(reader, "collection.backups")).is_object());

  // Nothing imported, and neither was begun: an import left before it started imports nothing,
  // and a rebuild left so refused no write meanwhile.
  const json::value decks = result_of(rpc(reader, "deck.list"));
  for (const json::value& listed : decks.at("decks").as_array()) {
    CHECK(listed.at("id").as_string() != "e");
  }
  CHECK(has(fixture.daemon.log(), "kiokud: deck.import not started: its client left"));
  CHECK(has(fixture.daemon.log(), "kiokud: doctor.rebuild not started: its client left"));
  CHECK_FALSE(has(fixture.daemon.log(), "deck.import stopped"));
}

TEST_CASE("e2e: doctor.check waits its turn on the worker while other clients are served",
          "[e2e][progress][doctor]") {
  DeckDaemon fixture;
  WorkerHeld held(fixture.daemon.socket_path());

  LineClient checking(fixture.daemon.socket_path());
  REQUIRE(checking.send(request_line(kRequestId, "doctor.check") + "\n"));
  LineClient other(fixture.daemon.socket_path());
  CHECK(result_of(rpc(other, "due.counts")).is_object());
  // Behind the simulation on the worker. Run on kiokud's own thread, as it was, the check of ten
  // cards would have answered within a millisecond.
  CHECK_FALSE(checking.read_line(500));

  held.release();  // its simulation stops, and the worker moves on to the check
  const json::value response = response_on(checking);
  CHECK(response.at("result").at("ok").as_bool());
  CHECK(response.at("result").at("path").as_string() == fixture.home.collection_path());
}

TEST_CASE("e2e: deck.export waits its turn on the worker while other clients are served",
          "[e2e][progress][export]") {
  DeckDaemon fixture;
  WorkerHeld held(fixture.daemon.socket_path());

  const std::string path = fixture.home.root() + "/exported.toml";
  const int file = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  REQUIRE(file >= 0);
  LineClient exporting(fixture.daemon.socket_path());
  REQUIRE(exporting.send_with_descriptors(
      request_line(kRequestId, "deck.export", {{"deck", "d"}, {"format", "toml"}, {"fd", 0}}) +
          "\n",
      {file}));
  ::close(file);  // kiokud holds its own
  LineClient other(fixture.daemon.socket_path());
  CHECK(result_of(rpc(other, "due.counts")).is_object());
  // Behind the simulation on the worker: run on kiokud's own thread, as it was, ten notes
  // would have been written within a millisecond.
  CHECK_FALSE(exporting.read_line(500));
  CHECK(std::filesystem::file_size(path) == 0);

  held.release();
  const json::value exported = response_on(exporting);
  CHECK(field(result_of(exported), "notes") == 10);
  CHECK(field(result_of(exported), "bytes") ==
        static_cast<std::int64_t>(std::filesystem::file_size(path)));
  CHECK(has(read_file(path), "question 9"));
}

TEST_CASE("e2e: note.find reads beside the worker's work, alone and in a batch without a text",
          "[e2e][progress][notes]") {
  DeckDaemon fixture;
  WorkerHeld held(fixture.daemon.socket_path());

  // On the readers' thread: the simulation holding the worker does not hold it up.
  LineClient finding(fixture.daemon.socket_path());
  const json::value found =
      result_of(rpc(finding, "note.find", {{"text", "QUESTION 9"}, {"deck", "d"}}));
  REQUIRE(found.at("notes").as_array().size() == 1);
  CHECK(has(json::serialize(found.at("notes").at(0)), "question 9"));
  // A deck it cannot find is its error, as on kiokud's own thread.
  const json::value missing = rpc(finding, "note.find", {{"deck", "no-such-deck"}});
  CHECK(missing.at("error").at("code").as_int64() == kioku::protocol::code::kNotFound);
  // In a batch a page without a text is read at once, as before.
  REQUIRE(finding.send("[" + request_line(1, "note.find", {{"tag", "nothing-tagged-so"}}) + "," +
                       request_line(2, "due.counts") + "]\n"));
  const std::optional<std::string> batch = finding.read_line();
  REQUIRE(batch);
  const json::array replies = json::parse(*batch).as_array();
  REQUIRE(replies.size() == 2);
  CHECK(replies.at(0).at("result").at("notes").as_array().empty());
  CHECK(replies.at(1).as_object().contains("result"));
  // A text, looked for in every note, is refused there as a long request is: read at once, it
  // would hold every other client for the whole search. The batch's other requests are answered.
  REQUIRE(finding.send("[" + request_line(1, "note.find", {{"text", "QUESTION 9"}}) + "," +
                       request_line(2, "due.counts") + "]\n"));
  const std::optional<std::string> with_text = finding.read_line();
  REQUIRE(with_text);
  const json::array text_replies = json::parse(*with_text).as_array();
  REQUIRE(text_replies.size() == 2);
  CHECK(text_replies.at(0).at("error").at("code").as_int64() == -32600);
  CHECK(text_replies.at(1).as_object().contains("result"));
}

TEST_CASE("e2e: a relative --data-dir is made absolute and long requests still go to the worker",
          "[e2e][progress]") {
  TempHome home;
  // kiokud starts in this process's working directory; the test's own is given back after.
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(home.root());
  struct GiveBack {
    std::filesystem::path path;
    ~GiveBack() { std::filesystem::current_path(path); }
  } give_back{before};
  const std::string expected =
      (std::filesystem::current_path() / "relative-data" / "collection.sqlite").string();
  RunningDaemon daemon(home, {"--no-bundled-decks", "--data-dir", "relative-data"});
  REQUIRE(
      daemon.kioku({"import", home.write_file("d.toml", numbered_basic_notes_deck("d", "D", 10))})
          .exit_code == 0);
  LineClient client(daemon.socket_path());
  CHECK(result_of(rpc(client, "system.status")).at("collection").as_string() == expected);

  // A relative path was taken for a collection with no file of its own: the check ran at once
  // on kiokud's thread, and a rebuild or an export held every client.
  WorkerHeld held(daemon.socket_path());
  LineClient checking(daemon.socket_path());
  REQUIRE(checking.send(request_line(kRequestId, "doctor.check") + "\n"));
  CHECK_FALSE(checking.read_line(500));
  held.release();
  const json::value response = response_on(checking);
  CHECK(response.at("result").at("ok").as_bool());
  CHECK(response.at("result").at("path").as_string() == expected);
}

TEST_CASE("e2e: doctor.rebuild waits on the worker taking writes - then replays what they left",
          "[e2e][progress][doctor]") {
  DeckDaemon fixture;
  const std::string& socket = fixture.daemon.socket_path();
  LineClient reviewer(socket);
  const std::int64_t card = result_of(rpc(reviewer, "review.next")).at("card").at("id").as_int64();
  REQUIRE(
      result_of(rpc(reviewer, "review.answer", {{"card", card}, {"rating", "good"}})).is_object());
  // The answer's state spoiled behind kiokud's back: the rebuild has one card to put right.
  execute_sql(fixture.home.collection_path(),
              "UPDATE card_state SET reps = reps + 5 WHERE card_id = " + std::to_string(card));

  WorkerHeld held(socket);
  LineClient rebuilding(socket);
  REQUIRE(rebuilding.send(request_line(kRequestId, "doctor.rebuild") + "\n"));
  CHECK_FALSE(rebuilding.read_line(300));
  // Waiting behind the simulation, it refuses nothing: writes are refused only while it runs
  // (the import's test sees that), not while it waits for nothing.
  const std::int64_t other = result_of(rpc(reviewer, "review.next")).at("card").at("id").as_int64();
  CHECK(result_of(rpc(reviewer, "review.answer", {{"card", other}, {"rating", "good"}}))
            .at("card")
            .as_int64() == other);

  held.release();
  const json::value rebuilt = response_on(rebuilding);
  // The spoiled card put right; the answer taken while it waited is in the log it replayed.
  CHECK(field(result_of(rebuilt), "changed") == 1);
  CHECK(result_of(rebuilt).at("decks").at(0).at("changed_cards") == json::array{card});
  CHECK(result_of(rpc(reviewer, "doctor.check")).as_object().contains("differing") == false);
  CHECK(field(result_of(rpc(reviewer, "doctor.rebuild")), "changed") == 0);
}

TEST_CASE("e2e: doctor.rebuild queued takes the day's start hour set while it waited",
          "[e2e][progress][doctor]") {
  DeckDaemon fixture;
  const std::string& socket = fixture.daemon.socket_path();
  WorkerHeld held(socket);
  LineClient rebuilding(socket);
  REQUIRE(rebuilding.send(request_line(kRequestId, "doctor.rebuild") + "\n"));
  CHECK_FALSE(rebuilding.read_line(300));
  // Changed while the rebuild waits: the statistics are refilled on the new calendar at once.
  LineClient configuring(socket);
  REQUIRE(result_of(rpc(configuring, "config.set", {{"key", "day_starts_at"}, {"value", "0"}}))
              .is_object());
  held.release();
  REQUIRE(result_of(response_on(rebuilding)).is_object());
  // The rebuild refilled them on that calendar too, not on the one of when it was queued.
  const std::string recorded =
      SqliteReader(fixture.home.collection_path())
          .text("SELECT value FROM collection_meta WHERE key = 'stats_rollup_calendar'");
  CHECK(recorded.rfind("day_starts_at=0;", 0) == 0);
}

TEST_CASE("e2e: a deck's new scheduler is planned again when the worker comes to it",
          "[e2e][progress][scheduling]") {
  DeckDaemon fixture;
  const std::string& socket = fixture.daemon.socket_path();
  LineClient other(socket);

  WorkerHeld held(socket);
  LineClient configuring(socket);
  REQUIRE(configuring.send(
      request_line(
          kRequestId, "deck.config",
          {{"deck", "d"}, {"set", {{"algorithm", "fsrs"}}}, {"expect", {{"new_per_day", "20"}}}}) +
      "\n"));
  // Planned on kiokud's thread (its expectation held), it waits behind the simulation.
  CHECK_FALSE(configuring.read_line(300));
  // Meanwhile another client changes what it expected: a quick change, taken at once.
  CHECK(result_of(rpc(other, "deck.config", {{"deck", "d"}, {"set", {{"new_per_day", "30"}}}}))
            .is_object());

  held.release();
  // Planned again in the worker's transaction, it finds the deck changed and stores nothing.
  const json::value configured = response_on(configuring);
  CHECK(error_code_of(configured) == kioku::protocol::code::kConflict);
  CHECK(has(error_message_of(configured), "'new_per_day' is now '30'"));
  CHECK(algorithm_of(result_of(rpc(other, "deck.config", {{"deck", "d"}}))) == "sm2");

  // Asked again, it recomputes the deck's cards on the worker.
  const json::value again =
      rpc(other, "deck.config", {{"deck", "d"}, {"set", {{"algorithm", "fsrs"}}}});
  CHECK(field(result_of(again).at("recomputed"), "cards") == 10);
  CHECK(algorithm_of(result_of(rpc(other, "deck.config", {{"deck", "d"}}))) == "fsrs");
}

TEST_CASE("e2e: a client waiting for a long request is not idle however long it takes",
          "[e2e][progress]") {
  DeckDaemon fixture;
  LineClient waiting(fixture.daemon.socket_path());
  REQUIRE(waiting.send(request_line(kRequestId, "sched.simulate", endless_simulation()) + "\n"));
  REQUIRE(wait_for_stage(waiting, "simulating"));
  // An hour later on kiokud's clock, a client arriving is when kiokud closes the clients idle
  // past their minute: the one waiting for its simulation is not among them.
  set_clock(fixture.home, kProgressStartMs + 3'600'000);
  LineClient arriving(fixture.daemon.socket_path());
  CHECK(result_of(rpc(arriving, "system.hello")).is_object());
  // Still connected: its simulation goes on telling it how far it has come.
  const std::optional<std::string> line = waiting.read_line(60'000);
  REQUIRE(line);
  CHECK(has(*line, "\"method\":\"request.progress\""));
  CHECK_FALSE(has(fixture.daemon.log(), "stopped"));
}

TEST_CASE("e2e: a client that shut only its writing half still gets its answer",
          "[e2e][progress]") {
  DeckDaemon fixture;
  LineClient client(fixture.daemon.socket_path());
  REQUIRE(client.send(
      request_line(kRequestId, "sched.simulate", {{"deck", "d"}, {"days", 3650}, {"add", 2000}}) +
      "\n"));
  client.shutdown_sending();
  const std::optional<std::string> line = client.read_line(120'000);
  REQUIRE(line);
  const json::value response = json::parse(*line);
  INFO(*line);
  CHECK(response.at("result").at("runs").as_array().size() == 1);
  CHECK_FALSE(has(fixture.daemon.log(), "stopped"));
}

TEST_CASE("e2e: kiokud stopping stops a long request and its client hears why", "[e2e][progress]") {
  DeckDaemon fixture;
  LineClient client(fixture.daemon.socket_path());
  REQUIRE(client.send(request_line(kRequestId, "sched.simulate", endless_simulation()) + "\n"));
  REQUIRE(wait_for_stage(client, "simulating"));
  // Without the stop reaching the simulation, kiokud would wait for it for ever.
  CHECK(fixture.daemon.stop(SIGTERM) == 0);
  std::optional<std::string> line;
  do {
    line = client.read_line(10'000);
    REQUIRE(line);
  } while (!json::parse(*line).as_object().contains("id"));
  const json::value response = json::parse(*line);
  CHECK(error_code_of(response) ==
        kioku::protocol::to_json_rpc_code(kioku::ErrorCode::kUnavailable));
  CHECK(error_message_of(response) == "kiokud is stopping");
  CHECK(has(fixture.daemon.log(), "kiokud: sched.simulate stopped: kiokud is stopping"));
}

TEST_CASE("e2e: kioku sched simulate draws kiokud's progress in the terminal and Ctrl-C stops it",
          "[e2e][progress][terminal]") {
  DeckDaemon fixture;
  const TempHome& home = fixture.home;
  std::string command = "sh -c 'trap true INT; " + kioku_path() + " --socket " +
                        home.socket_path() +
                        " sched simulate --deck d --algorithm fsrs --days 36500 --add 200000"
                        " --new-per-day 100000";
  for (int percent = 70; percent < 100; ++percent) {
    command += " --desired-retention 0." + std::to_string(percent);
  }
  command += "; echo \"kioku exited with $?\"'";
  TmuxSession terminal(home.root(), command, home.environment());
  INFO("screen:\n" << terminal.screen_text());
  REQUIRE(terminal.wait_until([&] {
    const std::string screen = terminal.screen_text();
    return has(screen, "Simulating [") && has(screen, "] 0%");
  }));
  terminal.send_keys("C-c");
  REQUIRE(terminal.wait_for("kioku exited with "));
  // The bar is wiped before kioku says why it stopped.
  CHECK_FALSE(has(terminal.screen_text(), "Simulating ["));

  // kiokud stopped the simulation: the worker answers the next request.
  const CommandResult next =
      fixture.daemon.kioku({"sched", "simulate", "--deck", "d", "--days", "30"});
  CHECK(next.exit_code == 0);
  CHECK(has(fixture.daemon.log(), "kiokud: sched.simulate stopped: its client left"));
}

TEST_CASE("e2e: kioku sched simulate into a pipe draws no bar and asks for no progress",
          "[e2e][progress]") {
  DeckDaemon fixture;
  const CommandResult result =
      fixture.daemon.kioku({"sched", "simulate", "--deck", "d", "--days", "30"});
  CHECK(result.exit_code == 0);
  CHECK(result.err.empty());
}
