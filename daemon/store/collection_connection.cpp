// Connections to the collection (daemon/store/collection_connection.hpp).
#include "daemon/store/collection_connection.hpp"

#include <string>

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

void configure_collection_connection(sqlite::Database& database) {
  // WAL lets readers go on while answers commit (and while an import writes on a connection of
  // its own); synchronous=FULL makes each commit durable before kiokud acknowledges the writes
  // in it.
  database.execute(
      "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; "
      "PRAGMA busy_timeout = 5000;");
  // A WAL is written over from its start once checkpointed, never shortened: after a 1M-note
  // import it stayed 400 MB beside the collection for good. The commit that starts it again
  // cuts it back to this, above the 16 MB a checkpoint lets it reach while answers come
  // (WalCheckpointMarks), so that answering never shortens and lengthens it.
  database.execute("PRAGMA journal_size_limit = " + std::to_string(kWalSizeLimitBytes));
}

CollectionConnection::CollectionConnection(const std::string& path)
    : database_(std::make_unique<sqlite::Database>(path)) {
  configure_collection_connection(*database_);
  // An import adds its rows in order: each index takes them at one place, so the pages it
  // wants again are a few per index, not SQLite's 2 MiB default, which the daemon would hold
  // beside its own connection's for the whole import. The same 1M-note import took 15.4 s
  // with 512 KiB against 16.0 s with 2 MiB, and kiokud's peak fell by 1.5 MiB; in session 28,
  // 9,651-9,944 ms with 256 KiB against 9,709-9,757 with 512, and 0.35 MiB less at the
  // 20,000-note package's peak.
  database_->execute("PRAGMA cache_size = -256");
  // Its commit would copy what it wrote into the collection file before the import's client
  // hears of it: 12 ms of a 20,000-note package's 255 ms. The server's checkpoints do it once the
  // import is announced, when the daemon is quiet (WalCheckpoints::worker_write_listener).
  database_->execute("PRAGMA wal_autocheckpoint = 0");
  // Its writes (imports, rebuilds, a deck's new scheduler) give every row a parent that the same
  // write made or read, and kioku deletes no parent row (but a card a text import made and
  // unmade, after its state) and changes no key, so each foreign key's probe of its parent finds
  // it: six a note on an import, 11 % of a 20,000-note package's import (253 -> 224 ms, median
  // of 16 in turns). Builds with assertions check that no such write leaves a row without its
  // parent (GroupCommit); the server's connection enforces them, and doctor checks them.
  database_->execute("PRAGMA foreign_keys = OFF");
  collection_ = std::make_unique<Collection>(*database_);
}

// Defined here, where sqlite::Database is whole. The members go in reverse order: the
// collection's statements are finalized before the connection closes.
CollectionConnection::~CollectionConnection() = default;

}  // namespace kioku::daemon
