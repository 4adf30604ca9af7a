// Cards: their rows (content, tags, note, place in the deck) as an import writes them, and
// their scheduling state in card_state. Like every store it prepares its statements when it
// is constructed and never begins a transaction: writes go inside Collection::write.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/card_state.hpp"
#include "core/deck.hpp"
#include "core/time.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

struct CardRecord {
  std::int64_t id = 0;
  std::int64_t deck_id = 0;
  std::string deck_slug;
  std::string external_id;
  std::string kind;
  std::string content_json;
  std::string tags;
  std::string note;  // '' when the card is a note of its own (no siblings)
  CardState state;
  std::int64_t buried_until_day = 0;  // buried while today < this; 0: not buried
  std::string deck_options_json;      // the options of the card's deck, which schedule its answers
};

// What saving a deck file's card did to the collection.
enum class CardChange { kAdded, kUpdated, kUnchanged };

class CardStore {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  explicit CardStore(sqlite::Database& database);
  ~CardStore();
  CardStore(const CardStore&) = delete;
  CardStore& operator=(const CardStore&) = delete;

  // The card with its state and its deck's slug and options. Throws kioku::Error (kNotFound)
  // when there is no such card.
  CardRecord card(std::int64_t card_id);
  std::int64_t count();
  // Walks the deck's index entries: for listings, not for every request.
  std::int64_t count_in_deck(std::int64_t deck_id);
  std::vector<std::int64_t> ids_in_deck(std::int64_t deck_id);

  // Adds the deck file's `card` at `position` of the deck as a new card, or updates the card
  // with its external id when anything an import can change differs (only its position when
  // that is all).
  CardChange save(std::int64_t deck_id, const DeckCard& card, std::int64_t position,
                  TimestampMs now);
  // Replaces a card's scheduling state (an answer's or a replay's result; the log is not
  // touched).
  void write_state(std::int64_t card_id, const CardState& state);

 private:
  struct Statements;
  sqlite::Database& database_;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
