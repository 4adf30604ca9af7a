// Key/value facts about the collection (collection_meta): whether the bundled decks were
// offered, a generated collection's present, ... Like every store it prepares its statements
// when it is constructed and never begins a transaction.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <memory>
#include <optional>
#include <string>

namespace kioku::daemon {

namespace sqlite {
class Database;
}

class CollectionMeta {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  explicit CollectionMeta(sqlite::Database& database);
  ~CollectionMeta();
  CollectionMeta(const CollectionMeta&) = delete;
  CollectionMeta& operator=(const CollectionMeta&) = delete;

  std::optional<std::string> get(const std::string& key);
  void set(const std::string& key, const std::string& value);

 private:
  struct Statements;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
