// Undo and suspend through the real binaries: review.undo over the socket kept across a kill -9
// once acknowledged, doctor --rebuild agreeing with it, and `kioku suspend`/`unsuspend` in both
// languages and with --json.
#include <signal.h>

#include "protocol/json_rpc.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

std::int64_t due_new(const TempHome& home) {
  return call(home, "due.counts").at("new").as_int64();
}

}  // namespace

TEST_CASE("e2e: an acknowledged undo survives kill -9 and a rebuild finds nothing to change",
          "[e2e][undo]") {
  TempHome home;
  std::int64_t card = 0;
  json::value state_before;
  {
    RunningDaemon daemon(home, {"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
    REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
    card = call(home, "review.next").at("card").at("id").as_int64();
    state_before = call(home, "card.history", {{"card", card}}).at("state");
    const json::value answered =
        call(home, "review.answer", {{"card", card}, {"choice", 1}, {"rating", "good"}});
    REQUIRE(due_new(home) == 7);
    const json::value undone = call(home, "review.undo");
    CHECK(undone.at("review_id") == answered.at("review_id"));
    CHECK(undone.at("state") == state_before);
    // Acknowledged, then the daemon dies without a chance to do anything more.
    CHECK(daemon.stop(SIGKILL) == 128 + SIGKILL);
  }
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT count(*) FROM revlog") == "1");
  CHECK(reader.text("SELECT count(*) FROM revlog_voids") == "1");
  CHECK(reader.text("SELECT phase FROM card_state WHERE card_id = " + std::to_string(card)) ==
        "new");
  CHECK(reader.text("SELECT coalesce(sum(reviews), 0) FROM daily_stats") == "0");

  RunningDaemon daemon(home, {"--clock-start", clock_start(kMorning + 60)});
  CHECK(due_new(home) == 8);
  CHECK(call(home, "card.history", {{"card", card}}).at("state") == state_before);
  CHECK(call(home, "card.history", {{"card", card}}).at("answers").as_array().empty());
  CHECK(field(parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"})), "changed") == 0);
  CHECK(answers_today(parse_output(run_kioku(home, {"stats", "--json"}))) == 0);
  LineClient client(home.socket_path());
  const json::value nothing = rpc(client, "review.undo");
  CHECK(error_code_of(nothing) == kioku::protocol::code::kConflict);
  CHECK(error_message_of(nothing) == "nothing to undo: no answer is left to undo");
  // The card is answered again as if it never had been.
  call(home, "review.answer", {{"card", card}, {"choice", 1}, {"rating", "good"}});
  CHECK(due_new(home) == 7);
}

TEST_CASE("e2e: kioku suspend and unsuspend, in English, Japanese and JSON", "[e2e][suspend]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  const std::int64_t first = call(home, "review.next").at("card").at("id").as_int64();
  const std::string one = std::to_string(first);
  const std::string two = std::to_string(first + 1);

  const auto suspended = run_kioku(home, {"suspend", one, "card:" + two});
  INFO(suspended.out << suspended.err);
  CHECK(suspended.exit_code == 0);
  CHECK(suspended.out == "2 cards suspended\n");
  CHECK(due_new(home) == 6);
  CHECK(call(home, "review.next").at("card").at("id").as_int64() != first);
  // A rebuild replays the log and keeps them suspended.
  CHECK(field(parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"})), "changed") == 0);
  CHECK(due_new(home) == 6);

  const auto japanese = run_kioku(home, {"--lang", "ja", "unsuspend", one});
  CHECK(japanese.exit_code == 0);
  CHECK(japanese.out == "1 枚のカードの保留を解除しました\n");
  CHECK(due_new(home) == 7);

  const json::value as_json = parse_output(run_kioku(home, {"unsuspend", two, "--json"}));
  CHECK(as_json.at("cards").at(0).at("card").as_int64() == first + 1);
  CHECK_FALSE(as_json.at("cards").at(0).at("suspended").as_bool());
  CHECK(as_json.at("cards").at(0).at("changed").as_bool());
  CHECK(due_new(home) == 8);

  // A card named twice is one card, and one that was so already is told apart.
  CHECK(run_kioku(home, {"suspend", one, one}).out == "1 card suspended\n");
  CHECK(run_kioku(home, {"suspend", one, two}).out ==
        "1 card suspended\n1 card was suspended already\n");
  CHECK(run_kioku(home, {"unsuspend", one, one, two}).out == "2 cards unsuspended\n");
  CHECK(run_kioku(home, {"--lang", "ja", "unsuspend", one}).out ==
        "0 枚のカードの保留を解除しました\n1 枚は保留ではありませんでした\n");
  CHECK(due_new(home) == 8);

  // An unknown card changes nothing, and says so in one line.
  const auto unknown = run_kioku(home, {"suspend", one, "999999"});
  CHECK(unknown.exit_code != 0);
  CHECK(unknown.err.find("No card 999999: nothing was changed") != std::string::npos);
  CHECK(due_new(home) == 8);
  const auto two_unknown = run_kioku(home, {"--lang", "ja", "unsuspend", "999998", one, "999999"});
  CHECK(two_unknown.exit_code != 0);
  CHECK(two_unknown.err.find("カード 999998, 999999 はありません。何も変更していません") !=
        std::string::npos);
  CHECK(due_new(home) == 8);
  const auto not_an_id = run_kioku(home, {"--lang", "ja", "suspend", "abc"});
  CHECK(not_an_id.exit_code != 0);
  CHECK(not_an_id.err.find("abc はカードの ID ではありません") != std::string::npos);
}

TEST_CASE("e2e: in kioku review, u undoes the last answer and ! suspends the card shown",
          "[e2e][undo]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  const std::int64_t first = call(home, "review.next").at("card").at("id").as_int64();
  const json::value untouched = call(home, "card.history", {{"card", first}}).at("state");

  // Answer the first card, undo it (it comes back next), suspend it, answer the second, undo it,
  // then undo once more with nothing of the session left.
  const auto session = run_kioku(home, {"review", "--no-shuffle"}, "2\nu\n!\n1 good\nundo\nu\nq\n");
  INFO(session.out << session.err);
  CHECK(session.exit_code == 0);
  CHECK(session.out.find("Undone: your answer to card " + std::to_string(first) + " (gc-001)") !=
        std::string::npos);
  CHECK(session.out.find("Suspended: out of reviews until kioku unsuspend " +
                         std::to_string(first)) != std::string::npos);
  CHECK(session.out.find("Nothing to undo in this session") != std::string::npos);
  CHECK(session.out.find("Session: 0 cards reviewed") != std::string::npos);

  const json::value history = call(home, "card.history", {{"card", first}});
  CHECK(history.at("answers").as_array().empty());
  CHECK(history.at("state").at("suspended").as_bool());
  CHECK(history.at("state").at("phase") == untouched.at("phase"));
  CHECK(call(home, "due.counts").at("new").as_int64() == 7);
  CHECK(call(home, "stats.summary").at("reviews_total").as_int64() == 0);

  const auto japanese = run_kioku(home, {"--lang", "ja", "review", "--no-shuffle"}, "u\nq\n");
  CHECK(japanese.out.find("このセッションには取り消せる回答がありません") != std::string::npos);
}
