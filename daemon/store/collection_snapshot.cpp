// The collection at one moment (daemon/store/collection_snapshot.hpp).
#include "daemon/store/collection_snapshot.hpp"

#include <sys/stat.h>

#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "daemon/store/integrity.hpp"
#include "daemon/store/interruptible_call.hpp"
#include "daemon/store/sqlite.hpp"
#include "daemon/store/wal_catch_up.hpp"

namespace kioku::daemon {

namespace {

// A thread's connection for its snapshots, and the file it was opened on.
struct KeptConnection {
  std::string path;
  dev_t device = 0;
  ino_t inode = 0;
  std::unique_ptr<sqlite::Database> database;
  // Made at the first call of collection(); declared after the connection, so its statements
  // are finalized before the connection closes.
  std::unique_ptr<Collection> collection;
};

thread_local std::optional<KeptConnection> kept;
// A snapshot of the thread's is open: a second would end the first's transaction, or close the
// connection under it.
thread_local bool snapshot_open = false;

KeptConnection& connection_for(const std::string& path) {
  struct stat status {};
  const bool found = ::stat(path.c_str(), &status) == 0;
  if (kept && (!found || kept->path != path || kept->device != status.st_dev ||
               kept->inode != status.st_ino)) {
    kept.reset();
  }
  if (!kept) {
    auto database =
        std::make_unique<sqlite::Database>(path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
    // The busy timeout covers the moment a reader waits on a writer's checkpoint of the WAL.
    database->execute("PRAGMA busy_timeout = 5000");
    kept.emplace();
    kept->path = path;
    kept->device = found ? status.st_dev : 0;
    kept->inode = found ? status.st_ino : 0;
    kept->database = std::move(database);
  }
  return *kept;
}

}  // namespace

CollectionSnapshot::CollectionSnapshot(const std::string& path, std::int64_t wal_limit_bytes)
    : exceptions_at_start_(std::uncaught_exceptions()) {
  if (snapshot_open) throw std::logic_error("a collection snapshot inside another on one thread");
  KeptConnection& connection = connection_for(path);
  // It reads nothing of the file, whose damage is the check's to find: the transaction's
  // snapshot is taken at its first read. But behind a WAL that has not started again for long,
  // that first read is taken at once, on the WAL copied whole, which lets the next commit start
  // it again (wal_catch_up.hpp).
  try {
    connection.database->execute("BEGIN");
    begin_on_copied_wal(*connection.database, wal_limit_bytes, [&connection] {
      connection.database->execute("SELECT 1 FROM sqlite_schema LIMIT 1");
    });
  } catch (...) {
    kept.reset();
    throw;
  }
  // The card snapshots stay: they tell a commit of another connection themselves, and a
  // million of them take 0.6-1 s to read again (stats.report).
  if (connection.collection) connection.collection->forget_kept_but_card_snapshots();
  snapshot_open = true;
}

CollectionSnapshot::~CollectionSnapshot() {
  snapshot_open = false;
  // Reads only, so ending the transaction cannot lose anything. A snapshot an exception left
  // may have left a statement mid-way: the connection goes, and the next is opened afresh.
  if (!kept) return;
  try {
    kept->database->execute("ROLLBACK");
  } catch (const std::exception&) {
    kept.reset();
    return;
  }
  if (std::uncaught_exceptions() > exceptions_at_start_) kept.reset();
}

IntegrityReport CollectionSnapshot::check_integrity(int most_problems,
                                                    const std::function<void()>& keep_going) {
  return daemon::check_integrity(*kept->database, most_problems, keep_going);
}

void CollectionSnapshot::run_stoppable(const std::function<void()>& call,
                                       const std::function<void()>& keep_going,
                                       std::chrono::milliseconds interval) {
  run_interruptible(*kept->database, call, keep_going, interval);
}

Collection& CollectionSnapshot::collection() {
  if (!kept->collection) kept->collection = std::make_unique<Collection>(*kept->database);
  return *kept->collection;
}

}  // namespace kioku::daemon
