// The words of `kioku sched simulate` in English and Japanese (filled in with fill_in(),
// cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct SimulateMessages {
  // {days}, {studied}, {new}, {new_per_day}, {reviews_per_day}: the first line of the report.
  const char* simulated;
  const char* learner_deck;    // whose parameters the learner remembers by
  const char* learner_fitted;  // {items}
  const char* learner_defaults;
  const char* learner_deck_defaults;  // a deck whose parameters are still FSRS-6's defaults
  const char* retention;              // column headings
  const char* reviews_per_day;
  const char* minutes_per_day;
  const char* peak_day;
  const char* new_cards;
  const char* known_at_end;
  const char* minutes_per_known;
  const char* minimum_retention;        // {retention}, {days}
  const char* retention_with_sm2;       // --desired-retention with --algorithm sm2
  const char* bad_desired_retention;    // {value}
  const char* deck_or_history;          // neither --deck nor --history given, or both
  const char* deck_retention_with_sm2;  // {deck}: --desired-retention for a deck on SM-2
  const char* deck_sm2_classic;         // {deck}: a deck on classic SM-2, no --algorithm
};
BOOST_DESCRIBE_STRUCT(SimulateMessages, (),
                      (simulated, learner_deck, learner_fitted, learner_defaults,
                       learner_deck_defaults, retention, reviews_per_day, minutes_per_day, peak_day,
                       new_cards, known_at_end, minutes_per_known, minimum_retention,
                       retention_with_sm2, bad_desired_retention, deck_or_history,
                       deck_retention_with_sm2, deck_sm2_classic))

const SimulateMessages& simulate_messages_for(const std::string& language);

}  // namespace kioku::cli
