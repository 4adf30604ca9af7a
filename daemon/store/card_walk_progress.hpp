// How far a walk of a deck's cards in id order has come (the optimizer's log, a simulation's
// cards), for a progress report without counting first: ids rise as cards are added, so a
// card's place between the deck's first and last id is a fair share of the walk.
#pragma once

#include <cstdint>
#include <optional>

#include "core/work_progress.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

class CardWalkProgress {
 public:
  // The walk of `deck_id`'s cards (every card: nullopt); reports its start. Throws
  // sqlite::SqliteError when the range cannot be read, and what the report throws.
  CardWalkProgress(sqlite::Database& database, std::optional<std::int64_t> deck_id,
                   const ProgressReport& progress);

  // The walk has reached `card_id`; every so many cards, the report hears it.
  void at(std::int64_t card_id);
  void done() const;

 private:
  const ProgressReport& progress_;
  std::int64_t first_ = 0;
  std::int64_t span_ = 0;  // last - first
  std::int64_t cards_ = 0;
};

}  // namespace kioku::daemon
