// How a note's content is kept in the notes table: its fields and choices as JSON, its tags
// space-separated (Anki's way: a tag holds no space).
#pragma once

#include <string>
#include <vector>

#include "core/note.hpp"

namespace kioku::daemon {

// [{"name": ..., "text": {language: text}}, ...], in the order given.
std::string note_fields_to_json(const std::vector<NoteField>& fields);
// {language: [choice, ...]}.
std::string note_choices_to_json(const LocalizedChoices& choices);
std::string join_tags(const std::vector<std::string>& tags);

// Each throws kioku::Error (kStorage) when the stored text is not what the *_to_json above
// write.
std::vector<NoteField> note_fields_from_json(const std::string& json);
LocalizedChoices note_choices_from_json(const std::string& json);
std::vector<std::string> split_tags(const std::string& tags);

// An Anki note's kept cards (Note::kept_cards) as the notes table keeps them: space-separated.
std::string kept_cards_to_text(const std::vector<int>& ordinals);
std::vector<int> kept_cards_from_text(const std::string& text);

}  // namespace kioku::daemon
