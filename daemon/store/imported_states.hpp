// imported_states: the state each card imported with its history had in Anki, where its replay
// starts (schema/0013_imported_history.sql; docs/anki-import.md, "History"). Constructed and
// never begins a transaction: it writes in its caller's.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "core/card_state.hpp"
#include "core/time.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

class ImportedStates {
 public:
  explicit ImportedStates(sqlite::Database& database);
  ~ImportedStates();
  ImportedStates(const ImportedStates&) = delete;
  ImportedStates& operator=(const ImportedStates&) = delete;

  // The card's imported state; nullopt for a card that came with none (its replay starts new).
  std::optional<CardState> of(std::int64_t card_id);
  // Sets the card's imported state, replacing any.
  void write(std::int64_t card_id, const CardState& state, TimestampMs imported);

 private:
  struct Statements;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
