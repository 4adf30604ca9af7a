#include "daemon/exporters/deck_export_reader.hpp"

#include <utility>

#include "daemon/methods/deck_options_json.hpp"

namespace kioku::daemon {

namespace {

// How many notes are read between two reports: a report costs a look at the client's connection.
constexpr std::size_t kNotesPerReport = 256;

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
                                          bool with_history, const ProgressReport& progress) {
  std::vector<ExportDeck> out;
  for (std::size_t index = 0; index < decks.size(); ++index) {
    const DeckRow& row = decks[index];
    const ProgressReport deck_progress = progress.share(index, decks.size());
    ExportDeck deck;
    deck.id = row.slug;
    deck.name = row.name;
    DeckText text = collection.decks().text(row.id);
    deck.description = std::move(text.description);
    deck.languages = std::move(text.languages);
    deck.options = deck_options_from_json(row.options_json);
    // In one query, sorted once: the deck read a thousand notes at a time, each page sorted
    // whole again to find its offset, took 27.5 s for 77,000 notes.
    NoteSearch search;
    search.deck_id = row.id;
    search.limit = -1;  // SQLite: no limit
    std::vector<StoredNote> stored_notes = collection.notes().search(search);
    deck.notes.reserve(stored_notes.size());
    for (StoredNote& stored : stored_notes) {
      if (deck.notes.size() % kNotesPerReport == 0) {
        deck_progress(WorkStage::kReading, deck.notes.size(), stored_notes.size());
      }
      deck.notes.push_back(export_note(collection, std::move(stored), with_history));
    }
    deck_progress(WorkStage::kReading, stored_notes.size(), stored_notes.size());
    out.push_back(std::move(deck));
  }
  return out;
}

}  // namespace kioku::daemon
