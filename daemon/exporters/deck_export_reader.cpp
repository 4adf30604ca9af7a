#include "daemon/exporters/deck_export_reader.hpp"

#include <utility>

#include "daemon/methods/deck_options_json.hpp"

namespace kioku::daemon {

namespace {

// Notes are read a page at a time, as note.find pages them.
constexpr std::int64_t kNotesPerPage = 1000;

ExportNote export_note(Collection& collection, StoredNote stored, bool with_history) {
  ExportNote exported;
  exported.created_ms = stored.created_ms;
  exported.modified_ms = stored.modified_ms;
  for (NoteCardState& card : collection.cards().states_of_note(stored.id)) {
    exported.cards.push_back(
        ExportCard{.id = card.id,
                   .key = std::move(card.template_key),
                   .state = std::move(card.state),
                   .answers = with_history ? collection.review_log().answer_rows(card.id)
                                           : std::vector<AnswerRow>{},
                   .flag = card.flag});
  }
  exported.note = std::move(stored.note);
  return exported;
}

}  // namespace

std::vector<ExportDeck> read_export_decks(Collection& collection, const std::vector<DeckRow>& decks,
                                          bool with_history) {
  std::vector<ExportDeck> out;
  for (const DeckRow& row : decks) {
    ExportDeck deck;
    deck.id = row.slug;
    deck.name = row.name;
    DeckText text = collection.decks().text(row.id);
    deck.description = std::move(text.description);
    deck.languages = std::move(text.languages);
    deck.options = deck_options_from_json(row.options_json);
    NoteSearch search;
    search.deck_id = row.id;
    search.limit = kNotesPerPage;
    while (true) {
      std::vector<StoredNote> page = collection.notes().search(search);
      for (StoredNote& stored : page)
        deck.notes.push_back(export_note(collection, std::move(stored), with_history));
      if (static_cast<std::int64_t>(page.size()) < kNotesPerPage) break;
      search.offset += kNotesPerPage;
    }
    out.push_back(std::move(deck));
  }
  return out;
}

}  // namespace kioku::daemon
