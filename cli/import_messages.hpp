// The words of kioku import: its summary line, and what keeps it from reading the file. Filled
// in with fill_in() (cli/messages.hpp).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct ImportMessages {
  const char* imported;         // {deck}, {source}, {added}, {updated}, {unchanged}
  const char* would_import;     // --dry-run: as imported
  const char* nothing_changed;  // --dry-run: at the end of the line
  const char* standard_input;   // the {source} of `kioku import -`
  const char* kept_one;         // {count}: cards no longer in the file, kept
  const char* kept_many;
  const char* retired_one;  // {count}: cards their edited note no longer makes, suspended
  const char* retired_many;
  const char* suspended_one;  // {count}: Anki package cards Anki had suspended
  const char* suspended_many;
  const char* restored_one;  // {count}: retired cards their notes make again, back in the queue
  const char* restored_many;
  const char* pruned_one;  // {count}: --prune, notes no longer in the file, withdrawn
  const char* pruned_many;
  const char* pruned_cards_one;  // {count}: their cards, suspended (after pruned_*)
  const char* pruned_cards_many;
  const char* prune_toml_only;       // --prune with a file read as Anki's
  const char* history_package_only;  // --with-history with a file that is no Anki package
  const char* media_one;             // {count}: Anki package media files
  const char* media_many;
  // --with-history: {count} cards that took their Anki history, then {answers} answers logged
  const char* history_one;
  const char* history_many;
  // {count} cards of notes kioku kept because its copy changed after the package's
  const char* conflicting_one;
  const char* conflicting_many;
  // {count} cards of notes skipped because their guid came earlier in the package
  const char* skipped_one;
  const char* skipped_many;
  // A note type kept as itself whose templates show otherwise than in Anki (one line each):
  // {name} and the {filters} kioku does not know, joined with ", "
  const char* unknown_filters;
  // {name}, {template}, {side} (side_question or side_answer), {line}, {column}, {problem}
  const char* template_problem;
  const char* side_question;
  const char* side_answer;
  const char* section_not_closed;    // {section}
  const char* wrong_section_closed;  // {section}, {open}
  const char* section_not_open;      // {section}
  const char* sections_too_deep;
  // {name}, {template}, {side}, {tag}: a reference to a field the type does not have
  const char* missing_field;
  // Opening the file (cli/import_source.cpp); {error} is the system's reason
  const char* file_empty;
  const char* no_current_directory;
  const char* cannot_open;        // {error}
  const char* cannot_read;        // {error}
  const char* cannot_read_input;  // {error}
  const char* is_directory;
  const char* cannot_hold;  // {error}
  // A named pipe nothing writes to yet, after "kioku: NAME: " on stderr while kioku waits
  const char* waiting_for_writer;
};
BOOST_DESCRIBE_STRUCT(ImportMessages, (),
                      (imported, would_import, nothing_changed, standard_input, kept_one, kept_many,
                       retired_one, retired_many, suspended_one, suspended_many, restored_one,
                       restored_many, pruned_one, pruned_many, pruned_cards_one, pruned_cards_many,
                       prune_toml_only, history_package_only, media_one, media_many, history_one,
                       history_many, conflicting_one, conflicting_many, skipped_one, skipped_many,
                       unknown_filters, template_problem, side_question, side_answer,
                       section_not_closed, wrong_section_closed, section_not_open,
                       sections_too_deep, missing_field, file_empty, no_current_directory,
                       cannot_open, cannot_read, cannot_read_input, is_directory, cannot_hold,
                       waiting_for_writer))

const ImportMessages& import_messages_for(const std::string& language);

}  // namespace kioku::cli
