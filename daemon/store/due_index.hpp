// What is due: the index lookups the queue is built from (card_state's due and new-card
// indices), and burial, which hides cards from them until a later day. Like every store it
// prepares its statements when it is constructed and never begins a transaction: writes go
// inside Collection::write.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/time.hpp"
#include "daemon/store/answer_record.hpp"
#include "daemon/store/tagged_cards.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// A card found by a due query, with the due time the query ordered it by.
struct DueCard {
  std::int64_t id = 0;
  TimestampMs due = 0;
};

// Which due cards a query is about: learning and relearning cards due today (intraday) or
// whose step crossed a day start (interday), or review cards.
enum class DueGroup { kIntradayLearning, kInterdayLearning, kReview };

// A query and the index whose order and columns it must be answered from.
struct IndexedQuery {
  std::string sql;
  std::string index;
};

class DueIndex {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  // `card_rows` and `card_state_rows` log the rows of `cards` and card_state the connection has
  // written (TaggedCards).
  DueIndex(sqlite::Database& database, std::function<const CardRowLog&()> card_rows,
           std::function<const CardRowLog&()> card_state_rows);
  ~DueIndex();
  DueIndex(const DueIndex&) = delete;
  DueIndex& operator=(const DueIndex&) = delete;

  // The SQL of the queue's counts and lookups (without a tag), each with the index it must stay
  // on: what the schema's tests check the plans of.
  static std::vector<IndexedQuery> queue_lookups();
  // The same (and the tagged next due time) going by the ids of a tag's few cards.
  static std::vector<std::string> tagged_id_lookups();
  // The same going through the kept rows of card_state of those cards.
  static std::vector<std::string> tagged_state_lookups();

  // Every query about what is due leaves out suspended cards and cards buried on `today`.
  // With a `tag` (kioku review --tag), the queue's queries count and find only cards whose tags
  // match it (core/tag_match.hpp); that variant asks of each candidate whether it is one of
  // the tag's cards, kept in memory (TaggedCards), where the plain one stays on card_state's
  // covering index.
  // Due cards of `group` in `deck_id` with due <= `due_before`, counted up to `limit`.
  std::int64_t count_due(std::int64_t deck_id, DueGroup group, TimestampMs due_before,
                         std::int64_t today, std::int64_t limit,
                         const std::optional<std::string>& tag = std::nullopt);
  // The earliest-due such card: its id and due time.
  std::optional<DueCard> first_due(std::int64_t deck_id, DueGroup group, TimestampMs due_before,
                                   std::int64_t today,
                                   const std::optional<std::string>& tag = std::nullopt);
  // New cards of `deck_id`, counted up to `limit`.
  std::int64_t count_new(std::int64_t deck_id, std::int64_t today, std::int64_t limit,
                         const std::optional<std::string>& tag = std::nullopt);
  // The first of them in deck order.
  std::optional<std::int64_t> first_new(std::int64_t deck_id, std::int64_t today,
                                        const std::optional<std::string>& tag = std::nullopt);
  // A cram session's cards (kioku review --cram): every card of `deck_id` that is not new,
  // due or not, in the order (due, id), after the card `after` in that order (nullopt: from
  // the start). A cram answer changes no due, so a session walks the order once.
  std::optional<DueCard> first_cram(std::int64_t deck_id, std::int64_t today,
                                    const std::optional<DueCard>& after,
                                    const std::optional<std::string>& tag);
  // How many of them there are from `after` on (after it).
  std::int64_t count_cram(std::int64_t deck_id, std::int64_t today,
                          const std::optional<DueCard>& after,
                          const std::optional<std::string>& tag);
  // The earliest due time of any card of `deck_id` that is not new or suspended; a card buried
  // on `today` counts as due no earlier than `tomorrow_start`, when it comes back. With a
  // `tag`, of the cards that have it.
  std::optional<TimestampMs> next_due(std::int64_t deck_id, std::int64_t today,
                                      TimestampMs tomorrow_start,
                                      const std::optional<std::string>& tag = std::nullopt);
  // The earliest due time after `after` of an intraday learning or relearning card of
  // `deck_id`: when the learning count next grows with nothing written (kioku due --watch).
  std::optional<TimestampMs> next_learning_due(std::int64_t deck_id, TimestampMs after,
                                               std::int64_t today);

  // Buries the card until the start of day `until_day`. Throws kioku::Error (kNotFound) for no
  // such card.
  void bury(std::int64_t card_id, std::int64_t until_day);
  // Buries the siblings of `card_id` (cards of its deck with its note) that `which` names until
  // the start of day `until_day`. Intraday learning siblings are never buried, as in Anki.
  void bury_siblings(std::int64_t card_id, std::int64_t until_day, const SiblingBurial& which);
  // Unburies every buried card of `deck_id` (all decks when nullopt); returns how many.
  std::int64_t unbury(std::optional<std::int64_t> deck_id);

  // The cards of the tag last asked about, kept between queries.
  TaggedCards& tagged_cards() noexcept { return tagged_cards_; }

 private:
  struct Statements;
  sqlite::Database& database_;
  TaggedCards tagged_cards_;  // before statements_: it adds the tag functions they call
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
