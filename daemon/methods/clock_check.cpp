// The warning about answers dated after the daemon's clock.
#include "daemon/methods/clock_check.hpp"

#include "core/time_format.hpp"

namespace kioku::daemon {

std::optional<std::string> future_answers_warning(Collection& collection, TimestampMs now) {
  const FutureAnswers future = collection.review_log().future_answers(now);
  if (future.count == 0) return std::nullopt;
  const bool one = future.count == 1;
  return std::to_string(future.count) + (one ? " answer" : " answers") + " in the review log " +
         (one ? "is" : "are") + " dated after now (the latest " +
         format_rfc3339_utc(future.latest) + ", now " + format_rfc3339_utc(now) +
         "): the clock was ahead when " + (one ? "it was" : "they were") +
         " given, or it is behind now; check the system clock. Such answers count in the order "
         "they were given";
}

}  // namespace kioku::daemon
