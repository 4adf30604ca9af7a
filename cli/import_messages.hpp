// The words of kioku import: its summary line. Filled in with fill_in() (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct ImportMessages {
  const char* imported;        // {deck}, {source}, {added}, {updated}, {unchanged}
  const char* standard_input;  // the {source} of `kioku import -`
  const char* kept_one;        // {count}: cards no longer in the file, kept
  const char* kept_many;
};
BOOST_DESCRIBE_STRUCT(ImportMessages, (), (imported, standard_input, kept_one, kept_many))

const ImportMessages& import_messages_for(const std::string& language);

}  // namespace kioku::cli
