// The decks table: a deck's row by id order or by its slug, and the writes an import and a
// change of options make. Like every store it prepares its statements when it is constructed
// and never begins a transaction: writes go inside Collection::write.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/deck.hpp"
#include "core/time.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

struct DeckRow {
  std::int64_t id = 0;
  std::string slug;
  LocalizedText name;
  std::string algorithm;
  std::string options_json;
};

// What a deck file said of its deck besides its name: kept for exporting it again.
struct DeckText {
  LocalizedText description;
  std::vector<std::string> languages;
};

class DeckStore {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  explicit DeckStore(sqlite::Database& database);
  ~DeckStore();
  DeckStore(const DeckStore&) = delete;
  DeckStore& operator=(const DeckStore&) = delete;

  // Every deck, by id. No card counts: every request reads the deck rows, and counting a
  // 350,000-card deck walks 350,000 index entries (CardStore::count_in_deck does it for
  // deck.list only).
  std::vector<DeckRow> all();
  std::optional<DeckRow> by_slug(const std::string& slug);
  // The deck a request names; throws kioku::Error (kNotFound) when there is none.
  DeckRow require(const std::string& slug);
  // The deck's description and languages. Throws kioku::Error (kNotFound) when there is no
  // such row, (kStorage) when they do not read.
  DeckText text(std::int64_t deck_id);

  // Adds `deck`'s row, or updates the row with its slug (name, description, languages, source);
  // returns the row's id. The cards are CardStore's.
  std::int64_t save(const Deck& deck, const std::string& source, TimestampMs now);
  void set_options(std::int64_t deck_id, const std::string& options_json,
                   const std::string& algorithm);

 private:
  struct Statements;
  sqlite::Database& database_;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
