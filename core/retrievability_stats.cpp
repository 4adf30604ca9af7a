// Retrievability now, per card and summed.
#include "core/retrievability_stats.hpp"

#include <algorithm>
#include <unordered_map>

#include "core/deck_options.hpp"
#include "core/fsrs.hpp"
#include "core/memory_histograms.hpp"

namespace kioku {

double current_retrievability(const CardSnapshot& card, TimestampMs now) {
  // Fractional days, as Anki's statistics count them (the scheduler counts whole days).
  const double elapsed_days =
      static_cast<double>(std::max<TimestampMs>(now - card.state.last_review, 0)) /
      static_cast<double>(kMillisecondsPerDay);
  const std::array<double, 21>& weights =
      card.fsrs_weights != nullptr ? *card.fsrs_weights : kFsrsDefaultWeights;
  return fsrs_retrievability(elapsed_days, card.state.stability, weights);
}

RetrievabilityStats retrievability_stats(std::span<const CardSnapshot> cards, TimestampMs now) {
  RetrievabilityStats stats;
  struct NoteSum {
    double sum = 0.0;
    std::int64_t cards = 0;
  };
  std::unordered_map<std::int64_t, NoteSum> notes;
  for (const CardSnapshot& card : cards) {
    NoteSum& note = notes[card.note_id];
    ++note.cards;
    if (!has_memory_state(card)) continue;
    const double r = current_retrievability(card, now);
    stats.percent.add(percent_bin(r * 100.0));
    ++stats.cards;
    stats.knowledge_cards += r;
    note.sum += r;
  }
  if (stats.cards > 0) stats.average = stats.knowledge_cards / static_cast<double>(stats.cards);
  for (const auto& [id, note] : notes) {
    stats.knowledge_notes += note.sum / static_cast<double>(note.cards);
  }
  return stats;
}

}  // namespace kioku
