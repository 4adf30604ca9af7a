// The words of the stats dashboard (`kioku stats` without --json) in English and Japanese.
// Patterns are filled in with fill_in() (cli/messages.hpp); a "_one" pattern is for a count of
// 1, its "_many" twin for every other count.
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct DashboardMessages {
  const char* title_collection;  // {period}, {date}
  const char* title_deck;        // {deck}, {period}, {date}
  const char* period_7d;
  const char* period_30d;
  const char* period_1y;
  const char* period_all;
  const char* today;        // {answers}, {time}, {share}, {mature_share}
  const char* answers_one;  // {count}
  const char* answers_many;
  const char* streak;    // {current}, {longest}
  const char* days_one;  // {count}
  const char* days_many;
  const char* cards;          // {new}, {learning}, {relearning}, {young}, {mature}
  const char* cards_more;     // {suspended}, {buried}, {leeches}, {total}
  const char* not_available;  // an empty share
  // The true retention table
  const char* retention_title;
  const char* young;
  const char* mature;
  const char* all;
  const char* row_today;
  const char* row_yesterday;
  const char* row_7_days;
  const char* row_30_days;
  const char* row_365_days;
  const char* row_all_time;
  // The answer buttons table
  const char* buttons_title;
  const char* again;
  const char* hard;
  const char* good;
  const char* easy;
  const char* correct;
  const char* learning;
  // Future due and the hours
  const char* due_title;  // over the next 30 days
  const char* due_axis_start;
  const char* due_axis_end;
  const char* due_figures;  // {total}, {average}, {tomorrow}, {load}
  const char* hours_title;
  // Intervals: the title, then the buckets' headings
  const char* intervals_title;  // {cards}, {median}
  const char* cards_one;        // {count}
  const char* cards_many;
  const char* median_days;  // {count}
  const char* bucket_day;
  const char* bucket_days;
  const char* bucket_weeks;
  const char* bucket_months;
  const char* bucket_year;
  const char* bucket_years;
  // The calendar
  const char* calendar_title;
  const char* calendar_legend;  // {shades}
  const char* months;           // twelve names, separated by spaces
  const char* weekdays;         // Monday, Wednesday, Friday: three names, separated by spaces
};
BOOST_DESCRIBE_STRUCT(DashboardMessages, (),
                      (title_collection, title_deck, period_7d, period_30d, period_1y, period_all,
                       today, answers_one, answers_many, streak, days_one, days_many, cards,
                       cards_more, not_available, retention_title, young, mature, all, row_today,
                       row_yesterday, row_7_days, row_30_days, row_365_days, row_all_time,
                       buttons_title, again, hard, good, easy, correct, learning, due_title,
                       due_axis_start, due_axis_end, due_figures, hours_title, intervals_title,
                       cards_one, cards_many, median_days, bucket_day, bucket_days, bucket_weeks,
                       bucket_months, bucket_year, bucket_years, calendar_title, calendar_legend,
                       months, weekdays))

const DashboardMessages& dashboard_messages_for(const std::string& language);

}  // namespace kioku::cli
