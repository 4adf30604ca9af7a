// The words of kioku export. Filled in with fill_in() (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct ExportMessages {
  const char* exported;           // {notes}, {cards}, {decks}, {file}
  const char* exported_media;     // {media}
  const char* exported_reviews;   // {reviews}: --with-history, revlog rows written
  const char* history_apkg_only;  // --with-history with another format
  const char* package_to_terminal;
  const char* cannot_write;       // {file}, {reason}
  const char* one_deck_per_file;  // {deck}, {count}, {decks}
};
BOOST_DESCRIBE_STRUCT(ExportMessages, (),
                      (exported, exported_media, exported_reviews, history_apkg_only,
                       package_to_terminal, cannot_write, one_deck_per_file))

const ExportMessages& export_messages_for(const std::string& language);

}  // namespace kioku::cli
