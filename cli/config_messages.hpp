// The words of kioku config and of a refused configuration file (docs/configuration.md).
// Patterns are filled in with fill_in() (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

#include "cli/note_messages.hpp"
#include "protocol/config_problem_info.hpp"

namespace kioku::cli {

struct ConfigMessages {
  // A refused file or value: {where} is "FILE:LINE:COLUMN: KEY: " (the parts there are)
  const char* unreadable;            // {where}, {got}
  const char* syntax;                // {where}, {got}: toml++'s own (English) description
  const char* unknown_key;           // {where}
  const char* wrong_type;            // {where}, {expected}, {got}
  const char* not_a_whole_number;    // {where}, {got}
  const char* out_of_range;          // {where}, {lowest}, {highest}, {got}
  const char* not_a_choice;          // {where}, {choices}, {got}
  const char* not_an_absolute_path;  // {where}, {got}
  const char* unknown_time_zone;     // {where}, {got}
  const char* not_a_duration;        // {where}, {got}
  const char* not_quiet_hours;       // {where}, {got}
  const char* no_program;            // {where}, {got}
  const char* type_integer;
  const char* type_string;
  const char* type_table;
  const char* type_boolean;
  const char* type_command;
  // kioku config list / get
  const char* column_key;
  const char* column_value;
  const char* column_source;
  const char* source_default;
  const char* source_file;
  const char* source_command_line;
  const char* not_set;
  const char* restart_mark;  // after a value the running kiokud does not use yet
  const char* file_line;     // {file}
  const char* refused;       // {problem}
  // kioku config set / reload / edit
  const char* set_done;        // {key}, {value}, {file}
  const char* reloaded;        // {file}
  const char* now_in_effect;   // {keys}
  const char* needs_restart;   // {keys}
  const char* edit_unchanged;  // {file}
  const char* edit_emptied;    // {file}
  const char* edit_saved;      // {file}
  const char* template_heading;
};
BOOST_DESCRIBE_STRUCT(ConfigMessages, (),
                      (unreadable, syntax, unknown_key, wrong_type, not_a_whole_number,
                       out_of_range, not_a_choice, not_an_absolute_path, unknown_time_zone,
                       not_a_duration, not_quiet_hours, no_program, type_integer, type_string,
                       type_table, type_boolean, type_command, column_key, column_value,
                       column_source, source_default, source_file, source_command_line, not_set,
                       restart_mark, file_line, refused, set_done, reloaded, now_in_effect,
                       needs_restart, edit_unchanged, edit_emptied, edit_saved, template_heading))

const ConfigMessages& config_messages_for(const std::string& language);
// The editor's words for config.toml (the edit loop shares kioku edit's, which speak of notes).
const NoteFileMessages& config_file_messages_for(const std::string& language);

// A refused file or value as one line in `language`.
std::string describe_config_problem(const protocol::ConfigProblemInfo& problem,
                                    const std::string& language);

}  // namespace kioku::cli
