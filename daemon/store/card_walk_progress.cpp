// A walk's progress from the card ids' range (daemon/store/card_walk_progress.hpp).
#include "daemon/store/card_walk_progress.hpp"

namespace kioku::daemon {

namespace {

// A report for every card would cost a walk of a million cards a clock read each.
constexpr std::int64_t kCardsBetweenReports = 1024;

}  // namespace

CardWalkProgress::CardWalkProgress(sqlite::Database& database, std::optional<std::int64_t> deck_id,
                                   const ProgressReport& progress)
    : progress_(progress) {
  // Two lookups: for every card the rowid's first and last entry (one min() beside a max()
  // would scan); for a deck, a walk of its range of cards_deck, whose entries are not in id
  // order (a few milliseconds for 100,000 cards).
  sqlite::Statement range =
      deck_id ? database.prepare(
                    "SELECT (SELECT min(id) FROM cards WHERE deck_id = ?1), "
                    "(SELECT max(id) FROM cards WHERE deck_id = ?1)")
              : database.prepare("SELECT (SELECT min(id) FROM cards), (SELECT max(id) FROM cards)");
  if (deck_id) range.bind(1, *deck_id);
  if (range.step() && !range.column_is_null(0) && !range.column_is_null(1)) {
    first_ = range.column_int(0);
    span_ = range.column_int(1) - first_;
  }
  progress_(WorkStage::kReading, 0, 1);
}

void CardWalkProgress::at(std::int64_t card_id) {
  if (++cards_ % kCardsBetweenReports != 0 || span_ <= 0) return;
  const std::int64_t walked = card_id - first_;
  if (walked < 0 || walked > span_) return;
  progress_(WorkStage::kReading, static_cast<std::size_t>(walked), static_cast<std::size_t>(span_));
}

void CardWalkProgress::done() const {
  progress_(WorkStage::kReading, 1, 1);
}

}  // namespace kioku::daemon
