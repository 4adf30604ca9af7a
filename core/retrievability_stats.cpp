// Retrievability now, per card and summed.
#include "core/retrievability_stats.hpp"

#include <algorithm>
#include <vector>

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

namespace {

// A run of neighbouring cards of one note, summed.
struct NoteSum {
  std::int64_t note_id = 0;
  double sum = 0.0;
  std::int64_t cards = 0;
};

}  // namespace

RetrievabilityStats retrievability_stats(std::span<const CardSnapshot> cards, TimestampMs now) {
  RetrievabilityStats stats;
  // Each note's cards are summed as runs of neighbours with the same note. A note's cards are
  // made together, so in card order the runs are usually the notes, in note order: then each
  // run is a whole note and is counted as it ends, with nothing kept. Otherwise (a card added
  // to an older note) the runs are kept, sorted by note and merged. A hash map of the notes
  // took about 56 bytes a note, 4.7 MB on 100,000 cards.
  std::size_t run_count = 0;
  bool runs_in_note_order = true;
  for (std::size_t index = 0; index < cards.size(); ++index) {
    if (index > 0 && cards[index].note_id == cards[index - 1].note_id) continue;
    ++run_count;
    if (index > 0 && cards[index].note_id < cards[index - 1].note_id) runs_in_note_order = false;
  }
  std::vector<NoteSum> runs;
  if (!runs_in_note_order) runs.reserve(run_count);
  NoteSum run;
  const auto end_run = [&] {
    if (run.cards == 0) return;
    if (runs_in_note_order) {
      stats.knowledge_notes += run.sum / static_cast<double>(run.cards);
    } else {
      runs.push_back(run);
    }
  };
  for (const CardSnapshot& card : cards) {
    if (run.cards == 0 || run.note_id != card.note_id) {
      end_run();
      run = {card.note_id};
    }
    ++run.cards;
    if (!has_memory_state(card)) continue;
    const double r = current_retrievability(card, now);
    stats.percent.add(percent_bin(r * 100.0));
    ++stats.cards;
    stats.knowledge_cards += r;
    run.sum += r;
  }
  end_run();
  if (stats.cards > 0) stats.average = stats.knowledge_cards / static_cast<double>(stats.cards);
  std::stable_sort(runs.begin(), runs.end(), [](const NoteSum& left, const NoteSum& right) {
    return left.note_id < right.note_id;
  });
  for (std::size_t first = 0; first < runs.size();) {
    NoteSum note = runs[first];
    std::size_t next = first + 1;
    for (; next < runs.size() && runs[next].note_id == note.note_id; ++next) {
      note.sum += runs[next].sum;
      note.cards += runs[next].cards;
    }
    stats.knowledge_notes += note.sum / static_cast<double>(note.cards);
    first = next;
  }
  return stats;
}

}  // namespace kioku
