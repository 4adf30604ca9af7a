// The full-screen review's own words (the header, the key hints, the help) in English and
// Japanese; the card's words are the review's (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct ReviewScreenMessages {
  const char* counts_left;  // {counts}: "new 3 · learning 0 · review 5"
  const char* keys;         // the key hints under every card
  const char* typing_keys;  // the key hints while an answer is typed
  const char* rating_keys;  // after a right choice, which kiokud holds until its rating
  const char* next_card;    // the prompt after a wrong choice, which asks no rating
  const char* help_title;
  const char* help_reveal;
  const char* help_rate;
  const char* help_choose;
  const char* help_type;
  const char* help_undo;
  const char* help_bury;
  const char* help_suspend;
  const char* help_stop;
  const char* help_quit;
  const char* help_close;
};
BOOST_DESCRIBE_STRUCT(ReviewScreenMessages, (),
                      (counts_left, keys, typing_keys, rating_keys, next_card, help_title,
                       help_reveal, help_rate, help_choose, help_type, help_undo, help_bury,
                       help_suspend, help_stop, help_quit, help_close))

const ReviewScreenMessages& review_screen_messages_for(const std::string& language);

}  // namespace kioku::cli
