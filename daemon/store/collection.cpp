// The writes that span several stores, each one atomic through write().
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

Collection::Collection(sqlite::Database& database)
    : database_(database),
      group_commit_(database),
      decks_(database),
      cards_(database),
      due_index_(database),
      review_log_(database),
      daily_stats_(database),
      meta_(database) {}

std::int64_t Collection::record_answer(const AnswerRecord& answer) {
  std::int64_t review_id = 0;
  write(Write{WriteKind::kAnswer, answer.deck_id, answer.card_id},
        [&] { review_id = store_answer(answer); });
  return review_id;
}

std::optional<std::int64_t> Collection::answer_card(std::int64_t card_id,
                                                    const AnswerDecision& decide) {
  std::optional<std::int64_t> review_id;
  Write what{WriteKind::kAnswer, 0, card_id};
  write(what, [&] {
    const CardRecord card = cards_.card(card_id);
    what.deck = card.deck_id;
    if (const std::optional<AnswerRecord> answer = decide(card)) {
      review_id = store_answer(*answer);
    }
  });
  return review_id;
}

std::int64_t Collection::store_answer(const AnswerRecord& answer) {
  const std::int64_t review_id = review_log_.append(answer);
  cards_.write_state(answer.card_id, answer.after);
  daily_stats_.add(answer);
  if (answer.bury_siblings.any()) {
    due_index_.bury_siblings(answer.card_id, answer.day + 1, answer.bury_siblings);
  }
  return review_id;
}

ImportSummary Collection::import_deck(const Deck& deck, const std::string& source,
                                      TimestampMs now) {
  ImportSummary summary;
  Write what{WriteKind::kImport};
  write(what, [&] {
    summary.deck = deck.id;
    const std::int64_t deck_id = decks_.save(deck, source, now);
    what.deck = deck_id;
    std::int64_t position = 0;
    for (const DeckCard& card : deck.cards) {
      switch (cards_.save(deck_id, card, ++position, now)) {
        case CardChange::kAdded:
          ++summary.added;
          break;
        case CardChange::kUpdated:
          ++summary.updated;
          break;
        case CardChange::kUnchanged:
          ++summary.unchanged;
          break;
      }
    }
    summary.not_in_file = static_cast<int>(cards_.count_in_deck(deck_id) -
                                           static_cast<std::int64_t>(deck.cards.size()));
  });
  return summary;
}

IntegrityReport Collection::check_integrity(int most_problems) {
  return daemon::check_integrity(database_, most_problems);
}

}  // namespace kioku::daemon
