// The collection at one moment (daemon/store/collection_snapshot.hpp).
#include "daemon/store/collection_snapshot.hpp"

#include "daemon/store/integrity.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

CollectionSnapshot::CollectionSnapshot(const std::string& path)
    : database_(
          std::make_unique<sqlite::Database>(path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)) {
  // Neither statement reads the file: a damaged one is the check's to find. The transaction's
  // snapshot is taken at its first read; the busy timeout covers the moment a reader waits on a
  // writer's checkpoint of the WAL.
  database_->execute("PRAGMA busy_timeout = 5000; BEGIN");
}

CollectionSnapshot::~CollectionSnapshot() {
  // Reads only, so ending the transaction cannot lose anything; a failure is left to closing.
  collection_.reset();
  try {
    database_->execute("ROLLBACK");
  } catch (const std::exception&) {
  }
}

IntegrityReport CollectionSnapshot::check_integrity(int most_problems,
                                                    const std::function<void()>& keep_going) {
  return daemon::check_integrity(*database_, most_problems, keep_going);
}

Collection& CollectionSnapshot::collection() {
  if (!collection_) collection_ = std::make_unique<Collection>(*database_);
  return *collection_;
}

}  // namespace kioku::daemon
