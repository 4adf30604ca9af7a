// What the note commands print without --json: a save's cards, the notes table, a deleted or
// restored note. Every text from the daemon goes through cli/terminal/safe_text.hpp.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "cli/note_messages.hpp"
#include "protocol/note_types.hpp"

namespace kioku::cli {

// "2 cards": the cards the note makes now (not the retired ones).
std::string live_cards_text(const protocol::NoteView& note, const NoteMessages& words);

// After note.add ("Added note ...") or note.update ("Saved note ..."), each card on a line,
// and for an update the cards added, retired and revived.
void print_note_added(const protocol::NoteSaveResult& result, const NoteMessages& words,
                      std::ostream& out);
void print_note_saved(const protocol::NoteSaveResult& result, const NoteMessages& words,
                      std::ostream& out);

// The notes as a table `width` columns wide: id, kind, deck, the first field's text in
// `language` (cut to what the width leaves), the number of cards, the tags. `offset` is how many
// the request skipped: when more match, the line after the table names the next page's.
void print_notes(const protocol::NoteFindResult& result, bool deleted, std::int64_t offset,
                 const NoteMessages& words, const std::string& language, int width,
                 std::ostream& out);

void print_note_deleted(const protocol::NoteDeleteResult& result, const NoteMessages& words,
                        std::ostream& out);
void print_note_restored(const protocol::NoteDeleteResult& result, const NoteMessages& words,
                         std::ostream& out);

}  // namespace kioku::cli
