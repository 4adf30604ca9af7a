// Copies of the collection: before a migration changes it (backup_database, on the daemon's
// own connection), and `kioku backup` (backup_collection_file, on a connection of its own, so it
// may run on a worker thread while the daemon goes on serving; docs/backup.md).
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "core/time.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// Copies the whole of `source` over `target` with SQLite's online backup API, written as one
// transaction of `target`. Without `copied`, in one step, which reads one snapshot of `source`
// whatever other connections commit meanwhile. With it, in steps, told before each the pages
// copied of all, and all of them before the last (which commits: nothing is told after it),
// inside one read transaction of `source` (its own, unless the caller holds one), as the backup
// API starts again after another connection's change. When it throws, `target`'s transaction is
// rolled back and that goes on. Throws sqlite::SqliteError with `failure` when the copy cannot be
// made.
void copy_database(sqlite::Database& source, sqlite::Database& target, const std::string& failure,
                   const std::function<void(int copied, int total)>& copied = {});

// copy_database() into a new file `destination`.
void backup_database(sqlite::Database& database, const std::string& destination);

// Removes the database file at `path` with the journal, WAL and shared-memory files SQLite may
// have left beside it; whether the file itself was there.
bool remove_database_files(const std::string& path) noexcept;

// A scratch database file (a copy being made, a staging file): removed with the files beside it
// (remove_database_files) when made and when destroyed.
class ScratchDatabaseFile {
 public:
  explicit ScratchDatabaseFile(std::string path) : path_(std::move(path)) {
    remove_database_files(path_);
  }
  ~ScratchDatabaseFile() { remove_database_files(path_); }
  ScratchDatabaseFile(const ScratchDatabaseFile&) = delete;
  ScratchDatabaseFile& operator=(const ScratchDatabaseFile&) = delete;
  const std::string& path() const noexcept { return path_; }

 private:
  std::string path_;
};

// How much a collection holds.
struct CollectionCounts {
  std::int64_t cards = 0;
  std::int64_t notes = 0;
  std::int64_t reviews = 0;
};

// The counts of `database`, a kioku collection of any schema version (notes came with
// version 7; before it, 0).
CollectionCounts count_collection(sqlite::Database& database);

// What a backup wrote.
struct BackupFile {
  std::string path;
  std::int64_t bytes = 0;
  CollectionCounts counts;  // read from the copy itself
};

// Told the pages a backup has copied of all, before each step of 4,096 (copy_database), and
// all of them again once the copy is synced, before it takes its name; may throw
// (kioku::WorkCancelled) to stop it, and then nothing is left of it.
using BackupCopied = std::function<void(int copied, int total)>;

// Copies the collection at `collection_path` to `destination` through a read-only connection
// of its own, which reads one snapshot (WAL lets the daemon's connection commit meanwhile): in
// one step of the backup API, or in steps told to `copied` inside one read transaction. The copy is
// written under a temporary name in the destination's directory, fsynced, and only then given its
// name, so the name never holds half a backup. An existing `destination` is replaced only when
// `replace`; otherwise kioku::Error kConflict. Safe on any thread: it never touches the daemon's
// connection. Throws kioku::Error naming the file on failure, leaving nothing behind.
BackupFile backup_collection_file(const std::string& collection_path,
                                  const std::string& destination, bool replace,
                                  const BackupCopied& copied = {});

// Whether `destination` is the collection at `collection_path` or one of the files kept beside
// it (its -wal, -shm, -journal and .restoring, kiokud.lock), by its directory's real path or as
// another link to one of them: a file renamed over one of them destroys the collection.
bool is_collection_destination(const std::string& collection_path, const std::string& destination);

// Throws kioku::Error (kInvalidInput) when is_collection_destination(): a backup renamed over
// the open collection would leave kiokud writing a file that is no longer the collection's.
void refuse_collection_destination(const std::string& collection_path,
                                   const std::string& destination);

// Whether the open file `file` (fstat's) is the collection at `collection_path` or one of the
// files refuse_collection_destination() names: a descriptor a client passes to be written
// (deck.export) must be none of them.
bool is_collection_file(const std::string& collection_path, const struct stat& file);

// backup_collection_file() into `directory` (made when missing) under a new name
// `<stem>-YYYYMMDD-HHMMSS.sqlite` (UTC, from `now`; "-2", "-3"... when that is taken). Never
// replaces a file; one copy is made whatever name it takes.
BackupFile backup_into_directory(const std::string& collection_path, const std::string& directory,
                                 const std::string& stem, TimestampMs now,
                                 const BackupCopied& copied = {});

// A backup file found in a directory.
struct FoundBackup {
  std::string path;
  TimestampMs modified = 0;
};

// The most recently written `*.sqlite` file in `directory` (kioku backup's, a migration's, a
// restore's keeping): what `kioku daemon status` calls the last backup. Nullopt when there is
// none, or no such directory.
std::optional<FoundBackup> newest_backup(const std::string& directory);

// Where the backups of the collection in `data_directory` go: kioku backup's default, the
// copies migrations keep, and what daemon status reads.
inline std::string backups_directory(const std::string& data_directory) {
  return data_directory + "/backups";
}

}  // namespace kioku::daemon
