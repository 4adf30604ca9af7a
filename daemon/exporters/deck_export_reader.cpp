#include "daemon/exporters/deck_export_reader.hpp"

#include <utility>

namespace kioku::daemon {

namespace {

// Notes are read a page at a time, as note.find pages them.
constexpr std::int64_t kNotesPerPage = 1000;

ExportNote export_note(Collection& collection, StoredNote stored) {
  ExportNote exported;
  exported.created_ms = stored.created_ms;
  exported.modified_ms = stored.modified_ms;
  for (const StoredNoteCard& card : collection.cards().cards_of_note(stored.id)) {
    if (card.card.retired) continue;
    const CardRecord record = collection.cards().card(card.card.id);
    exported.cards.push_back(
        ExportCard{.id = record.id, .key = card.card.key, .state = record.state});
  }
  exported.note = std::move(stored.note);
  return exported;
}

}  // namespace

std::vector<ExportDeck> read_export_decks(Collection& collection,
                                          const std::vector<DeckRow>& decks) {
  std::vector<ExportDeck> out;
  for (const DeckRow& row : decks) {
    ExportDeck deck;
    deck.id = row.slug;
    deck.name = row.name;
    DeckText text = collection.decks().text(row.id);
    deck.description = std::move(text.description);
    deck.languages = std::move(text.languages);
    NoteSearch search;
    search.deck_id = row.id;
    search.limit = kNotesPerPage;
    while (true) {
      std::vector<StoredNote> page = collection.notes().search(search);
      for (StoredNote& stored : page)
        deck.notes.push_back(export_note(collection, std::move(stored)));
      if (static_cast<std::int64_t>(page.size()) < kNotesPerPage) break;
      search.offset += kNotesPerPage;
    }
    out.push_back(std::move(deck));
  }
  return out;
}

}  // namespace kioku::daemon
