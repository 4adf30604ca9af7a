// One row per card imported with its history (daemon/store/imported_states.hpp).
#include "daemon/store/imported_states.hpp"

#include "daemon/store/card_state_codec.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

struct ImportedStates::Statements {
  explicit Statements(sqlite::Database& database)
      : select(database.prepare(std::string("SELECT ") + kCardStateColumns +
                                " FROM imported_states s WHERE s.card_id = ?1")),
        upsert(database.prepare(
            "INSERT OR REPLACE INTO imported_states (card_id, imported_ms, phase, due_ms, "
            "remaining_steps, interval_days, ease, reps, lapses, last_review_ms, leech, "
            "suspended, stability, difficulty, repetition, interday) VALUES (?1, ?2, ?3, ?4, ?5, "
            "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)")) {}

  sqlite::Statement select;
  sqlite::Statement upsert;
};

ImportedStates::ImportedStates(sqlite::Database& database)
    : statements_(std::make_unique<Statements>(database)) {}

ImportedStates::~ImportedStates() = default;

std::optional<CardState> ImportedStates::of(std::int64_t card_id) {
  sqlite::Statement& select = statements_->select;
  sqlite::StatementScope scope(select);
  select.bind(1, card_id);
  if (!select.step()) return std::nullopt;
  return read_state(select, 0);
}

void ImportedStates::write(std::int64_t card_id, const CardState& state, TimestampMs imported) {
  sqlite::Statement& upsert = statements_->upsert;
  upsert.bind(1, card_id).bind(2, imported);
  bind_state(upsert, 3, state);
  upsert.run();
}

}  // namespace kioku::daemon
