// The online backup API, page by page into a new file; kioku backup's copies go through a
// temporary name, fsync and a link or rename, so a crash never leaves half a backup under the
// final name.
#include "daemon/store/backup.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <vector>

#include "core/error.hpp"
#include "core/fill_in.hpp"
#include "core/system_error_reason.hpp"
#include "core/work_progress.hpp"
#include "daemon/store/restore.hpp"
#include "daemon/store/sqlite.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

// errno's reason, in both languages.
BilingualMessage system_reason() {
  return system_error_reason(errno);
}

// Makes what was written to `path` (a file or a directory) durable.
void sync_path(const std::string& path, int flags) {
  const int descriptor = ::open(path.c_str(), flags | O_CLOEXEC);
  if (descriptor < 0) {
    throw Error(ErrorCode::kStorage, bilingual_with("cannot open {path} to sync it: {reason}",
                                                    "{path} を同期のために開けません: {reason}",
                                                    "reason", system_reason(), {{"path", path}}));
  }
  const int synced = ::fsync(descriptor);
  const BilingualMessage reason = synced != 0 ? system_reason() : BilingualMessage{};
  ::close(descriptor);
  if (synced != 0) {
    throw Error(ErrorCode::kStorage,
                bilingual_with("cannot sync {path}: {reason}", "{path} を同期できません: {reason}",
                               "reason", reason, {{"path", path}}));
  }
}

bool exists(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

// A name beside `destination` that nothing else uses: this process's id and a counter.
std::string temporary_name(const std::string& destination) {
  static std::atomic<std::uint64_t> counter{0};
  const std::string directory = protocol::parent_directory(destination);
  const std::size_t slash = destination.find_last_of('/');
  const std::string base = slash == std::string::npos ? destination : destination.substr(slash + 1);
  return directory + "/." + base + "." + std::to_string(::getpid()) + "." +
         std::to_string(++counter) + ".partial";
}

// Copies the collection into `path` and returns what the copy holds.
CollectionCounts copy_collection(const std::string& collection_path, const std::string& path,
                                 const BackupCopied& copied) {
  sqlite::Database source(collection_path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
  source.execute("PRAGMA busy_timeout = 5000");
  sqlite::Database target(path);
  copy_database(source, target, "backup to " + path + " failed", copied);
  // The copy stands alone: out of WAL mode, reading it later leaves no -wal or -shm beside it.
  target.execute("PRAGMA journal_mode = DELETE");
  return count_collection(target);
}

std::string utc_stamp(TimestampMs now) {
  const std::time_t seconds = static_cast<std::time_t>(now / 1000);
  std::tm parts{};
  ::gmtime_r(&seconds, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &parts);
  return text;
}

// `path` with its directory's real path: the name itself is left as it is, as a rename over it
// replaces a link by that name rather than what it points to.
std::string in_real_directory(const std::string& path) {
  const std::filesystem::path given(path);
  std::error_code error;
  const std::filesystem::path directory =
      std::filesystem::canonical(given.has_parent_path() ? given.parent_path() : ".", error);
  return error ? path : (directory / given.filename()).string();
}

}  // namespace

namespace {

// The collection's files by their directories' real paths, and by the path as given.
std::vector<std::string> collection_files(const std::string& collection_path) {
  std::vector<std::string> own;
  std::vector<std::string> collections = {collection_path};
  std::error_code error;
  const std::filesystem::path target = std::filesystem::canonical(collection_path, error);
  if (!error) collections.push_back(target.string());
  for (const std::string& collection : collections) {
    const std::string real = in_real_directory(collection);
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) own.push_back(real + suffix);
    own.push_back(restore_staging_path(real));
    own.push_back(protocol::parent_directory(real) + "/kiokud.lock");
  }
  return own;
}

// Whether `file` is one of `own` (a hard link of it too).
bool same_as_one_of(const std::vector<std::string>& own, const struct stat& file) {
  for (const std::string& path : own) {
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && info.st_dev == file.st_dev &&
        info.st_ino == file.st_ino) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool is_collection_file(const std::string& collection_path, const struct stat& file) {
  return same_as_one_of(collection_files(collection_path), file);
}

bool is_collection_destination(const std::string& collection_path, const std::string& destination) {
  const std::vector<std::string> own = collection_files(collection_path);
  if (std::find(own.begin(), own.end(), in_real_directory(destination)) != own.end()) return true;
  // Another name (a hard link) of one of them; not a symbolic link, which a rename replaces
  // rather than what it points to.
  struct stat named {};
  return ::lstat(destination.c_str(), &named) == 0 && same_as_one_of(own, named);
}

void refuse_collection_destination(const std::string& collection_path,
                                   const std::string& destination) {
  if (is_collection_destination(collection_path, destination)) {
    throw Error(ErrorCode::kInvalidInput,
                bilingual("cannot back up to {destination}: it is kiokud's open collection, or a "
                          "file kept beside it; name another file",
                          "{destination} にはバックアップできません: kiokud "
                          "が開いているコレクションか、その隣に置かれたファイルです。別のファイル"
                          "を指定してください",
                          {{"destination", destination}}));
  }
}

void copy_database(sqlite::Database& source, sqlite::Database& target, const std::string& failure,
                   const std::function<void(int copied, int total)>& copied) {
  sqlite3_backup* backup = sqlite3_backup_init(target.handle(), "main", source.handle(), "main");
  if (backup == nullptr) target.fail(sqlite3_errcode(target.handle()), "cannot start: " + failure);
  // 4,096 pages a step (16 MiB at the 4 KiB pages of kioku's collections): a tenth of a second
  // or so between reports.
  const int pages_a_step = copied ? 4096 : -1;
  // Steps read one snapshot: a read transaction of the source's own, held across them unless
  // the caller holds one (the backup API would start again after another connection's commit).
  const bool holds_snapshot = copied && sqlite3_get_autocommit(source.handle()) != 0;
  if (holds_snapshot) source.execute("BEGIN; SELECT count(*) FROM sqlite_schema;");
  int result = SQLITE_OK;
  try {
    if (!copied) {
      result = sqlite3_backup_step(backup, pages_a_step);
    } else {
      // Told before each step, never after the last: that step also commits, and a report
      // after it could stop a copy already made. The step that will end the copy is told as
      // all of it.
      sqlite::Statement page_count = source.prepare("PRAGMA page_count");
      const auto total = static_cast<int>(sqlite::integer_result(page_count));
      int remaining = total;
      do {
        copied(remaining <= pages_a_step ? total : total - remaining, total);
        result = sqlite3_backup_step(backup, pages_a_step);
        remaining = sqlite3_backup_remaining(backup);
      } while (result == SQLITE_OK);
    }
  } catch (...) {
    // Unfinished, the backup's write transaction on `target` is rolled back.
    sqlite3_backup_finish(backup);
    if (holds_snapshot) sqlite3_exec(source.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  sqlite3_backup_finish(backup);
  if (holds_snapshot) source.execute("COMMIT");
  if (result != SQLITE_DONE) target.fail(result, failure);
}

void backup_database(sqlite::Database& database, const std::string& destination) {
  sqlite::Database target(destination);
  copy_database(database, target, "backup to " + destination + " failed");
}

bool remove_database_files(const std::string& path) noexcept {
  const bool there = ::unlink(path.c_str()) == 0;
  for (const char* suffix : {"-journal", "-wal", "-shm"}) ::unlink((path + suffix).c_str());
  return there;
}

CollectionCounts count_collection(sqlite::Database& database) {
  const auto count = [&](const std::string& table) {
    if (!sqlite::has_table(database, table)) return std::int64_t{0};
    sqlite::Statement statement = database.prepare("SELECT count(*) FROM " + table);
    return sqlite::integer_result(statement);
  };
  return CollectionCounts{count("cards"), count("notes"), count("revlog")};
}

namespace {

BilingualMessage already_exists(const std::string& destination) {
  return bilingual("{destination} already exists; name another file, or use --force to replace it",
                   "{destination} はすでにあります。別のファイルを指定するか、置き換えるなら "
                   "--force を使ってください",
                   {{"destination", destination}});
}

// Backing up to `destination` failed for `reason`, in each language its own.
Error cannot_back_up(const std::string& destination, const BilingualMessage& reason) {
  return Error(
      ErrorCode::kStorage,
      BilingualMessage{fill_in("cannot back up to {destination}: {reason}",
                               {{"destination", destination}, {"reason", reason.english}}),
                       fill_in("{destination} にバックアップできません: {reason}",
                               {{"destination", destination}, {"reason", reason.japanese}})});
}

// Copies the collection into `temporary` and syncs it; what the copy holds. `destination` is
// the name the copy is for, in messages.
CollectionCounts make_synced_copy(const std::string& collection_path, const std::string& temporary,
                                  const std::string& destination, const BackupCopied& copied) {
  CollectionCounts counts;
  int pages = 0;
  const BackupCopied told = !copied ? BackupCopied{} : [&](int done, int total) {
    pages = total;
    copied(done, total);
  };
  try {
    counts = copy_collection(collection_path, temporary, told);
  } catch (const WorkCancelled&) {
    throw;  // its client left: not a failure of the disk
  } catch (const Error& error) {
    throw cannot_back_up(destination, error.message());
  } catch (const std::exception& error) {
    throw cannot_back_up(destination, same_in_both(error.what()));
  }
  sync_path(temporary, O_RDONLY);
  // All of it was told before the copy's last step; a client gone since (the last step, the
  // counts and the sync take seconds on a large collection) still stops the backup before it
  // takes a name.
  if (copied) copied(pages, pages);
  return counts;
}

Error cannot_write(const std::string& destination, const BilingualMessage& reason) {
  return Error(ErrorCode::kStorage,
               bilingual_with("cannot write {destination}: {reason}",
                              "{destination} を書き込めません: {reason}", "reason", reason,
                              {{"destination", destination}}));
}

// Gives the synced copy at `temporary` the name `destination`: a rename when `replace`, else a
// link, which fails (false) rather than replace a file that took the name meanwhile.
bool give_name(const std::string& temporary, const std::string& destination, bool replace) {
  if (replace) {
    if (::rename(temporary.c_str(), destination.c_str()) != 0) {
      throw cannot_write(destination, system_reason());
    }
    return true;
  }
  if (::link(temporary.c_str(), destination.c_str()) == 0) return true;
  const int reason = errno;
  if (reason == EEXIST) return false;
  throw cannot_write(destination, system_error_reason(reason));
}

// What the backup named `destination` is, once its directory holds the name durably.
BackupFile named_backup(const std::string& destination, const CollectionCounts& counts) {
  sync_path(protocol::parent_directory(destination), O_RDONLY | O_DIRECTORY);
  BackupFile written;
  written.path = destination;
  written.counts = counts;
  struct stat info {};
  if (::stat(destination.c_str(), &info) == 0) {
    written.bytes = static_cast<std::int64_t>(info.st_size);
  }
  return written;
}

}  // namespace

BackupFile backup_collection_file(const std::string& collection_path,
                                  const std::string& destination, bool replace,
                                  const BackupCopied& copied) {
  refuse_collection_destination(collection_path, destination);
  if (!replace && exists(destination))
    throw Error(ErrorCode::kConflict, already_exists(destination));
  const ScratchDatabaseFile temporary(temporary_name(destination));
  const CollectionCounts counts =
      make_synced_copy(collection_path, temporary.path(), destination, copied);
  if (!give_name(temporary.path(), destination, replace)) {
    throw Error(ErrorCode::kConflict, already_exists(destination));
  }
  return named_backup(destination, counts);
}

BackupFile backup_into_directory(const std::string& collection_path, const std::string& directory,
                                 const std::string& stem, TimestampMs now,
                                 const BackupCopied& copied) {
  protocol::make_directories(directory);
  const std::string base = directory + "/" + stem + "-" + utc_stamp(now);
  const std::string first_name = base + ".sqlite";
  refuse_collection_destination(collection_path, first_name);
  // One copy, whatever name it takes: a name taken meanwhile (two backups in one second) is
  // looked for again, not copied again.
  const ScratchDatabaseFile temporary(temporary_name(first_name));
  const CollectionCounts counts =
      make_synced_copy(collection_path, temporary.path(), first_name, copied);
  for (int attempt = 1; attempt <= 1000; ++attempt) {
    const std::string name =
        attempt == 1 ? first_name : base + "-" + std::to_string(attempt) + ".sqlite";
    if (!exists(name) && give_name(temporary.path(), name, false)) {
      return named_backup(name, counts);
    }
  }
  throw Error(ErrorCode::kConflict, already_exists(base + "-1000.sqlite"));
}

std::optional<FoundBackup> newest_backup(const std::string& directory) {
  std::error_code error;
  std::optional<FoundBackup> newest;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
    const std::string path = entry.path().string();
    if (!path.ends_with(".sqlite")) continue;
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) continue;
    const TimestampMs modified =
        static_cast<TimestampMs>(status.st_mtim.tv_sec) * 1000 + status.st_mtim.tv_nsec / 1'000'000;
    // Equal times (two backups within a millisecond) go to the later name, which sorts later.
    if (!newest || modified > newest->modified ||
        (modified == newest->modified && path > newest->path)) {
      newest = FoundBackup{path, modified};
    }
  }
  return newest;
}

}  // namespace kioku::daemon
