#include "core/deck_notes.hpp"

#include <string>
#include <utility>

namespace kioku {

namespace {

bool has_text(const LocalizedText& text) {
  for (const auto& [language, value] : text) {
    if (!value.empty()) return true;
  }
  return false;
}

DeckNote note_of_card(const Deck& deck, const DeckCard& card) {
  DeckNote result;
  Note& note = result.note;
  note.id = card.id;
  note.kind = NoteKind::kChoice;
  if (has_text(card.question)) note.fields.push_back({"question", card.question});
  if (has_text(card.explanation)) note.fields.push_back({"explanation", card.explanation});
  note.choices = card.choices;
  note.answer = card.answer;
  note.tags = card.tags;
  note.deck = deck.id;
  result.sibling_group = card.note;
  result.line = card.line;
  return result;
}

}  // namespace

std::vector<DeckNote> deck_notes(const Deck& deck) {
  if (deck.format != 1) return deck.notes;
  std::vector<DeckNote> notes;
  notes.reserve(deck.cards.size());
  for (const DeckCard& card : deck.cards) notes.push_back(note_of_card(deck, card));
  return notes;
}

std::vector<DeckNote> deck_notes(Deck&& deck) {
  if (deck.format != 1) return std::exchange(deck.notes, {});
  return deck_notes(deck);
}

}  // namespace kioku
