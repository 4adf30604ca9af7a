// stats.report off kiokud's thread, through the real daemon and socket: it is read on the
// readers' thread, through a snapshot of its own; its figures are those kiokud's own thread
// reads (a batch's report is made there, at once); and an answer given between two reports,
// by the client that asks or by another, is in the second, though the readers' thread keeps
// its cards between reports.
#include "protocol/json_rpc.hpp"
#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/e2e/thread_reads.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

constexpr std::int64_t kStartMs = 1'767'607'200'000;  // 2026-01-05T10:00:00Z

// A daemon with a deck of ten new cards, a few of them answered, on a clock that stands still:
// two reports asked for one after the other are made at the same instant.
struct AnsweredDeckDaemon {
  TempHome home;
  RunningDaemon daemon{(set_clock(home, kStartMs), home),
                       {"--no-bundled-decks", "--clock-file", home.root() + "/clock"}};
  LineClient client{daemon.socket_path()};

  AnsweredDeckDaemon() {
    const auto imported = daemon.kioku(
        {"import", home.write_file("d.toml", numbered_basic_notes_deck("d", "D", 10))});
    REQUIRE(imported.exit_code == 0);
    for (const char* rating : {"again", "hard", "good", "easy"}) answer_next(client, rating);
  }

  // Answers the deck's next card with `rating` on `on`; returns its id.
  static std::int64_t answer_next(LineClient& on, const char* rating) {
    const json::value next = result_of(rpc(on, "review.next", {{"deck", "d"}}));
    const std::int64_t card = field(next.at("card"), "id");
    result_of(rpc(on, "review.answer", {{"card", card}, {"rating", rating}}));
    return card;
  }

  // The report made at once on kiokud's own thread, as every report was before it moved: a
  // batch's requests are not answered later.
  json::value report_in_batch(const json::object& params) {
    REQUIRE(client.send("[" + request_line(1, "stats.report", params) + "]\n"));
    const std::optional<std::string> line = client.read_line();
    REQUIRE(line);
    const json::array replies = json::parse(*line).as_array();
    REQUIRE(replies.size() == 1);
    return result_of(replies.at(0));
  }

  json::value report(const json::object& params) {
    return result_of(rpc(client, "stats.report", params));
  }
};

std::int64_t new_cards(const json::value& report) {
  return field(report.at("card_counts"), "new");
}

const std::vector<json::object> kReports{
    json::object{{"period", "all"}}, json::object{{"deck", "d"}, {"period", "7d"}}, json::object{}};

}  // namespace

TEST_CASE("e2e: stats.report is read on the readers' thread, with the figures of kiokud's own",
          "[e2e][stats]") {
  AnsweredDeckDaemon fixture;
  const pid_t kiokud = fixture.daemon.pid();
  // Unnamed only while it has run nothing: its name is its first task.
  const std::int64_t reads_before = read_calls_of_thread(kiokud, "kiokud-readers").value_or(0);
  const json::value whole = fixture.report({{"period", "all"}});
  // The readers' thread read the collection for it, opening its connection there; made on
  // kiokud's own thread, the report would have had that thread read nothing.
  const std::optional<std::int64_t> reads_after = read_calls_of_thread(kiokud, "kiokud-readers");
  REQUIRE(reads_after);
  CHECK(*reads_after > reads_before);
  CHECK(field(whole.at("card_counts"), "total") == 10);
  CHECK(new_cards(whole) == 6);
  CHECK(answers_today(whole) == 4);
  for (const json::object& params : kReports) {
    INFO(json::serialize(params));
    CHECK(fixture.report(params) == fixture.report_in_batch(params));
  }

  // Refusals are the same errors as before: a period, at once; a deck, from the readers' thread.
  const json::value period = rpc(fixture.client, "stats.report", {{"period", "2d"}});
  CHECK(error_code_of(period) == kioku::protocol::code::kInvalidParams);
  const json::value deck = rpc(fixture.client, "stats.report", {{"deck", "no-such-deck"}});
  CHECK(error_code_of(deck) == kioku::protocol::code::kNotFound);
}

TEST_CASE("e2e: an answer between two reports is in the second, whoever gave it", "[e2e][stats]") {
  AnsweredDeckDaemon fixture;
  const json::object all{{"period", "all"}};
  const json::value first = fixture.report(all);
  CHECK(fixture.report(all) == first);  // nothing answered: the same

  LineClient other(fixture.daemon.socket_path());
  AnsweredDeckDaemon::answer_next(other, "good");
  const json::value second = fixture.report(all);
  CHECK(answers_today(second) == answers_today(first) + 1);
  CHECK(new_cards(second) == new_cards(first) - 1);
  CHECK(second == fixture.report_in_batch(all));

  AnsweredDeckDaemon::answer_next(fixture.client, "easy");
  const json::value third = fixture.report(all);
  CHECK(answers_today(third) == answers_today(second) + 1);
  CHECK(new_cards(third) == new_cards(second) - 1);
  CHECK(third == fixture.report_in_batch(all));
}
