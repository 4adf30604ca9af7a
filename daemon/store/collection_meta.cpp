// collection_meta's SQL, prepared once.
#include "daemon/store/collection_meta.hpp"

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

struct CollectionMeta::Statements {
  explicit Statements(sqlite::Database& database)
      : select(database.prepare("SELECT value FROM collection_meta WHERE key = ?1")),
        upsert(database.prepare("INSERT INTO collection_meta (key, value) VALUES (?1, ?2) "
                                "ON CONFLICT (key) DO UPDATE SET value = excluded.value")) {}

  sqlite::Statement select;
  sqlite::Statement upsert;
};

CollectionMeta::CollectionMeta(sqlite::Database& database)
    : statements_(std::make_unique<Statements>(database)) {}

CollectionMeta::~CollectionMeta() = default;

std::optional<std::string> CollectionMeta::get(const std::string& key) {
  sqlite::Statement& select = statements_->select;
  sqlite::StatementScope scope(select);
  select.bind(1, key);
  if (!select.step()) return std::nullopt;
  return select.column_text(0);
}

void CollectionMeta::set(const std::string& key, const std::string& value) {
  statements_->upsert.bind(1, key).bind(2, value).run();
}

}  // namespace kioku::daemon
