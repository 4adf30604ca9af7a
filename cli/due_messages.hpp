// The words of `kioku due --count/--watch/--format` beyond the counts line itself (that one is
// OverviewMessages::due_counts). Filled in with fill_in() (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct DueMessages {
  const char* count_with_watch;
  const char* tag_with_watch;
  // --format: {placeholder} is the unknown one as written, {known} the list of known ones
  const char* unknown_placeholder;
  const char* unclosed_brace;  // {position}: the byte where the '{' opens
  const char* stray_brace;     // {position}: the byte of a '}' that closes nothing
  // --watch: the daemon closed the connection
  const char* watch_ended;
  // --watch: the daemon sent a line that is not a due.changed notification
  const char* watch_strange_line;  // {line}
};
BOOST_DESCRIBE_STRUCT(DueMessages, (),
                      (count_with_watch, tag_with_watch, unknown_placeholder, unclosed_brace,
                       stray_brace, watch_ended, watch_strange_line))

const DueMessages& due_messages_for(const std::string& language);

}  // namespace kioku::cli
