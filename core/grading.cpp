// Grading rules; their messages name the protocol's parameters, which the daemon passes on.
#include "core/grading.hpp"

#include <string>

#include "core/error.hpp"

namespace kioku {

std::optional<bool> grade(const AnswerKey& key, const Response& response) {
  if (key.kind != "choice") return std::nullopt;
  if (!response.choice) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'choice' is required for a choice card",
                          "選択式のカードにはパラメータ 'choice' が必要です"));
  }
  const std::int64_t choice = *response.choice;
  if (choice < 1 || choice > key.choice_count) {
    throw Error(
        ErrorCode::kInvalidParams,
        bilingual(
            "parameter 'choice' must be between 1 and {count}, got {choice}",
            "パラメータ 'choice' は 1 から {count} まででなければなりません（{choice} "
            "でした）",
            {{"count", std::to_string(key.choice_count)}, {"choice", std::to_string(choice)}}));
  }
  return choice == key.answer;
}

Rating rating_for(std::optional<bool> correct, std::optional<Rating> given) {
  if (!given) return correct.value_or(true) ? Rating::kGood : Rating::kAgain;
  if (correct == false && *given != Rating::kAgain) {
    throw Error(ErrorCode::kInvalidParams, bilingual("a wrong choice is always rated again",
                                                     "間違った選択の評価は常に again です"));
  }
  return *given;
}

namespace {

bool verdict_is_advice(const AnswerKey& key) noexcept {
  return key.kind == "typed";
}

}  // namespace

Rating rating_for(const AnswerKey& key, std::optional<bool> correct, std::optional<Rating> given) {
  if (verdict_is_advice(key) && given) return *given;
  return rating_for(correct, given);
}

void check_quality(const AnswerKey& key, std::optional<bool> correct, int quality) {
  if (!verdict_is_advice(key)) check_quality(correct, quality);
}

void check_quality(std::optional<bool> correct, int quality) {
  if (correct == false && quality >= 3) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("a wrong choice has a quality below 3",
                          "間違った選択には 3 未満の quality しか付けられません"));
  }
}

}  // namespace kioku
