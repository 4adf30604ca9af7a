// Tests for grading (core/grading.hpp): a choice card is right only for its answer, a response
// that does not fit the card is an error naming the parameter, and a wrong answer can only be
// rated again.
#include "core/grading.hpp"

#include <catch2/catch.hpp>

#include "core/error.hpp"

namespace kioku {
namespace {

constexpr AnswerKey kFourChoices{"choice", 4, 2};

TEST_CASE("grading: a choice card is right for its answer and wrong for the others",
          "[core][grading]") {
  CHECK(grade(kFourChoices, Response{2}) == std::optional<bool>(true));
  for (const std::int64_t choice : {1, 3, 4}) {
    CHECK(grade(kFourChoices, Response{choice}) == std::optional<bool>(false));
  }
}

TEST_CASE("grading: a choice out of range or missing is an error naming 'choice'",
          "[core][grading]") {
  CHECK_THROWS_WITH(grade(kFourChoices, Response{0}),
                    "parameter 'choice' must be between 1 and 4, got 0");
  CHECK_THROWS_WITH(grade(kFourChoices, Response{5}),
                    "parameter 'choice' must be between 1 and 4, got 5");
  CHECK_THROWS_WITH(grade(kFourChoices, Response{}),
                    "parameter 'choice' is required for a choice card");
  try {
    grade(kFourChoices, Response{9});
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kInvalidParams);
  }
}

TEST_CASE("grading: a kind that is not graded has no verdict, with or without a choice",
          "[core][grading]") {
  constexpr AnswerKey kUngraded{"flip", 0, 0};
  CHECK_FALSE(grade(kUngraded, Response{}).has_value());
  CHECK_FALSE(grade(kUngraded, Response{7}).has_value());
}

TEST_CASE("grading: the rating is the one given, else good when right and again when wrong",
          "[core][grading]") {
  CHECK(rating_for(true, std::nullopt) == Rating::kGood);
  CHECK(rating_for(std::nullopt, std::nullopt) == Rating::kGood);
  CHECK(rating_for(false, std::nullopt) == Rating::kAgain);
  CHECK(rating_for(true, Rating::kEasy) == Rating::kEasy);
  CHECK(rating_for(true, Rating::kAgain) == Rating::kAgain);
  CHECK(rating_for(std::nullopt, Rating::kHard) == Rating::kHard);
  CHECK(rating_for(false, Rating::kAgain) == Rating::kAgain);
}

TEST_CASE("grading: a wrong answer rated above again, or given a passing quality, is an error",
          "[core][grading]") {
  for (const Rating rating : {Rating::kHard, Rating::kGood, Rating::kEasy}) {
    CHECK_THROWS_WITH(rating_for(false, rating), "a wrong choice is always rated again");
  }
  CHECK_THROWS_WITH(check_quality(false, 3), "a wrong choice has a quality below 3");
  CHECK_NOTHROW(check_quality(false, 2));
  CHECK_NOTHROW(check_quality(true, 5));
  CHECK_NOTHROW(check_quality(std::nullopt, 0));
}

TEST_CASE("grading: a typed answer's verdict is advice, a choice's binds", "[core][grading]") {
  constexpr AnswerKey kTyped{"typed", 0, 0};
  constexpr AnswerKey kChoice{"choice", 2, 1};
  CHECK(rating_for(kTyped, false, Rating::kHard) == Rating::kHard);
  CHECK(rating_for(kTyped, false, std::nullopt) == Rating::kAgain);
  CHECK(rating_for(kTyped, true, std::nullopt) == Rating::kGood);
  CHECK_NOTHROW(check_quality(kTyped, false, 4));
  CHECK_THROWS_WITH(rating_for(kChoice, false, Rating::kGood),
                    "a wrong choice is always rated again");
  CHECK_THROWS_WITH(check_quality(kChoice, false, 3), "a wrong choice has a quality below 3");
}

}  // namespace
}  // namespace kioku
