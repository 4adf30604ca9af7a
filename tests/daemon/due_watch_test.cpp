// The due watchers (due.watch, `kioku due --watch`): the clients watching hear due.changed only
// when the counts change, at a commit or when the alarm set for the next learning card or the
// next day rings; a session that ended is dropped; and through a real CollectionServer on a
// socket, a watcher hears of another client's answer and of nothing that changed no count.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "daemon/methods/due_watchers.hpp"
#include "daemon/server/collection_server.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

namespace {

// A session that keeps the lines pushed to it.
class RecordingSession final : public daemon::Session {
 public:
  void send_notification(std::string line) override { lines.push_back(std::move(line)); }
  bool ended() const noexcept override { return closed; }
  void keep_listening() override { listening = true; }
  std::vector<std::string> lines;
  bool closed = false;
  bool listening = false;
};

std::vector<std::int64_t> cards_of(DaemonFixture& fixture, const std::string& deck) {
  return fixture.collection.cards().ids_in_deck(fixture.collection.decks().by_slug(deck)->id);
}

json::value answer_right(DaemonFixture& fixture, std::int64_t card, const std::string& rating) {
  return fixture.result("review.answer", {{"card", card}, {"choice", 1}, {"rating", rating}});
}

json::value params_of(const std::string& line) {
  const json::value message = json::parse(line);
  CHECK(message.at("method") == "due.changed");
  CHECK_FALSE(message.as_object().contains("id"));
  return message.at("params");
}

TimestampMs tomorrow_start(const DaemonFixture& fixture) {
  const DayCalendar calendar(4);
  return calendar.day_start(calendar.day_number(fixture.clock.now()) + 1);
}

}  // namespace

TEST_CASE("due watch: watchers hear a change once, an ended session is dropped",
          "[daemon][due_watch]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 3);
  std::vector<std::optional<TimestampMs>> alarms;
  daemon::DueWatchers watchers([&](std::optional<TimestampMs> when) { alarms.push_back(when); });
  auto first = std::make_shared<RecordingSession>();
  auto second = std::make_shared<RecordingSession>();

  const protocol::DueCountsResult now = watchers.watch(*first, std::nullopt, fixture.context);
  CHECK(now.new_ == 3);
  CHECK(now.total == 3);
  CHECK(first->listening);
  watchers.watch(*second, std::nullopt, fixture.context);
  CHECK(watchers.watching() == 2);
  // Nothing in learning: the counts next change when the day does.
  REQUIRE(alarms.back().has_value());
  CHECK(*alarms.back() == tomorrow_start(fixture));

  // Nothing changed: nothing is sent.
  watchers.refresh(fixture.context);
  CHECK(first->lines.empty());
  CHECK(second->lines.empty());

  // An answer: one line each, with the new counts; a card in learning sets the alarm to its due.
  const json::value answered = answer_right(fixture, cards_of(fixture, "deck")[0], "good");
  const std::int64_t learning_due = answered.at("state").at("due_ms").as_int64();
  REQUIRE(learning_due > fixture.clock.now());
  watchers.refresh(fixture.context);
  REQUIRE(first->lines.size() == 1);
  REQUIRE(second->lines.size() == 1);
  CHECK(first->lines[0] == second->lines[0]);
  const json::value changed = params_of(first->lines[0]);
  CHECK(changed.at("new") == 2);
  CHECK(changed.at("learning") == 0);
  CHECK(changed.at("total") == 2);
  CHECK(*alarms.back() == learning_due);

  // The first session goes; the second alone hears the learning card fall due, not a moment
  // before.
  first.reset();
  CHECK(watchers.watching() == 1);
  fixture.clock.set(learning_due - 1);
  watchers.refresh(fixture.context);
  CHECK(second->lines.size() == 1);
  fixture.clock.set(learning_due);
  watchers.refresh(fixture.context);
  REQUIRE(second->lines.size() == 2);
  CHECK(params_of(second->lines[1]).at("learning") == 1);
  CHECK(params_of(second->lines[1]).at("total") == 3);
  // Nothing left in learning to fall due: the next day is next.
  CHECK(*alarms.back() == tomorrow_start(fixture));

  // A session whose connection ended counts no more either; with nobody left, no alarm.
  second->closed = true;
  CHECK(watchers.watching() == 0);
  watchers.refresh(fixture.context);
  CHECK(second->lines.size() == 2);
  CHECK_FALSE(alarms.back().has_value());
}

TEST_CASE("due watch: a deck's watchers hear that deck's changes only", "[daemon][due_watch]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("one", 2);
  fixture.import_choice_deck("two", 2);
  daemon::DueWatchers watchers;
  auto of_one = std::make_shared<RecordingSession>();
  auto of_all = std::make_shared<RecordingSession>();
  CHECK(watchers.watch(*of_one, std::string("one"), fixture.context).total == 2);
  CHECK(watchers.watch(*of_all, std::nullopt, fixture.context).total == 4);

  answer_right(fixture, cards_of(fixture, "two")[0], "easy");
  watchers.refresh(fixture.context);
  CHECK(of_one->lines.empty());
  REQUIRE(of_all->lines.size() == 1);
  CHECK(params_of(of_all->lines[0]).at("total") == 3);

  // A deck that does not exist is refused, and nobody is added.
  auto stranger = std::make_shared<RecordingSession>();
  CHECK_THROWS(watchers.watch(*stranger, std::string("nope"), fixture.context));
  CHECK(watchers.watching() == 2);
}

TEST_CASE("due watch: through the server, another client's answer reaches the watcher",
          "[daemon][due_watch][server]") {
  TempHome home;
  DaemonFixture fixture;
  fixture.import_choice_deck("deck", 3);
  const std::vector<std::int64_t> cards = cards_of(fixture, "deck");
  const std::string socket = home.root() + "/watch.sock";
  daemon::CollectionServer server(socket, fixture.clock, daemon::ServerLimits{});
  server.attach(fixture.collection, DayCalendar(4), ":memory:", true);
  server.listen();
  std::thread serving([&] { server.run(); });

  {
    LineClient watcher(socket);
    LineClient writer(socket);
    REQUIRE((watcher.connected() && writer.connected()));
    const json::value watched = watcher.request(request_line(1, "due.watch"));
    INFO(json::serialize(watched));
    CHECK(watched.at("result").at("total") == 3);

    const auto answer_over = [&](std::int64_t id, std::int64_t card) {
      const json::value reply = writer.request(
          request_line(id, "review.answer", {{"card", card}, {"choice", 1}, {"rating", "easy"}}));
      INFO(json::serialize(reply));
      CHECK(reply.as_object().contains("result"));
    };
    answer_over(2, cards[0]);
    std::optional<std::string> line = watcher.read_line();
    REQUIRE(line.has_value());
    CHECK(params_of(*line).at("total") == 2);

    // A request that changes no count (a read, a bury of nothing new) sends nothing: the next
    // line the watcher gets is the next answer's.
    CHECK(writer.request(request_line(3, "due.counts")).at("result").at("total") == 2);
    CHECK(writer.request(request_line(4, "review.unbury")).as_object().contains("result"));
    answer_over(5, cards[1]);
    line = watcher.read_line();
    REQUIRE(line.has_value());
    CHECK(params_of(*line).at("total") == 1);

    // The watcher leaves; the writer goes on as before.
    watcher.close();
    answer_over(6, cards[2]);
    CHECK(writer.request(request_line(7, "system.shutdown")).as_object().contains("result"));
  }
  serving.join();
}
