// Cards: their rows (content, tags, note, place in the deck) as an import writes them, and
// their scheduling state in card_state. Like every store it prepares its statements when it
// is constructed and never begins a transaction: writes go inside Collection::write.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/card_reconciliation.hpp"
#include "core/card_state.hpp"
#include "core/time.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

struct CardRecord {
  std::int64_t id = 0;
  std::int64_t deck_id = 0;
  std::int64_t note_id = 0;
  std::string deck_slug;
  std::string template_key;  // which of its note's cards (GeneratedCard::key)
  std::string external_id;
  std::string kind;
  std::string content_json;
  std::string tags;
  std::string note;  // '' when the card is a note of its own (no siblings)
  CardState state;
  std::int64_t buried_until_day = 0;  // buried while today < this; 0: not buried
  std::string deck_options_json;      // the options of the card's deck, which schedule its answers
  int flag = 0;                       // Anki's flag: 0 none, 1 red ... 7 purple
};

// What saving a note's card did to the collection.
enum class CardChange { kAdded, kUpdated, kUnchanged };

struct SavedCard {
  CardChange change = CardChange::kUnchanged;
  std::int64_t id = 0;
};

// A card of a note, as saving the note writes its row: what the card is now.
struct NoteCardRow {
  std::int64_t deck_id = 0;
  std::int64_t note_id = 0;
  std::string template_key;
  std::string external_id;
  std::string kind;           // basic, reverse, cloze, typed, choice
  std::string content_json;   // a choice card's content (card_content.hpp); "{}" for the rest
  std::string tags;           // space-separated
  std::string sibling_group;  // cards.note: '' when the card has no siblings
  std::int64_t position = 0;
  // What else of its note the card shows and its row does not hold, so that an edit of it
  // counts as one of the card: the note's fields as JSON for a card of a note other than a
  // choice note, one text shared by the note's cards (a note of 500 clozes held it 500 times);
  // null for a choice card, whose content holds its question and choices.
  std::shared_ptr<const std::string> note_content;
};

// The fingerprint of `row` that tells a changed card from an unchanged one.
std::string card_content_hash(const NoteCardRow& row);

// A note's card as its row stands: what saving the note again compares against.
struct StoredNoteCard {
  ExistingCard card;
  std::string content_hash;
  std::int64_t position = 0;
};

// A note's card in play with its scheduling state: what an export writes of it.
struct NoteCardState {
  std::int64_t id = 0;
  std::string template_key;
  CardState state;
  int flag = 0;
};

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
  // One past the largest position in the deck (1 in an empty deck): where new cards go.
  std::int64_t next_position(std::int64_t deck_id);

  // The cards of a note, by id, retired ones included.
  std::vector<StoredNoteCard> cards_of_note(std::int64_t note_id);
  // The note's cards that are not retired, by id, with their states: one read for the note.
  std::vector<NoteCardState> states_of_note(std::int64_t note_id);
  // Ids of the deck's cards kept out of the queue whatever their answers say: retired, of a
  // deleted note, or suspended by the user.
  std::vector<std::int64_t> withdrawn_in_deck(std::int64_t deck_id);

  // Adds `row` as a new card (new, at its position) when `stored` is null, else updates the
  // stored card (the note's card of that template, from cards_of_note) when anything else
  // about it differs (only its position when that is all). Returns what it did and the id.
  // `made_hash`: card_content_hash(row) when made ahead (PreparedCard::content_hash).
  SavedCard save(const NoteCardRow& row, const StoredNoteCard* stored, TimestampMs now,
                 const std::string* made_hash = nullptr);
  // New cards with the row ids the caller gave them (above every id there is), each new at its
  // position: save() for a batch of new notes' cards, in multi-row INSERTs of cards and
  // card_state (daemon/store/rows_insert.hpp).
  struct NewRow {
    std::int64_t id = 0;
    const NoteCardRow* row = nullptr;
    const std::string* content_hash = nullptr;  // its card_content_hash(), made ahead
  };
  void insert_rows(std::span<const NewRow> rows, TimestampMs now);
  // The largest row id of a card, 0 for none.
  std::int64_t largest_id();
  void set_retired(std::int64_t card_id, bool retired);
  // Deletes card `card_id` and its state when it has no answer, logged or imported: for a card
  // the write that made it no longer wants (a text import's later row of the same note; the one
  // deletion of a card kioku makes). Returns whether it did.
  bool erase_unanswered(std::int64_t card_id);
  // Whether the card is one withdrawn_in_deck() would list.
  bool withdrawn(std::int64_t card_id);
  // Sets card_state.suspended of the note's cards from what keeps each out of the queue: its
  // note deleted, the card retired or suspended by the user, or a leech under a deck that
  // suspends leeches (the one thing an answer suspends a card for, so this is what a replay
  // would give).
  void refresh_suspension(std::int64_t note_id);
  // The same for one card.
  void refresh_card_suspension(std::int64_t card_id);
  // Records that the user suspended the card at `since` (cards.suspended_ms), or, with nullopt,
  // that they lifted it; refresh_card_suspension() then sets its state.
  void set_suspended_by_user(std::int64_t card_id, std::optional<TimestampMs> since);
  // Sets the card's flag (0 none, 1 red ... 7 purple; the table refuses others).
  void set_flag(std::int64_t card_id, int flag);

  // The same over a request's list of cards (card.suspend, card.flag), each one statement
  // whatever the list's length: the ids go to SQLite as one JSON array. 10,000 cards of the
  // 220,000-card collection had taken 165-191 ms card by card, on the thread every client waits
  // on. The cards of `card_ids` the collection lacks, in the list's order:
  std::vector<std::int64_t> missing(std::span<const std::int64_t> card_ids);
  // set_suspended_by_user() and refresh_card_suspension() of every card listed.
  void set_suspended_by_user(std::span<const std::int64_t> card_ids,
                             std::optional<TimestampMs> since);
  // card_state.suspended of every card listed, in the list's order (a card listed twice, twice).
  std::vector<bool> suspended(std::span<const std::int64_t> card_ids);
  void set_flag(std::span<const std::int64_t> card_ids, int flag);
  // Replaces a card's scheduling state (an answer's or a replay's result; the log is not
  // touched).
  void write_state(std::int64_t card_id, const CardState& state);

 private:
  struct Statements;
  sqlite::Database& database_;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
