// The words of `kioku card show` in English and Japanese. Patterns are filled in with fill_in()
// (cli/messages.hpp); a "_one" pattern is for a count of 1, its "_many" twin for any other.
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct CardMessages {
  const char* title;    // {card}, {deck}, {note}, {kind}
  const char* retired;  // the card's note no longer makes it
  const char* question;
  const char* answer;
  const char* explanation;
  const char* state;      // {phase}, {due}, {interval}, {reps}, {lapses}, {flags}
  const char* not_due;    // a new card's due
  const char* suspended;  // after the state, with its comma
  const char* leech;
  const char* flagged;  // after the state: {flag}, one of the flag names below
  // Anki's flags 1 to 7, as `kioku flag` takes them in English and shows them
  const char* flag_red;
  const char* flag_orange;
  const char* flag_green;
  const char* flag_blue;
  const char* flag_pink;
  const char* flag_turquoise;
  const char* flag_purple;
  const char* reps_one;  // {count}
  const char* reps_many;
  const char* lapses_one;  // {count}
  const char* lapses_many;
  const char* phase_new;
  const char* phase_learning;
  const char* phase_review;
  const char* phase_relearning;
  const char* history;      // {answers}
  const char* answers_one;  // {count}
  const char* answers_many;
  const char* history_none;
  const char* column_time;
  const char* column_rating;
  const char* column_kind;
  const char* column_interval;
  const char* column_memory;
  const char* column_took;
  const char* again;
  const char* hard;
  const char* good;
  const char* easy;
  const char* kind_learning;
  const char* kind_review;
  const char* kind_relearning;
  const char* kind_cram;
  const char* days;                  // {count}
  const char* ease;                  // {ease}
  const char* stability_difficulty;  // {stability} (days), {difficulty}
  const char* no_such_card;          // {card}
};
BOOST_DESCRIBE_STRUCT(CardMessages, (),
                      (title, retired, question, answer, explanation, state, not_due, suspended,
                       leech, flagged, flag_red, flag_orange, flag_green, flag_blue, flag_pink,
                       flag_turquoise, flag_purple, reps_one, reps_many, lapses_one, lapses_many,
                       phase_new, phase_learning, phase_review, phase_relearning, history,
                       answers_one, answers_many, history_none, column_time, column_rating,
                       column_kind, column_interval, column_memory, column_took, again, hard, good,
                       easy, kind_learning, kind_review, kind_relearning, kind_cram, days, ease,
                       stability_difficulty, no_such_card))

const CardMessages& card_messages_for(const std::string& language);

}  // namespace kioku::cli
