// Answers stamped in the future: what a clock that was ahead (and was then put right) leaves in
// the review log. They keep counting in the order they were given (docs/faults.md); kiokud says
// so at start-up and in doctor.check, since the clock may as well be wrong now.
#pragma once

#include <optional>
#include <string>

#include "core/bilingual_message.hpp"
#include "core/time.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

// One sentence about the log's answers dated after `now`, or nothing when there are none.
std::optional<BilingualMessage> future_answers_warning(Collection& collection, TimestampMs now);

}  // namespace kioku::daemon
