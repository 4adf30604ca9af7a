// What sched.simulate simulates of a deck (docs/fsrs-optimizer.md "Simulation"): the cards in
// play, each studied one as its answers, the new ones as a count, and how long the learner
// took over each rating. Read through a read-only connection of its own, so that the worker
// thread reads while the daemon serves.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/replay.hpp"
#include "core/work_progress.hpp"
#include "core/workload_simulation.hpp"

namespace kioku::daemon {

struct DeckWorkload {
  // The studied cards, by id: each card's answers in log order, and the state it was imported
  // with, if any (a card imported with a state is studied even without answers). Cram answers
  // (which changed no schedule) and answers an undo voided are not among them.
  std::vector<StudiedCard> studied;
  std::int64_t new_cards = 0;
  // Every one of those answers with its duration, for answer_seconds().
  std::vector<TimedAnswer> timed;
};

// The cards of `deck_id` in play: not suspended, not retired, not of a deleted note. Throws
// sqlite::SqliteError when the file cannot be read. `progress` hears the reading stage.
DeckWorkload read_deck_workload(const std::string& collection_path, std::int64_t deck_id,
                                const ProgressReport& progress = {});

}  // namespace kioku::daemon
