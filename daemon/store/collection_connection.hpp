// The connections kiokud opens to the collection: how each is set up, and a connection of its
// own with its Collection on top, for work on the server's worker that writes beside the
// server's connection (an import: daemon/methods/deck_import.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "daemon/store/collection.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// The size a WAL is cut back to when it starts again after a checkpoint (journal_size_limit).
inline constexpr std::int64_t kWalSizeLimitBytes = 32 * 1024 * 1024;

// WAL, synchronous=FULL, foreign keys on, a busy timeout, the WAL's size limit: what every
// connection kiokud writes through needs.
void configure_collection_connection(sqlite::Database& database);

// Opens `path` (a collection kiokud has already migrated) on a connection of its own. Used on
// one thread at a time; not thread-safe. Throws sqlite::SqliteError when the file cannot be
// opened. Its commits never checkpoint the WAL: whoever writes through it has the daemon's
// checkpoints told (an import: WalCheckpoints::worker_write_listener).
class CollectionConnection {
 public:
  explicit CollectionConnection(const std::string& path);
  ~CollectionConnection();
  CollectionConnection(const CollectionConnection&) = delete;
  CollectionConnection& operator=(const CollectionConnection&) = delete;

  Collection& collection() noexcept { return *collection_; }

 private:
  std::unique_ptr<sqlite::Database> database_;
  std::unique_ptr<Collection> collection_;
};

}  // namespace kioku::daemon
