// review.bury and review.unbury. Burying hides a card from the queue until the next day starts
// (scheduling.md §2.7); a burial is stored as the day the card comes back, so nothing has to
// run at the rollover.
#include "core/time_format.hpp"
#include "daemon/methods/method_table.hpp"
#include "protocol/review_types.hpp"

namespace kioku::daemon {

namespace {

protocol::ReviewBuryResult bury(const protocol::ReviewBuryParams& params, MethodContext& context) {
  const TimestampMs now = context.clock.now();
  // Until the next day start by the configured hour, whatever the card's phase.
  const std::int64_t until_day = context.calendar.day_number(now) + 1;
  context.collection.write([&] { context.collection.due_index().bury(params.card, until_day); });
  const TimestampMs back = context.calendar.day_start(until_day);
  return protocol::ReviewBuryResult{
      .card = params.card, .buried_until_ms = back, .buried_until = format_rfc3339_utc(back)};
}

protocol::ReviewUnburyResult unbury(const protocol::ReviewUnburyParams& params,
                                    MethodContext& context) {
  std::optional<std::int64_t> deck_id;
  if (params.deck) deck_id = context.collection.decks().require(*params.deck).id;
  protocol::ReviewUnburyResult result;
  context.collection.write(
      [&] { result.unburied = context.collection.due_index().unbury(deck_id); });
  return result;
}

}  // namespace

std::vector<Method> bury_methods() {
  return {method_row(protocol::kReviewBury, bury), method_row(protocol::kReviewUnbury, unbury)};
}

}  // namespace kioku::daemon
