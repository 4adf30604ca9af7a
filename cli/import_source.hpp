// The deck file `kioku import` hands to kiokud. kioku opens it itself, so a relative path means
// the user's working directory and the user's permissions apply, and passes the open file over
// the socket; kiokud never opens a path for it. kiokud reads only regular files, so kioku reads
// anything else (standard input, a pipe, a terminal) itself, up to the deck size limit, into a
// file in memory, and passes that.
#pragma once

#include <iosfwd>
#include <string>

#include "protocol/unique_fd.hpp"

namespace kioku::cli {

struct ImportSource {
  protocol::UniqueFd file;  // a regular file, at the offset to read from
  std::string name;         // for kiokud's errors and the deck's source: the absolute path, or
                            // "<stdin>"
};

// Opens `argument` ("-" for standard input). Blocks while a pipe's writer has not finished,
// like any reader of a pipe; a named pipe that no program has opened for writing is first said
// so on `err` ("kioku: NAME: ... waiting ..."), and waited for until one writes to it or Ctrl-C
// ends kioku. Throws kioku::InputError naming the file when it cannot be opened, is a directory
// or is larger than protocol::kMaxDeckFileBytes, and kioku::Error (kInvalidParams) for an empty
// argument. Its own messages are in `language`.
ImportSource open_import_source(const std::string& argument, const std::string& language,
                                std::ostream& err);

}  // namespace kioku::cli
