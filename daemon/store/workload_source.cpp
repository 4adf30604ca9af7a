// One walk of the deck's cards in play with their answers (a card with none is new).
#include "daemon/store/workload_source.hpp"

#include <sqlite3.h>

#include <optional>

#include "daemon/store/card_state_codec.hpp"
#include "daemon/store/card_walk_progress.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// ?1: the deck. A card without answers comes back once, with NULL answer columns.
constexpr const char* kSelectWorkload =
    "SELECT c.id, r.reviewed_ms, r.rating, r.quality, r.duration_ms, r.imported "
    "FROM cards c JOIN card_state s ON s.card_id = c.id "
    "LEFT JOIN revlog r ON r.card_id = c.id AND r.cram = 0 "
    "AND NOT EXISTS (SELECT 1 FROM revlog_voids v WHERE v.review_id = r.id) "
    "WHERE s.deck_id = ?1 AND s.suspended = 0 AND c.retired = 0 "
    "AND NOT EXISTS (SELECT 1 FROM notes n WHERE n.id = c.note_id "
    "AND n.deleted_ms IS NOT NULL) "
    "ORDER BY c.id, r.id";

// The imported states of the deck's cards, in the same order, walked beside the cards.
std::string select_imported_states() {
  return std::string("SELECT s.card_id, ") + kCardStateColumns +
         " FROM imported_states s JOIN card_state d ON d.card_id = s.card_id "
         "WHERE d.deck_id = ?1 ORDER BY s.card_id";
}

// The imported states of a walk's cards, read as the walk passes them: one ordered pass beside
// the cards' own, rather than a lookup for each of a large deck's cards.
class ImportedStateWalk {
 public:
  ImportedStateWalk(sqlite::Database& database, std::int64_t deck_id)
      : select_(database.prepare(select_imported_states())) {
    select_.bind(1, deck_id);
    more_ = select_.step();
  }

  // The imported state of card `card_id`, if any; ids must come in increasing order.
  std::optional<CardState> at(std::int64_t card_id) {
    while (more_ && select_.column_int(0) < card_id) more_ = select_.step();
    if (!more_ || select_.column_int(0) != card_id) return std::nullopt;
    return read_state(select_, 1);
  }

 private:
  sqlite::Statement select_;
  bool more_ = false;
};

}  // namespace

DeckWorkload read_deck_workload(const std::string& collection_path, std::int64_t deck_id,
                                const ProgressReport& progress) {
  sqlite::Database database(collection_path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
  CardWalkProgress walk(database, deck_id, progress);
  sqlite::Statement select = database.prepare(kSelectWorkload);
  select.bind(1, deck_id);
  ImportedStateWalk imported_states(database, deck_id);
  DeckWorkload workload;
  std::optional<std::int64_t> previous_card;
  while (select.step()) {
    const std::int64_t card = select.column_int(0);
    const bool same_card = previous_card == card;
    previous_card = card;
    if (!same_card) {
      walk.at(card);
      std::optional<CardState> imported = imported_states.at(card);
      if (imported) {
        workload.studied.push_back(StudiedCard{.answers = {}, .imported = std::move(imported)});
      } else if (select.column_is_null(1)) {
        ++workload.new_cards;
        continue;
      } else {
        workload.studied.emplace_back();
      }
    }
    if (select.column_is_null(1)) continue;
    if (select.column_int(5) != 0) ++workload.studied.back().imported_answers;
    Answer answer{.rating = static_cast<Rating>(select.column_int(2)), .quality = std::nullopt};
    if (!select.column_is_null(3)) answer.quality = static_cast<int>(select.column_int(3));
    workload.timed.push_back(
        TimedAnswer{.first = !same_card,
                    .rating = answer.quality ? rating_for_quality(*answer.quality) : answer.rating,
                    .duration_ms = select.column_int(4)});
    workload.studied.back().answers.push_back(PastAnswer{select.column_int(1), answer});
  }
  walk.done();
  return workload;
}

}  // namespace kioku::daemon
