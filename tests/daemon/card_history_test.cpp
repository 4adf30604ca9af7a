// card.history: a card's answers as the log holds them, named as docs/stats.md's card history
// table names them, in log order; SM-2 answers with their ease, FSRS ones with S and D.
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/durations.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

TEST_CASE("card.history: every answer of a card, in log order, as docs/stats.md names it",
          "[daemon][stats]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("h", 2);
  fixture.result("deck.config", {{"deck", "h"}, {"set", {{"fuzz", "false"}}}});
  const std::int64_t card =
      fixture.collection.cards().ids_in_deck(fixture.collection.decks().require("h").id).front();
  const auto answer = [&](json::object params) {
    params["card"] = card;
    fixture.result("review.answer", std::move(params));
  };
  // New -> learning (Good: the 10-minute step) -> review, 1 day (Good) -> a lapse, a day later.
  answer({{"choice", 1}, {"rating", "good"}, {"duration_ms", 3000}});
  fixture.clock.advance_ms(10 * kMinuteMs);
  answer({{"choice", 1}, {"rating", "good"}, {"duration_ms", 4000}});
  fixture.clock.advance_ms(kDayMs);
  answer({{"choice", 2}, {"duration_ms", 90'000}});
  // Under FSRS from here on: the next answer carries stability and difficulty, not ease.
  fixture.result("deck.config", {{"deck", "h"}, {"set", {{"algorithm", "fsrs"}}}});
  fixture.clock.advance_ms(kDayMs);
  answer({{"choice", 1}, {"rating", "good"}, {"duration_ms", 5000}});

  const json::value history = fixture.result("card.history", {{"card", card}});
  INFO(json::serialize(history));
  CHECK(history.at("card").as_int64() == card);
  CHECK(history.at("deck").as_string() == "h");
  CHECK(history.at("state").at("phase").is_string());
  const json::array& answers = history.at("answers").as_array();
  REQUIRE(answers.size() == 4);

  const json::value& first = answers[0];
  CHECK(first.at("time_ms").as_int64() == kTestMorning);
  CHECK(first.at("time").as_string() == "2026-06-01T10:00:00Z");
  CHECK(first.at("rating").as_string() == "good");
  CHECK(first.at("kind").as_string() == "learning");
  CHECK(first.at("phase_before").as_string() == "new");
  CHECK(first.at("phase_after").as_string() == "learning");
  CHECK(first.at("duration_ms").as_int64() == 3000);
  CHECK(first.at("correct").as_bool());
  CHECK(first.at("chosen").as_int64() == 1);
  CHECK_FALSE(first.as_object().contains("quality"));
  CHECK_FALSE(first.as_object().contains("ease"));  // SM-2 sets it when the card graduates
  CHECK_FALSE(first.as_object().contains("stability"));

  const json::value& graduated = answers[1];
  CHECK(graduated.at("kind").as_string() == "learning");
  CHECK(graduated.at("phase_after").as_string() == "review");
  CHECK(graduated.at("interval_after_days").as_int64() == 1);
  CHECK(graduated.at("ease").as_double() == 2.5);

  const json::value& lapse = answers[2];
  CHECK(lapse.at("time_ms").as_int64() == kTestMorning + 10 * kMinuteMs + kDayMs);
  CHECK(lapse.at("time").as_string() == "2026-06-02T10:10:00Z");
  CHECK(lapse.at("rating").as_string() == "again");
  CHECK(lapse.at("kind").as_string() == "review");
  CHECK(lapse.at("phase_before").as_string() == "review");
  CHECK(lapse.at("phase_after").as_string() == "relearning");
  CHECK(lapse.at("interval_before_days").as_int64() == 1);
  CHECK_FALSE(lapse.at("correct").as_bool());
  CHECK(lapse.at("chosen").as_int64() == 2);
  CHECK(lapse.at("duration_ms").as_int64() == 60'000);  // capped when recorded
  CHECK(lapse.at("ease").as_double() == Approx(2.3));

  const json::value& under_fsrs = answers[3];
  CHECK(under_fsrs.at("kind").as_string() == "relearning");
  CHECK_FALSE(under_fsrs.as_object().contains("ease"));
  CHECK(under_fsrs.at("stability").as_double() > 0.0);
  CHECK(under_fsrs.at("difficulty").as_double() >= 1.0);
  CHECK(under_fsrs.at("difficulty").as_double() <= 10.0);
}

TEST_CASE("card.history: a card without answers has none, and an unknown card is not found",
          "[daemon][stats]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("h", 1);
  const std::int64_t card =
      fixture.collection.cards().ids_in_deck(fixture.collection.decks().require("h").id).front();
  const json::value history = fixture.result("card.history", {{"card", card}});
  CHECK(history.at("answers").as_array().empty());
  CHECK(history.at("state").at("phase").as_string() == "new");
  const json::value error = fixture.call("card.history", {{"card", card + 100}}).at("error");
  CHECK(error.at("code").as_int64() == -32001);
}
