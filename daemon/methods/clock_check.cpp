// The warning about answers dated after the daemon's clock.
#include "daemon/methods/clock_check.hpp"

#include "core/time_format.hpp"

namespace kioku::daemon {

std::optional<BilingualMessage> future_answers_warning(Collection& collection, TimestampMs now) {
  const FutureAnswers future = collection.review_log().future_answers(now);
  if (future.count == 0) return std::nullopt;
  const std::initializer_list<std::pair<std::string_view, std::string>> values = {
      {"count", std::to_string(future.count)},
      {"latest", format_rfc3339_utc(future.latest)},
      {"now", format_rfc3339_utc(now)}};
  if (future.count == 1) {
    return bilingual(
        "1 answer in the review log is dated after now (the latest {latest}, now {now}): the "
        "clock was ahead when it was given, or it is behind now; check the system clock. Such "
        "answers count in the order they were given",
        "復習記録の回答 1 件の日時が現在より後です（最新 {latest}、現在 {now}）。回答した時に"
        "時計が進んでいたか、今の時計が遅れています。システムの時計を確かめてください。そのような回"
        "答は"
        "回答した順に扱います",
        values);
  }
  return bilingual(
      "{count} answers in the review log are dated after now (the latest {latest}, now {now}): "
      "the clock was ahead when they were given, or it is behind now; check the system clock. "
      "Such answers count in the order they were given",
      "復習記録の回答 {count} 件の日時が現在より後です（最新 {latest}、現在 {now}）。回答した時に"
      "時計が進んでいたか、今の時計が遅れています。システムの時計を確かめてください。そのような回答"
      "は"
      "回答した順に扱います",
      values);
}

}  // namespace kioku::daemon
