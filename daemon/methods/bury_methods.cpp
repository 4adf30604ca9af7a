// review.bury and review.unbury. Burying hides a card from the queue until the next day starts
// (scheduling.md §2.7); a burial is stored as the day the card comes back, so nothing has to
// run at the rollover.
#include "core/time_format.hpp"
#include "daemon/methods/json_helpers.hpp"
#include "daemon/methods/method_table.hpp"

namespace kioku::daemon {

namespace json = boost::json;

json::value handle_review_bury(const json::object& params, MethodContext& context) {
  const std::int64_t card_id = *optional_integer(params, "card");
  const TimestampMs now = context.clock.now();
  // Until the next day start by the configured hour, whatever the card's phase.
  const std::int64_t until_day = context.calendar.day_number(now) + 1;
  context.collection.write([&] { context.collection.due_index().bury(card_id, until_day); });
  const TimestampMs back = context.calendar.day_start(until_day);
  return json::object{
      {"card", card_id}, {"buried_until_ms", back}, {"buried_until", format_rfc3339_utc(back)}};
}

json::value handle_review_unbury(const json::object& params, MethodContext& context) {
  std::optional<std::int64_t> deck_id;
  if (const auto slug = optional_string(params, "deck")) {
    deck_id = context.collection.decks().require(*slug).id;
  }
  std::int64_t unburied = 0;
  context.collection.write([&] { unburied = context.collection.due_index().unbury(deck_id); });
  return json::object{{"unburied", unburied}};
}

}  // namespace kioku::daemon
