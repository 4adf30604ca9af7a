// A card's review history as a learner would have made it: answers given at or after the times
// kioku's own scheduler set, with a realistic spread of ratings and lateness. The card's state
// is then exactly what replaying its log gives (kioku doctor --rebuild changes nothing).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "core/card_state.hpp"
#include "core/day_calendar.hpp"
#include "core/deck_options.hpp"
#include "core/rating.hpp"

namespace kioku::bench {

struct SimulatedAnswer {
  TimestampMs reviewed = 0;
  Rating rating = Rating::kGood;
  CardState before;
  CardState after;
  std::int64_t duration_ms = 0;
};

struct HistoryPlan {
  // No answer after this: the start of the collection's "today", so today's work (due cards
  // up to the daily limits, learning cards left from yesterday) is all still to do.
  TimestampMs stop = 0;
  std::int64_t max_age_days = 730;  // the oldest card was first seen this long before `stop`
  double new_fraction = 0.30;       // cards never studied
  double started_recently = 0.02;   // studied cards first seen in the last few hours
  int max_answers_per_card = 100;
  int again_percent = 10;  // answers rated Again; Hard 10 %, Easy 15 %, Good the rest
  // A leech the scheduler suspends is unsuspended at once and answered on, as a learner who
  // keeps their leeches would (a dense history); otherwise it is answered no more.
  bool keep_leeches = false;
};

// Appends the card's answers to `answers` (cleared first) and returns its final state; at most
// `budget` answers. A card left new returns a default CardState and no answers.
CardState simulate_card(std::int64_t card_id, const DeckOptions& options,
                        const DayCalendar& calendar, const HistoryPlan& plan, std::int64_t budget,
                        std::mt19937_64& random, std::vector<SimulatedAnswer>& answers);

}  // namespace kioku::bench
