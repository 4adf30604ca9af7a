// The words of kioku backup and kioku restore. Filled in with fill_in() (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct BackupMessages {
  const char* backed_up;     // {path}, {bytes}
  const char* contents;      // {cards}, {notes}, {reviews}
  const char* file_exists;   // {path}
  const char* is_directory;  // {path}
  const char* restored;      // {file}, {version}
  const char* kept;          // {path}
  const char* no_such_file;  // {path}
  // kioku backup list
  const char* list_heading;  // {directory}
  const char* list_empty;    // {directory}
  const char* kind_automatic;
  const char* kind_manual;
  const char* kind_before_migration;
  const char* kind_before_restore;
  // kioku doctor, for a damaged collection
  const char* good_backup;   // {path}
  const char* restore_line;  // {path}
  const char* no_good_backup;
};
BOOST_DESCRIBE_STRUCT(BackupMessages, (),
                      (backed_up, contents, file_exists, is_directory, restored, kept, no_such_file,
                       list_heading, list_empty, kind_automatic, kind_manual, kind_before_migration,
                       kind_before_restore, good_backup, restore_line, no_good_backup))

const BackupMessages& backup_messages_for(const std::string& language);

}  // namespace kioku::cli
