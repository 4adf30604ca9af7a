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
  const char* working;  // a stage this kioku does not know (a newer kiokud's)
};
BOOST_DESCRIBE_STRUCT(ProgressMessages, (), (reading, fitting, scoring, simulating, working))

const ProgressMessages& progress_messages_for(const std::string& language);

}  // namespace kioku::cli
