// A card imported with its history (schema 13; docs/anki-import.md, "History"): its replay
// starts from the state it was imported with, its imported answers stay in the log for the
// statistics but are never replayed or undone, and kioku's own answers go on from it.
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/durations.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

TEST_CASE("imported state: replay starts from it and undo stops at it", "[daemon][anki]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 2);
  const std::int64_t card = fixture.card_id("d", "c-1");
  const std::int64_t deck = fixture.collection.decks().require("d").id;
  const TimestampMs now = fixture.clock.now();
  const DayCalendar calendar(4);

  // In Anki: learnt 40 days ago, reviewed 20 days ago with a 20-day interval; due today.
  CardState imported;
  imported.phase = Phase::kReview;
  imported.interval_days = 20;
  imported.ease = 2.5;
  imported.reps = 3;
  imported.last_review = now - 20 * kDayMs;
  imported.due = calendar.day_start(calendar.day_number(now));
  fixture.collection.write([&] {
    for (const TimestampMs when : {now - 40 * kDayMs, now - 20 * kDayMs}) {
      daemon::AnswerRecord answer;
      answer.card_id = card;
      answer.deck_id = deck;
      answer.reviewed = when;
      answer.day = calendar.day_number(when);
      answer.rating = Rating::kGood;
      answer.after = imported;
      answer.scheduler = "anki";
      answer.imported = true;
      fixture.collection.review_log().append(answer);
    }
    fixture.collection.imported_states().write(card, imported, now);
    fixture.collection.cards().write_state(card, imported);
  });

  // The log's truth: a rebuild of the deck changes nothing.
  CHECK(fixture.result("doctor.rebuild", {{"deck", "d"}}).at("changed").as_int64() == 0);
  CHECK(fixture.collection.cards().card(card).state == imported);
  // Both imported answers are in the card's history.
  CHECK(fixture.result("card.history", {{"card", card}}).at("answers").as_array().size() == 2);

  // Good on a 20-day review at ease 2.5: about 50 days, from the imported state, not a new
  // card's first step.
  const json::value answered = fixture.answer(card, "good");
  const CardState after = fixture.collection.cards().card(card).state;
  CHECK(after.phase == Phase::kReview);
  CHECK(after.interval_days >= 45);
  CHECK(after.reps == 4);
  CHECK(fixture.result("doctor.rebuild", {{"deck", "d"}}).at("changed").as_int64() == 0);

  // Undo takes kioku's answer back, to the imported state; an imported answer is never undone.
  fixture.result("review.undo", {{"card", card}});
  CHECK(fixture.collection.cards().card(card).state == imported);
  const json::value again = fixture.call("review.undo", {{"card", card}});
  INFO(json::serialize(again));
  CHECK(fixture.collection.cards().card(card).state == imported);
  CHECK(fixture.result("card.history", {{"card", card}}).at("answers").as_array().size() == 2);
}
