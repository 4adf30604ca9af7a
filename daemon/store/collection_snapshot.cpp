// The collection at one moment (daemon/store/collection_snapshot.hpp).
#include "daemon/store/collection_snapshot.hpp"

#include <sys/stat.h>

#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "daemon/store/collection_connection.hpp"
#include "daemon/store/integrity.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// A thread's connection for its snapshots, and the file it was opened on.
struct KeptConnection {
  std::string path;
  dev_t device = 0;
  ino_t inode = 0;
  std::unique_ptr<sqlite::Database> database;
  // For checkpoints only (copy_wal_before_reading), opened when first needed: the read-only
  // connection cannot write the file.
  std::unique_ptr<sqlite::Database> checkpointer;
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

// Copies the WAL into the file through the connection's checkpointer, and cuts it to nothing
// when all of it was copied and nobody is on it.
void checkpoint_whole_wal(KeptConnection& connection) {
  if (!connection.checkpointer) {
    connection.checkpointer = std::make_unique<sqlite::Database>(
        connection.path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
    // A new connection learns that the file is in WAL mode at its first read.
    connection.checkpointer->prepare("SELECT count(*) FROM sqlite_schema").step();
  }
  sqlite3* handle = connection.checkpointer->handle();
  int in_wal = 0;
  int copied = 0;
  if (sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_PASSIVE, &in_wal, &copied) ==
          SQLITE_OK &&
      copied == in_wal) {
    sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
  }
}

// A snapshot begun while the WAL holds frames not yet copied into the file reads through the
// WAL and keeps it from starting again at its beginning until the snapshot ends. Snapshots back
// to back on this thread (a client searching again and again) beside writes then kept it from
// ever starting again: it grew by what was written, 360 MB in 40 s beside steady note edits.
// So once the WAL is past the length its restarts keep (kWalSizeLimitBytes), whatever it holds
// is copied into the file first, and the WAL cut to nothing when nobody is on it: the snapshot
// then reads the file alone, and writers start the WAL again meanwhile. A PASSIVE checkpoint
// waits for no lock, and the cut is refused at once (no busy handler) when a reader or a writer
// is on the WAL, so no answer waits for either; what they leave, the next snapshot tries again.
void copy_wal_before_reading(KeptConnection& connection) {
  const char* wal_path =
      sqlite3_filename_wal(sqlite3_db_filename(connection.database->handle(), "main"));
  struct stat wal {};
  if (wal_path == nullptr || ::stat(wal_path, &wal) != 0 || wal.st_size <= kWalSizeLimitBytes) {
    return;
  }
  // Not copied is no worse than before: the snapshot reads through the WAL.
  try {
    checkpoint_whole_wal(connection);
  } catch (const sqlite::SqliteError&) {
    connection.checkpointer.reset();
  }
}

}  // namespace

CollectionSnapshot::CollectionSnapshot(const std::string& path)
    : exceptions_at_start_(std::uncaught_exceptions()) {
  if (snapshot_open) throw std::logic_error("a collection snapshot inside another on one thread");
  KeptConnection& connection = connection_for(path);
  // It reads nothing of the file, whose damage is the check's to find: the transaction's
  // snapshot is taken at its first read.
  try {
    copy_wal_before_reading(connection);
    connection.database->execute("BEGIN");
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

Collection& CollectionSnapshot::collection() {
  if (!kept->collection) kept->collection = std::make_unique<Collection>(*kept->database);
  return *kept->collection;
}

}  // namespace kioku::daemon
