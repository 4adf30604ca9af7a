// The collection's cards as the statistics read them (core/card_snapshot.hpp), kept in memory
// between reports. The first report reads every card; a later one re-reads only the cards
// whose rows changed since (SQLite's update hook names them), and every card again when
// another connection has committed (an import on the server's worker; for a snapshot's
// connection, any commit of kiokud's) or a file was put in place. Reading 100,000 cards' rows
// was three quarters of `kioku stats`' time (docs/decisions.md, "Statistics from kept cards").
// Owned by the thread of the connection whose rows it listens to (kiokud's own, or the
// readers' thread's snapshot connection: collection_snapshot.hpp); not thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/card_snapshot.hpp"
#include "daemon/store/card_row_log.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// A deck's FSRS parameters when it schedules with FSRS, else nullptr: what a card's snapshot
// needs of its deck (CardSnapshot::fsrs, fsrs_weights).
using FsrsWeightsOfDeck = std::function<const std::array<double, 21>*(std::int64_t deck_id)>;

class KeptCardSnapshots {
 public:
  // Listens to `database`'s row changes from now on (its one listener) until destroyed.
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  explicit KeptCardSnapshots(sqlite::Database& database);
  ~KeptCardSnapshots();
  KeptCardSnapshots(const KeptCardSnapshots&) = delete;
  KeptCardSnapshots& operator=(const KeptCardSnapshots&) = delete;

  // The cards of `deck_id` (every card: nullopt) that are in the collection, in card id
  // order: retired cards and the cards of deleted notes are left out, as they are out of every
  // list. Each FSRS card points at a copy of its deck's weights from `fsrs_weights_of`, kept
  // here. Valid until the next call or the object's end.
  std::span<const CardSnapshot> cards(std::optional<std::int64_t> deck_id,
                                      const FsrsWeightsOfDeck& fsrs_weights_of);
  // The next call reads every card again: the file was replaced under the connection (the
  // backup API writes no row the update hook hears).
  void forget() noexcept;
  // How many times cards() has read every card: the tests' view of whether a change was read
  // alone.
  std::int64_t whole_reads() const noexcept { return whole_reads_; }
  // The rows of `cards` the connection has inserted, updated or deleted, rolled back or not
  // (the hook hears them as they are written): what TaggedCards tells stale cards by, and
  // reads again.
  const CardRowLog& card_rows() const noexcept { return card_rows_; }
  // The same of the rows of card_state.
  const CardRowLog& card_state_rows() const noexcept { return card_state_rows_; }

 private:
  struct Statements;
  void row_changed(std::string_view table, std::int64_t rowid) noexcept;
  void read_all();
  void read_changed();
  void point_at_weights(const FsrsWeightsOfDeck& fsrs_weights_of);

  sqlite::Database& database_;
  std::unique_ptr<Statements> statements_;
  // Three columns of one table, in card id order: the figures read the snapshots as one
  // contiguous run.
  std::vector<std::int64_t> card_ids_;
  std::vector<std::int64_t> deck_ids_;
  std::vector<CardSnapshot> snapshots_;
  // What changed since the snapshots were last brought up to date outside a transaction.
  std::vector<std::int64_t> changed_cards_;
  std::vector<std::int64_t> changed_notes_;
  bool read_all_next_ = true;
  std::int64_t whole_reads_ = 0;
  CardRowLog card_rows_;
  CardRowLog card_state_rows_;
  std::int64_t data_version_ = 0;
  // Copies of the FSRS decks' weights the snapshots point at, by deck id.
  std::map<std::int64_t, std::optional<std::array<double, 21>>> weights_;
  std::vector<CardSnapshot> deck_cards_;  // one deck's, for the span cards() returns
};

}  // namespace kioku::daemon
