// The collection at one moment, read through a connection of its own beside the server's thread
// (on the worker: doctor.check, deck.export; on the readers' thread: note.find, stats.report):
// whatever the server's connection commits meanwhile, every read sees the file as it was at
// the first, so a card's stored state and its log are compared as one.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "daemon/store/collection.hpp"
#include "daemon/store/collection_connection.hpp"
#include "daemon/store/integrity.hpp"

namespace kioku::daemon {

// One read transaction on `path`, which the destructor ends, through a read-only connection
// the calling thread keeps open between snapshots: opening one and preparing its collection's
// statements took 3-4 ms, ten times a note.find of a small collection. A connection is opened
// again when `path` names another file than it did (another path, or a file put in its
// place), and after a snapshot that an exception left. Its kept rows (note types, tags) are
// forgotten at each snapshot: other connections write the file between two. The statistics'
// card snapshots are kept, and read again whole once another connection has committed
// (kept_card_snapshots.hpp), so that stats.report reads a million cards only after a change.
// A WAL that has not started again for long is copied whole before the snapshot begins, so
// that snapshots back to back do not keep it growing (wal_catch_up.hpp).
// Used on one thread, one at a time (a second inside the first throws std::logic_error); not
// thread-safe. The connection holds SQLite's page cache (2 MB at most), and the card
// snapshots once read, between snapshots. Throws sqlite::SqliteError when the file cannot be
// opened.
class CollectionSnapshot {
 public:
  // `wal_limit_bytes`: a WAL file longer than this has not started again since it was, and the
  // snapshot begins on it copied whole when it can (wal_catch_up.hpp); tests make it small.
  explicit CollectionSnapshot(const std::string& path,
                              std::int64_t wal_limit_bytes = kWalSizeLimitBytes);
  ~CollectionSnapshot();
  CollectionSnapshot(const CollectionSnapshot&) = delete;
  CollectionSnapshot& operator=(const CollectionSnapshot&) = delete;

  // check_integrity() (integrity.hpp) of the file at the snapshot, stopped once `keep_going`,
  // called from another thread while it runs, throws what this then throws
  // (interruptible_call.hpp).
  IntegrityReport check_integrity(int most_problems, const std::function<void()>& keep_going);
  // Runs `call` (reads of collection()) while another thread asks `keep_going` every
  // `interval` whether to go on; once it throws, the statement running is interrupted and what
  // it threw is thrown here (interruptible_call.hpp).
  void run_stoppable(const std::function<void()>& call, const std::function<void()>& keep_going,
                     std::chrono::milliseconds interval);
  // The collection's reads at the snapshot, made at the first call on the connection: its
  // statements are prepared then, which a damaged schema refuses (sqlite::SqliteError), so ask
  // for it only once the file has passed the check.
  Collection& collection();

 private:
  int exceptions_at_start_;
};

}  // namespace kioku::daemon
