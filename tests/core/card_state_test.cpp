// Tests for the card phase names used by the protocol and the collection.
#include "core/card_state.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "core/error.hpp"

namespace kioku {
namespace {

TEST_CASE("card_state: phase names round-trip", "[core][card_state]") {
  struct Row {
    Phase phase;
    const char* name;
  };
  const auto row = GENERATE(values<Row>({
      {Phase::kNew, "new"},
      {Phase::kLearning, "learning"},
      {Phase::kReview, "review"},
      {Phase::kRelearning, "relearning"},
  }));
  CHECK(to_string(row.phase) == row.name);
  CHECK(parse_phase(row.name) == row.phase);
}

TEST_CASE("card_state: an unknown phase name is invalid input", "[core][card_state]") {
  const std::string name = GENERATE("", "New", "relearn", "suspended");
  INFO("name: \"" << name << "\"");
  try {
    parse_phase(name);
    FAIL("no error for \"" << name << "\"");
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kInvalidInput);
    CHECK_THAT(std::string(error.what()), Catch::Contains("'" + name + "'"));
  }
}

TEST_CASE("card_state: a default state is a new card that was never reviewed",
          "[core][card_state]") {
  const CardState state;
  CHECK(state.phase == Phase::kNew);
  CHECK(state.due == 0);
  CHECK(state.reps == 0);
  CHECK(state.lapses == 0);
  CHECK(state.last_review == 0);
  CHECK(state.ease == 0.0);
  CHECK_FALSE(state.leech);
  CHECK_FALSE(state.suspended);

  CardState changed = state;
  changed.lapses = 1;
  CHECK_FALSE(changed == state);  // every field takes part in ==
}

}  // namespace
}  // namespace kioku
