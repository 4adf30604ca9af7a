// The review screen's words in English and Japanese.
#pragma once

#include <boost/describe/class.hpp>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/fill_in.hpp"

namespace kioku::cli {

struct Messages {
  const char* answer_prompt;  // followed by the key range
  const char* quit_hint;
  const char* bury_hint;
  const char* buried;  // after a card was buried
  const char* correct;
  const char* wrong;
  const char* the_answer_is;
  const char* rate_prompt;
  const char* hard;
  const char* good;
  const char* easy;
  const char* next_review_in;
  const char* nothing_due;
  const char* session_heading;
  const char* reviewed;      // after a count other than 1
  const char* reviewed_one;  // after a count of 1
  const char* correct_count;
  const char* time_spent;
  const char* next_due;
  const char* still_due;
  const char* now;
  const char* new_cards;  // queue labels in the card header
  const char* learning;
  const char* review;
  // When kiokud is lost or does not answer mid-session; filled in with fill_in(): {card} is
  // "2 (gc-002)", {saved} is saved_one or saved_many with {count}.
  const char* answer_not_recorded;
  const char* answer_unconfirmed;
  const char* daemon_lost;
  const char* interrupted;
  const char* interrupted_answer;
  const char* saved_one;
  const char* saved_many;
  // A malformed scripted answer line: {line}, {word}; {count} and {letter} are the last choice.
  const char* not_a_choice;
  const char* not_a_rating;
  // Cards the user rates alone (basic, reversed, cloze) and typed cards.
  const char* reveal_prompt;
  const char* again;
  const char* type_prompt;
  const char* typed_label;     // "You typed", before the typed answer with its differences
  const char* expected_label;  // "Expected", before the expected answer
  // A malformed scripted line for those: {line}, {word}.
  const char* not_a_self_rating;
  const char* not_a_typed_rating;
  // review.choose's reply that says neither (a daemon breaking the protocol)
  const char* neither_held_nor_recorded;
  // The review screen's u and !: {card} "2 (gc-002)" and {rating} of the answer undone; {card}
  // the id of the card suspended.
  const char* undone;
  const char* nothing_to_undo;
  const char* suspended_card;
  // An answer (or a bury, a suspension) kiokud refused because an import was writing: the card
  // is shown again.
  const char* busy_not_recorded;
  const char* gone_not_recorded;
  // kioku review --time: {time} is the limit as duration_text writes it; {value} what was given.
  const char* time_up;
  const char* bad_session_time;
  // kioku review --cram: the header's mark, {left} cards of the session left; after an answer
  // in place of "next review in".
  const char* cram_header;
  const char* cram_answered;
  // kioku review --deck NAME: {deck} as given; {candidates} "es-1 (Spanish), es-2 (spanish)".
  const char* no_deck_named;
  const char* deck_ambiguous;
};
BOOST_DESCRIBE_STRUCT(Messages, (),
                      (answer_prompt, quit_hint, bury_hint, buried, correct, wrong, the_answer_is,
                       rate_prompt, hard, good, easy, next_review_in, nothing_due, session_heading,
                       reviewed, reviewed_one, correct_count, time_spent, next_due, still_due, now,
                       new_cards, learning, review, answer_not_recorded, answer_unconfirmed,
                       daemon_lost, interrupted, interrupted_answer, saved_one, saved_many,
                       not_a_choice, not_a_rating, reveal_prompt, again, type_prompt, typed_label,
                       expected_label, not_a_self_rating, not_a_typed_rating,
                       neither_held_nor_recorded, undone, nothing_to_undo, suspended_card,
                       busy_not_recorded, gone_not_recorded, time_up, bad_session_time, cram_header,
                       cram_answered, no_deck_named, deck_ambiguous))

const Messages& messages_for(const std::string& language);

// `pattern` with each "{name}" in `values` replaced by its text (core/fill_in.hpp).
using kioku::fill_in;

// `one` (for a count of 1) or `many` with its "{count}" filled in: "1 card", "2 cards".
std::string fill_in_count(std::int64_t count, std::string_view one, std::string_view many);

}  // namespace kioku::cli
