// One walk of the deck's cards in play with their answers (a card with none is new).
#include "daemon/store/workload_source.hpp"

#include <sqlite3.h>

#include <optional>

#include "daemon/store/card_walk_progress.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// ?1: the deck. A card without answers comes back once, with NULL answer columns.
constexpr const char* kSelectWorkload =
    "SELECT c.id, r.reviewed_ms, r.rating, r.quality, r.duration_ms "
    "FROM cards c JOIN card_state s ON s.card_id = c.id "
    "LEFT JOIN revlog r ON r.card_id = c.id AND r.cram = 0 "
    "AND NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id = r.id) "
    "WHERE s.deck_id = ?1 AND s.suspended = 0 AND c.retired = 0 "
    "AND NOT EXISTS (SELECT 1 FROM notes n WHERE n.id = c.note_id "
    "AND n.deleted_ms IS NOT NULL) "
    "ORDER BY c.id, r.id";

}  // namespace

DeckWorkload read_deck_workload(const std::string& collection_path, std::int64_t deck_id,
                                const ProgressReport& progress) {
  sqlite::Database database(collection_path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
  CardWalkProgress walk(database, deck_id, progress);
  sqlite::Statement select = database.prepare(kSelectWorkload);
  select.bind(1, deck_id);
  DeckWorkload workload;
  std::optional<std::int64_t> previous_card;
  while (select.step()) {
    const std::int64_t card = select.column_int(0);
    const bool same_card = previous_card == card;
    previous_card = card;
    if (!same_card) walk.at(card);
    if (select.column_is_null(1)) {
      ++workload.new_cards;
      continue;
    }
    if (!same_card) workload.studied.emplace_back();
    Answer answer{.rating = static_cast<Rating>(select.column_int(2)), .quality = std::nullopt};
    if (!select.column_is_null(3)) answer.quality = static_cast<int>(select.column_int(3));
    workload.timed.push_back(
        TimedAnswer{.first = !same_card,
                    .rating = answer.quality ? rating_for_quality(*answer.quality) : answer.rating,
                    .duration_ms = select.column_int(4)});
    workload.studied.back().push_back(PastAnswer{select.column_int(1), answer});
  }
  walk.done();
  return workload;
}

}  // namespace kioku::daemon
