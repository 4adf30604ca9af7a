// The log's rows of one card, each named as docs/stats.md's card history table says.
#include "daemon/methods/card_history.hpp"

#include "core/deck_options.hpp"
#include "core/review_entry.hpp"
#include "core/time_format.hpp"
#include "daemon/methods/wire_views.hpp"

namespace kioku::daemon {

namespace {

std::string_view kind_name(ReviewKind kind) {
  switch (kind) {
    case ReviewKind::kLearning:
      return "learning";
    case ReviewKind::kReview:
      return "review";
    case ReviewKind::kRelearning:
      return "relearning";
    case ReviewKind::kCram:
      return "cram";
  }
  return "review";
}

protocol::CardAnswerView answer_view(const LoggedAnswer& answer) {
  protocol::CardAnswerView view;
  view.time_ms = answer.reviewed;
  view.time = format_rfc3339_utc(answer.reviewed);
  view.rating = to_string(answer.rating);
  if (answer.quality) view.quality.emplace(*answer.quality);
  view.kind = kind_name(review_kind_of(answer.phase_before, answer.cram));
  view.phase_before = to_string(answer.phase_before);
  view.phase_after = to_string(answer.phase_after);
  view.interval_before_days = answer.interval_before_days;
  view.interval_after_days = answer.interval_after_days;
  // Each answer shows the memory of the scheduler that made it: ease for SM-2, S and D for FSRS.
  if (parse_algorithm(answer.scheduler) == Algorithm::kFsrs) {
    if (answer.stability_after) view.stability.emplace(*answer.stability_after);
    if (answer.difficulty_after) view.difficulty.emplace(*answer.difficulty_after);
  } else if (answer.ease_after > 0) {  // 0: a learning card's ease is set when it graduates
    view.ease.emplace(answer.ease_after);
  }
  view.duration_ms = answer.duration_ms;
  if (answer.correct) view.correct.emplace(*answer.correct);
  if (answer.chosen) view.chosen.emplace(*answer.chosen);
  return view;
}

}  // namespace

protocol::CardHistoryResult card_history(const protocol::CardHistoryParams& params,
                                         MethodContext& context) {
  const CardRecord card = context.collection.cards().card(params.card);
  protocol::CardHistoryResult result;
  result.card = card.id;
  result.deck = card.deck_slug;
  result.state = state_view(card.state);
  for (const LoggedAnswer& answer : context.collection.stats_source().card_answers(card.id)) {
    result.answers.push_back(answer_view(answer));
  }
  return result;
}

}  // namespace kioku::daemon
