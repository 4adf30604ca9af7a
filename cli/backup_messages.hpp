// The words of kioku backup and kioku restore. Filled in with fill_in() (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct BackupMessages {
  const char* backed_up;     // {path}, {bytes}
  const char* contents;      // {cards}, {notes}, {reviews}
  const char* file_exists;   // {path}
  const char* restored;      // {file}, {version}
  const char* kept;          // {path}
  const char* no_such_file;  // {path}
};
BOOST_DESCRIBE_STRUCT(BackupMessages, (),
                      (backed_up, contents, file_exists, restored, kept, no_such_file))

const BackupMessages& backup_messages_for(const std::string& language);

}  // namespace kioku::cli
