// The words of the progress bar kioku draws while kiokud works on a long request
// (cli/progress_bar.hpp), in English and Japanese: one per stage of request.progress.
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct ProgressMessages {
  const char* reading;
  const char* fitting;
  const char* scoring;
  const char* simulating;
  const char* importing;
  const char* checking;
  const char* replaying;
  const char* writing;
  const char* restoring;
  const char* backing_up;
  const char* working;  // a stage this kioku does not know (a newer kiokud's)
  // After the bar, when kiokud counts cards (an import): {cards} done so far, {rate} a second,
  // {time} left (cli/duration_text.hpp).
  const char* cards_done_one;
  const char* cards_done;
  const char* cards_rate;
  const char* time_left;
};
BOOST_DESCRIBE_STRUCT(ProgressMessages, (),
                      (reading, fitting, scoring, simulating, importing, checking, replaying,
                       writing, restoring, backing_up, working, cards_done_one, cards_done,
                       cards_rate, time_left))

const ProgressMessages& progress_messages_for(const std::string& language);

}  // namespace kioku::cli
