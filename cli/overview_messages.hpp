// The words of the commands that show the collection's counts: decks, due, unbury, stats and
// history. Patterns are filled in with fill_in() (cli/messages.hpp); a "_one" pattern is for a
// count of 1, its "_many" twin for every other count (Japanese says both the same way).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct OverviewMessages {
  // kioku decks
  const char* no_decks;
  const char* column_id;
  const char* column_name;
  const char* column_cards;
  const char* column_due;
  const char* column_new;
  const char* column_learning;
  const char* column_review;
  // kioku due: {total}, {new}, {learning}, {review}
  const char* due_counts;
  // kioku unbury: {count}
  const char* unburied_one;
  const char* unburied_many;
  // kioku stats (its dashboard's words are in cli/dashboard_messages.hpp)
  const char* stats_no_such_deck;  // {deck}
  // kioku history: the table's headings, and the line when no day has answers
  const char* history_date;
  const char* history_reviews;
  const char* history_correct;
  const char* history_new;
  const char* history_time;
  const char* history_total;
  const char* history_none;
};
BOOST_DESCRIBE_STRUCT(OverviewMessages, (),
                      (no_decks, column_id, column_name, column_cards, column_due, column_new,
                       column_learning, column_review, due_counts, unburied_one, unburied_many,
                       stats_no_such_deck, history_date, history_reviews, history_correct,
                       history_new, history_time, history_total, history_none))

const OverviewMessages& overview_messages_for(const std::string& language);

}  // namespace kioku::cli
