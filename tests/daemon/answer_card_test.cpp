// Collection::answer_card: the card is read and its answer recorded in one write, so what
// `decide` saw is what the answer was made from, and a refusal leaves nothing behind.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "core/error.hpp"
#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku;
using namespace kioku::daemon;
using kioku::test::DaemonFixture;

namespace {

// The answer `decide` makes of `card`: one more repetition, due a day later.
AnswerRecord answer_of(const CardRecord& card, TimestampMs now) {
  AnswerRecord record;
  record.card_id = card.id;
  record.deck_id = card.deck_id;
  record.reviewed = now;
  record.day = 1;
  record.before = card.state;
  record.after = card.state;
  record.after.phase = Phase::kLearning;
  record.after.reps = card.state.reps + 1;
  record.after.due = now + 86'400'000;
  record.scheduler = "sm2";
  return record;
}

std::int64_t log_rows(DaemonFixture& fixture, std::int64_t card_id) {
  return static_cast<std::int64_t>(fixture.collection.review_log().card_history(card_id).size());
}

}  // namespace

TEST_CASE("answer_card: records what decide made of the card as stored", "[daemon][store]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 2);
  std::vector<Write> told;
  fixture.collection.group_commit().add_listener(
      [&](const CommitEvent& event) { told = event.writes; });
  int decided = 0;
  const auto review_id = fixture.collection.answer_card(1, [&](const CardRecord& card) {
    ++decided;
    CHECK(card.id == 1);
    CHECK(card.state.reps == 0);
    return std::optional(answer_of(card, fixture.clock.now()));
  });
  CHECK(decided == 1);
  REQUIRE(review_id);
  CHECK(*review_id > 0);
  CHECK(log_rows(fixture, 1) == 1);
  const CardRecord after = fixture.collection.cards().card(1);
  CHECK(after.state.reps == 1);
  CHECK(after.state.phase == Phase::kLearning);
  REQUIRE(told.size() == 1);
  CHECK(told[0] == Write{WriteKind::kAnswer, after.deck_id, 1});
}

TEST_CASE("answer_card: a refusal or nothing to record leaves the collection as it was",
          "[daemon][store]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 2);
  // The decision wrote through another store first, as a real one may not, to show that the
  // refusal undoes the whole write.
  CHECK_THROWS_AS(fixture.collection.answer_card(
                      2,
                      [&](const CardRecord& card) -> std::optional<AnswerRecord> {
                        fixture.collection.cards().write_state(card.id, answer_of(card, 0).after);
                        throw Error(ErrorCode::kConflict, "refused");
                      }),
                  Error);
  CHECK(fixture.collection.cards().card(2).state.reps == 0);
  CHECK(log_rows(fixture, 2) == 0);

  const auto nothing = fixture.collection.answer_card(
      2, [](const CardRecord&) -> std::optional<AnswerRecord> { return std::nullopt; });
  CHECK_FALSE(nothing);
  CHECK(log_rows(fixture, 2) == 0);
}

TEST_CASE("answer_card: an unknown card is not found and nothing is decided", "[daemon][store]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  bool decided = false;
  try {
    fixture.collection.answer_card(99, [&](const CardRecord&) -> std::optional<AnswerRecord> {
      decided = true;
      return std::nullopt;
    });
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kNotFound);
  }
  CHECK_FALSE(decided);
}
