// The words of the HTML report (`kioku stats --html`) in English and Japanese, beside the
// dashboard's (cli/dashboard_messages.hpp), whose words the report shares where they are the same.
// Patterns are filled in with fill_in() (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct ReportMessages {
  const char* language;  // the document's lang attribute
  const char* page_title;
  // Section titles
  const char* today_title;
  const char* streak_title;
  const char* cards_title;
  const char* forecast_title;  // {days}
  const char* reviews_title;
  const char* time_title;
  const char* intervals_title;
  const char* ease_title;
  const char* difficulty_title;
  const char* stability_title;
  const char* retrievability_title;
  const char* added_title;
  // Names
  const char* review;
  const char* relearning;
  const char* cram;
  const char* new_cards;
  const char* suspended;
  const char* buried;
  const char* leeches;
  const char* current;
  const char* longest;
  const char* passed_failed;  // {passed}, {failed}
  // Figures under the charts
  const char* forecast_figures;        // {total}, {days}, {average}, {tomorrow}, {overdue}, {load}
  const char* reviews_figures;         // {studied}, {days}, {total}, {average}, {average_studied}
  const char* time_figures;            // {time}, {average}, {answer_time}
  const char* histogram_figures;       // {cards}, {median}
  const char* percent_median;          // {count}
  const char* retrievability_figures;  // {cards}, {average}, {knowledge_cards}, {knowledge_notes}
  const char* hours_figures;
  const char* added_figures;  // {cards}
  const char* cards_total;    // {total}
  const char* no_data;
  const char* fsrs_only;
  const char* sm2_only;
  const char* day_answers;    // {date}, {answers}
  const char* day_cards;      // {date}, {cards}
  const char* in_days;        // {count}: "+{count}d" under the forecast
  const char* range_days;     // {from}, {to}
  const char* range_percent;  // {from}, {to}
  const char* hour;           // {hour}
  const char* axis_minutes;   // {count}: a tick of the time axis
  const char* axis_seconds;   // {count}
  const char* less;
  const char* more;
  const char* made_by;  // {date}
  // kioku stats --html's errors
  const char* cannot_write;   // {file}, {error}
  const char* html_and_json;  // --html and --json together
};
BOOST_DESCRIBE_STRUCT(ReportMessages, (),
                      (language, page_title, today_title, streak_title, cards_title, forecast_title,
                       reviews_title, time_title, intervals_title, ease_title, difficulty_title,
                       stability_title, retrievability_title, added_title, review, relearning, cram,
                       new_cards, suspended, buried, leeches, current, longest, passed_failed,
                       forecast_figures, reviews_figures, time_figures, histogram_figures,
                       percent_median, retrievability_figures, hours_figures, added_figures,
                       cards_total, no_data, fsrs_only, sm2_only, day_answers, day_cards, in_days,
                       range_days, range_percent, hour, axis_minutes, axis_seconds, less, more,
                       made_by, cannot_write, html_and_json))

const ReportMessages& report_messages_for(const std::string& language);

}  // namespace kioku::cli
