// Scripted review across a lost connection (docs/faults.md, "The review session loses
// kiokud"): an idle timeout or a killed daemon between two answers costs nothing, and when the
// daemon cannot be reached again kioku says which answer was lost and how many were saved.
// Nothing is printed as recorded that is not in the review log.
#include <signal.h>

#include <set>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/answer_log.hpp"
#include "tests/support/piped_process.hpp"
#include "tests/support/process_sockets.hpp"
#include "tests/support/relay_proxy.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

const char* const kPromptAndSpace = "Your answer (1-4, - to bury, q to quit): ";

// Verdicts kioku printed: each one claims an answer was recorded.
std::size_t verdicts(const std::string& out) {
  return count_of(out, "✓ Correct") + count_of(out, "✗ Wrong") + count_of(out, "✓ 正解") +
         count_of(out, "✗ 不正解");
}

// The kiokud a review autostarted outlives the test otherwise.
struct StopDaemonAtEnd {
  const TempHome& home;
  ~StopDaemonAtEnd() { run_kioku(home, {"daemon", "stop"}); }
};

}  // namespace

TEST_CASE("e2e: scripted review - kiokud drops the idle session - the next answer is recorded",
          "[e2e][review][lost]") {
  RunningDaemon daemon({"--idle-timeout", "1"});
  const TempHome& home = daemon.home();
  const std::size_t listening = socket_descriptors(daemon.pid()).size();
  const auto idle_closed = [&] { return socket_descriptors(daemon.pid()).size() == listening; };

  PipedProcess review(kioku_argv(home, {"review", "--no-shuffle"}), kioku_environment(home));
  REQUIRE(review.wait_for_output(kPromptAndSpace, 1));
  REQUIRE(poll_until(idle_closed));  // before the first answer
  REQUIRE(review.write("1\n"));
  REQUIRE(review.wait_for_output(kPromptAndSpace, 2));
  REQUIRE(poll_until(idle_closed));  // between two answers
  REQUIRE(review.write("2 easy\n"));
  REQUIRE(review.wait_for_output(kPromptAndSpace, 3));
  REQUIRE(poll_until(idle_closed));  // before a bury, which is sent again as well
  REQUIRE(review.write("-\n"));
  REQUIRE(review.wait_for_output(kPromptAndSpace, 4));
  REQUIRE(poll_until(idle_closed));  // before the summary's counts
  REQUIRE(review.write("q\n"));
  const CommandResult result = review.finish();
  INFO(result.out << result.err);

  CHECK(result.exit_code == 0);
  CHECK(result.err.empty());
  CHECK(result.out.find("Buried until tomorrow") != std::string::npos);
  CHECK(result.out.find("Session: 2 cards reviewed, 2 correct (100%)") != std::string::npos);
  CHECK(result.out.find("still due now") != std::string::npos);
  CHECK(answered_cards(home) == std::vector<std::string>{"gc-001", "gc-002"});
  SqliteReader collection(home.collection_path());
  CHECK(collection.integer("SELECT s.buried_until_day > 0 FROM card_state s JOIN cards c "
                           "ON c.id = s.card_id WHERE c.external_id = 'gc-003'") == 1);
}

TEST_CASE("e2e: scripted review - kiokud is killed between two answers", "[e2e][review][lost]") {
  RunningDaemon daemon;
  const TempHome& home = daemon.home();
  StopDaemonAtEnd stop_autostarted{home};

  SECTION("kioku starts a new kiokud and records the answer there") {
    PipedProcess review(kioku_argv(home, {"review", "--no-shuffle"}), kioku_environment(home));
    REQUIRE(review.wait_for_output(kPromptAndSpace, 1));
    REQUIRE(review.write("1\n"));
    REQUIRE(review.wait_for_output(kPromptAndSpace, 2));
    REQUIRE(daemon.stop(SIGKILL) == 128 + SIGKILL);
    REQUIRE(review.write("2 easy\n"));
    REQUIRE(review.wait_for_output(kPromptAndSpace, 3));
    REQUIRE(review.write("q\n"));
    const CommandResult result = review.finish();
    INFO(result.out << result.err);
    CHECK(result.exit_code == 0);
    CHECK(result.out.find("Session: 2 cards reviewed, 2 correct (100%)") != std::string::npos);
    CHECK(answered_cards(home) == std::vector<std::string>{"gc-001", "gc-002"});
    CHECK(verdicts(result.out) == 2);
  }

  SECTION("with --no-autostart kioku names the lost answer and the saved count") {
    PipedProcess review(kioku_argv(home, {"review", "--no-shuffle", "--no-autostart"}),
                        kioku_environment(home));
    REQUIRE(review.wait_for_output(kPromptAndSpace, 1));
    REQUIRE(review.write("1\n"));
    REQUIRE(review.wait_for_output(kPromptAndSpace, 2));
    REQUIRE(daemon.stop(SIGKILL) == 128 + SIGKILL);
    REQUIRE(review.write("2 easy\n3\n"));
    const CommandResult result = review.finish();
    INFO(result.out << result.err);
    CHECK(result.exit_code == 3);
    CHECK(result.err.find("kioku: kiokud is not running at " + home.socket_path()) !=
          std::string::npos);
    CHECK(result.out.find(
              "Your answer to card 2 (gc-002) was not recorded; 1 answer of this session was "
              "saved.") != std::string::npos);
    CHECK(result.out.find("Session: 1 ") != std::string::npos);
    CHECK(answered_cards(home) == std::vector<std::string>{"gc-001"});
    CHECK(verdicts(result.out) == 1);
    CHECK(count_of(result.out, kPromptAndSpace) == 2);  // nothing more was asked
  }

  SECTION("in Japanese") {
    PipedProcess review(
        kioku_argv(home, {"review", "--no-shuffle", "--no-autostart", "--lang", "ja"}),
        kioku_environment(home));
    REQUIRE(review.wait_for_output("回答 (1-4", 1));
    REQUIRE(review.write("1\n"));
    REQUIRE(review.wait_for_output("回答 (1-4", 2));
    REQUIRE(daemon.stop(SIGKILL) == 128 + SIGKILL);
    REQUIRE(review.write("2\n"));
    const CommandResult result = review.finish();
    INFO(result.out << result.err);
    CHECK(result.exit_code == 3);
    CHECK(result.out.find("カード 2 (gc-002) への回答は記録されていません。このセッションで保存さ"
                          "れた回答は 1 件です。") != std::string::npos);
    CHECK(result.out.find("セッション: 1 ") != std::string::npos);
    CHECK(answered_cards(home) == std::vector<std::string>{"gc-001"});
    CHECK(verdicts(result.out) == 1);
  }
}

TEST_CASE("e2e: scripted review - kiokud dies holding an answer it has not replied to",
          "[e2e][review][lost]") {
  RunningDaemon daemon;
  const TempHome& home = daemon.home();
  StopDaemonAtEnd stop_autostarted{home};
  const std::set<int> before = socket_descriptors(daemon.pid());
  const bool autostart = GENERATE(true, false);
  std::vector<std::string> arguments = {"review", "--no-shuffle"};
  if (!autostart) arguments.push_back("--no-autostart");

  PipedProcess review(kioku_argv(home, arguments), kioku_environment(home));
  REQUIRE(review.wait_for_output(kPromptAndSpace, 1));
  REQUIRE(review.write("1\n"));
  REQUIRE(review.wait_for_output(kPromptAndSpace, 2));
  const int connection = new_socket_descriptor(daemon.pid(), before);
  REQUIRE(connection >= 0);
  // Stopped, the daemon cannot read the answer: it waits in its socket, sent and unanswered,
  // when the daemon dies.
  REQUIRE(::kill(daemon.pid(), SIGSTOP) == 0);
  REQUIRE(review.write("2 easy\n"));
  REQUIRE(poll_until([&] { return unread_bytes(daemon.pid(), connection) > 0; }));
  REQUIRE(daemon.stop(SIGKILL) == 128 + SIGKILL);

  if (autostart) {
    // Sent again with the same answer id to a new kiokud: recorded once.
    REQUIRE(review.wait_for_output(kPromptAndSpace, 3));
    REQUIRE(review.write("q\n"));
    const CommandResult result = review.finish();
    INFO(result.out << result.err);
    CHECK(result.exit_code == 0);
    CHECK(result.out.find("Session: 2 cards reviewed, 2 correct (100%)") != std::string::npos);
    CHECK(answered_cards(home) == std::vector<std::string>{"gc-001", "gc-002"});
    CHECK(verdicts(result.out) == 2);
  } else {
    const CommandResult result = review.finish();
    INFO(result.out << result.err);
    CHECK(result.exit_code == 3);
    // kioku cannot know whether the daemon committed the answer before it died: it says so.
    CHECK(result.out.find("kiokud did not confirm your answer to card 2 (gc-002): it may or may "
                          "not have been recorded; 1 answer of this session was saved.") !=
          std::string::npos);
    CHECK(answered_cards(home) == std::vector<std::string>{"gc-001"});
    CHECK(verdicts(result.out) == 1);
  }
}

TEST_CASE("e2e: scripted review - kiokud recorded the answer but its reply was lost",
          "[e2e][review][lost]") {
  RunningDaemon daemon;
  const TempHome& home = daemon.home();
  const std::string relayed = home.root() + "/relayed.sock";
  RelayProxy proxy(relayed, home.socket_path());

  // --no-autostart: the proxy's socket is not kiokud's to start on.
  PipedProcess review(
      {kioku_path(), "--socket", relayed, "review", "--no-shuffle", "--no-autostart"},
      kioku_environment(home));
  REQUIRE(review.wait_for_output(kPromptAndSpace, 1));
  REQUIRE(review.write("1\n"));
  REQUIRE(review.wait_for_output(kPromptAndSpace, 2));
  proxy.drop_next_reply_to("\"review.answer\"");
  REQUIRE(review.write("2 easy\n"));
  // Sent again on a new connection, with the same answer id: answered from the log.
  REQUIRE(review.wait_for_output(kPromptAndSpace, 3));
  REQUIRE(review.write("q\n"));
  const CommandResult result = review.finish();
  INFO(result.out << result.err);
  CHECK(proxy.replies_dropped() == 1);
  CHECK(result.exit_code == 0);
  CHECK(result.out.find("Session: 2 cards reviewed, 2 correct (100%)") != std::string::npos);
  CHECK(answered_cards(home) == std::vector<std::string>{"gc-001", "gc-002"});
  CHECK(verdicts(result.out) == 2);
}

TEST_CASE("e2e: review.answer with an answer_id already recorded records nothing more",
          "[e2e][review][lost]") {
  RunningDaemon daemon({"--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  LineClient client(home.socket_path());
  REQUIRE(client.connected());
  const auto card = result_of(rpc(client, "review.next")).at("card").at("id").as_int64();
  const json::object answer{{"card", card}, {"choice", 1}, {"answer_id", "3f2a9c-answer_1"}};

  const auto first = result_of(rpc(client, "review.answer", answer));
  CHECK(first.at("already_recorded").as_bool() == false);
  // The reply was lost, say: the client sends the same answer again.
  const auto again = result_of(rpc(client, "review.answer", answer));
  CHECK(again.at("already_recorded").as_bool() == true);
  CHECK(again.at("review_id") == first.at("review_id"));
  CHECK(again.at("correct") == first.at("correct"));
  CHECK(again.at("rating") == first.at("rating"));
  CHECK(again.at("state") == first.at("state"));
  CHECK(answered_cards(home) == std::vector<std::string>{"gc-001"});

  SECTION("the same id for another card is a conflict") {
    const auto other = rpc(client, "review.answer",
                           {{"card", card + 1}, {"choice", 1}, {"answer_id", "3f2a9c-answer_1"}});
    CHECK(error_code_of(other) == -32003);
    CHECK(error_message_of(other) ==
          "answer_id '3f2a9c-answer_1' was already recorded for card 1, not card 2");
  }
  SECTION("an answer_id must be 1 to 64 letters, digits, '-' or '_'") {
    for (const std::string& bad :
         {std::string(), std::string(65, 'a'), std::string("a b"), std::string("é")}) {
      const auto refused =
          rpc(client, "review.answer", {{"card", card}, {"choice", 1}, {"answer_id", bad}});
      CHECK(error_code_of(refused) == -32602);
      CHECK(error_message_of(refused) ==
            "parameter 'answer_id' must be 1 to 64 ASCII letters, digits, '-' or '_'");
    }
    CHECK(error_code_of(rpc(client, "review.answer",
                            {{"card", card}, {"choice", 1}, {"answer_id", 7}})) == -32602);
  }
  CHECK(answered_cards(home) == std::vector<std::string>{"gc-001"});
}
