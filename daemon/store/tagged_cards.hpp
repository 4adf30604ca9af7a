// Which cards have the tag a session studies (kioku review --tag, due.counts --tag), kept between
// requests. Without it every candidate of the queue's walks read its card's row for the tags:
// on 220,000 cards, 33 ms for each review.next with a common tag and 0.4 s with a tag no card
// has, on kiokud's thread (docs/decisions.md, "Session 31"). The cards of a tag that few cards
// have are also listed, for the queries to go by them rather than walk the deck's cards for
// them: 148-311 ms for a tag no card has on a million cards ("Session 43").
// Owned by a Collection with its connection; not thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/unordered/unordered_flat_set.hpp>

#include "daemon/store/card_row_log.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
class Statement;
}  // namespace sqlite

// Adds kioku_has_tag(tags, wanted) to the connection: core's has_tag() (core/tag_match.hpp) for
// SQL, NULL either side no match. Any store whose statements call it adds it first (again is
// harmless).
void add_has_tag_function(sqlite::Database& database);

// Adds the connection's tag functions for SQL:
//   kioku_has_tag(tags, wanted): core's has_tag() (core/tag_match.hpp); NULL is no match;
//   kioku_tags_kept(): whether the cards of the tag last made ready are known here;
//   kioku_kept_tag(card_id): whether that card is one of them;
//   kioku_tagged_ids, a table of one column `id`: those cards in id order, when they are few
//   (few_kept()); no rows otherwise;
//   kioku_tagged_states, a table of their rows of card_state (the queue's columns), as read
//   since their last change, when states_kept(); no rows otherwise.
// A tagged query reads `CASE WHEN kioku_tags_kept() THEN kioku_kept_tag(id) ELSE
// kioku_has_tag((SELECT tags ...), ?) END`, after ready(tag), or, when few_kept(), goes from
// kioku_tagged_ids to each card's row.
class TaggedCards {
 public:
  // A tag of at most this many cards is listed for its queries to go by: each reads this many
  // rows at most, where a walk of the deck's cards in the queue's order may read every card
  // before it finds one of them.
  static constexpr std::size_t kFewCards = 2048;

  // `card_rows` is the log of the rows of `cards` the connection has written (inserted,
  // updated or deleted, rolled back or not): a change since the cards were read makes them
  // stale until the rows it names are read again.
  // `card_state_rows` is the same log of the rows of card_state.
  TaggedCards(sqlite::Database& database, std::function<const CardRowLog&()> card_rows,
              std::function<const CardRowLog&()> card_state_rows);
  ~TaggedCards();
  TaggedCards(const TaggedCards&) = delete;
  TaggedCards& operator=(const TaggedCards&) = delete;

  // A tagged query's reading, for its lifetime: the cards of its tag made ready and the query's
  // rows read in one read transaction, begun here when none is open, since another connection's
  // commit between the two would pair the cards of one moment with the rows of the next. Ready
  // means kioku_tags_kept() tells whether the cards with `tag` are known: they are read again
  // when the tag or the file (another connection's commit) changed, and the rows of `cards` the
  // connection wrote since are read again alone (all of them when the log no longer has them).
  // Inside a transaction of the connection's own they are not read: its rows may yet be rolled
  // back, which no hook tells, so the query reads each candidate's tags itself. No tag:
  // nothing. Declared before the query's statements, so that it ends after them.
  class Reading {
   public:
    Reading(TaggedCards& cards, const std::optional<std::string>& tag);
    ~Reading();
    Reading(const Reading&) = delete;
    Reading& operator=(const Reading&) = delete;

   private:
    void end() noexcept;
    sqlite::Database* began_ = nullptr;  // the connection whose read transaction began here
  };
  // The next ready() reads the cards again: the file was replaced under the connection (the
  // backup API writes no row the hook hears).
  void forget() noexcept;
  // Whether the cards of the tag made ready are kept and few: kioku_tagged_ids lists them.
  bool few_kept() const noexcept { return current_ != nullptr && current_->few; }
  // Whether their rows of card_state are kept too, as they are now: kioku_tagged_states has
  // them. A request's queries then read none of those rows from the file, where each read
  // the leaf page of each card again (more pages than SQLite's 2 MiB cache keeps).
  bool states_kept() const noexcept { return few_kept() && states_current_; }
  // How many times the cards were read, whole or the changed rows alone: the tests' view of
  // whether they were kept.
  std::int64_t reads() const noexcept { return reads_; }
  // How many times every card was read.
  std::int64_t whole_reads() const noexcept { return whole_reads_; }

 private:
  sqlite::Database& database_;
  std::function<const CardRowLog&()> card_rows_;
  std::function<const CardRowLog&()> card_state_rows_;
  // See Reading: `own_reading`, a read transaction begun for the query, whose rows are all
  // committed ones.
  void ready(const std::string& tag, bool own_reading);
  // The cards of one tag, as read at one moment and brought up to date since.
  struct KeptTag {
    std::string tag;
    std::uint64_t changes_at_read = 0;  // CardRowLog::written() when last brought up to date
    std::int64_t data_version_at_read = 0;
    std::size_t count = 0;
    std::int64_t first_card = 0;
    std::vector<std::uint64_t> card_bits;  // bit (id - first_card)
    boost::unordered_flat_set<std::int64_t> sparse_cards;
    // While `few`: every one of them, in id order (kioku_tagged_ids).
    bool few = false;
    std::vector<std::int64_t> few_cards;
    // Their rows of card_state, in id order, as read when card_state's log was at
    // `states_at_read`; `states_read` false: not read since few_cards last changed.
    struct StateRow {
      std::int64_t card_id = 0;
      std::int64_t deck_id = 0;
      std::int64_t suspended = 0;
      std::string phase;
      std::int64_t due_ms = 0;
      std::int64_t interday = 0;
      std::int64_t buried_until_day = 0;
      std::int64_t new_position = 0;
    };
    bool states_read = false;
    std::uint64_t states_at_read = 0;
    std::vector<StateRow> states;

    // Keeps `cards` (in id order): as a bit for each id from the first to the last when that
    // takes no more memory than the ids themselves (kioku's ids are dense), else in a hash set.
    void keep(const std::vector<std::int64_t>& cards);
    // Whether card `card_id` is one of them.
    bool has(std::int64_t card_id) const noexcept;
    // Makes card `card_id` one of them or not. False, with nothing changed, when its bit
    // would lie past the bits kept by more than the cards' count allows (read every card).
    bool set(std::int64_t card_id, bool tagged);
  };
  // Brings `kept` up to date by reading the rows of `rows` again; false when it cannot be.
  bool read_changed(KeptTag& kept, const std::vector<std::int64_t>& rows);
  // Brings the current few cards' states up to date (see states_kept()): `own_reading` as for
  // ready(); without it they are used only when nothing of card_state changed since.
  void ready_states(KeptTag& kept, bool own_reading);
  // Card `card_id`'s row of card_state into `row`; false when it has none.
  bool read_state(std::int64_t card_id, KeptTag::StateRow& row);
  // The last tags asked for, most recent last: a review of one tag beside a prompt that counts
  // another must not read the cards again at each query.
  static constexpr std::size_t kMostTags = 4;

  std::unique_ptr<sqlite::Statement> select_tagged_;
  std::unique_ptr<sqlite::Statement> select_card_tags_;
  std::unique_ptr<sqlite::Statement> select_state_;
  std::vector<KeptTag> kept_tags_;
  const KeptTag* current_ = nullptr;  // what the functions answer from; null: not kept
  bool states_current_ = false;       // current_'s states are as the file's rows now
  std::int64_t reads_ = 0;
  std::int64_t whole_reads_ = 0;

  friend struct TaggedCardsFunctions;
  friend struct TaggedIdsTable;
  friend struct TaggedStatesTable;
};

}  // namespace kioku::daemon
