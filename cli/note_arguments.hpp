// What `kioku add`'s options mean as a note, and a note's content as the params of note.add and
// note.update. Pure, so that the rules are tested without a daemon.
#pragma once

#include <boost/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/note_messages.hpp"
#include "cli/note_toml.hpp"

namespace kioku::cli {

// --field NAME=TEXT (in `default_language`) and --field NAME.LANGUAGE=TEXT, in any number, as
// field -> language -> text. An empty TEXT is no text. Throws kioku::Error (kInvalidParams)
// naming the argument that has no '=', no name, or a field and language given twice. Whether
// the kind has the field is the daemon's to say.
protocol::NoteFieldsView fields_from_arguments(const std::vector<std::string>& arguments,
                                               const std::string& default_language,
                                               const NoteMessages& words);

// The language a text given without one is in: `language` (kioku's, --lang) when the deck has
// it, else the deck's first; `language` when the deck's are not known.
std::string default_text_language(const std::vector<std::string>& deck_languages,
                                  const std::string& language);

// The languages the editor's file gives each field a line in: `first` (the default language),
// then the deck's others.
std::vector<std::string> languages_for_editing(const std::vector<std::string>& deck_languages,
                                               const std::string& first);

// The params of note.add for `note` in `deck` (the note's id only when it has one).
boost::json::object note_add_params(const std::string& deck, const NoteContent& note);

// The params of note.update: the note's whole content; `deck` tells apart notes of one id.
boost::json::object note_update_params(const NoteContent& note, const std::string& deck);

// A note or a card, as `kioku edit` and `kioku note` take it: a note's id, or, when no note has
// that id, a card's id as N or card:N.
std::optional<std::int64_t> card_id_of(const std::string& argument);

}  // namespace kioku::cli
