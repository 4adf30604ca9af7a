// A read snapshot that lets the WAL start again (daemon/store/wal_catch_up.hpp).
#include "daemon/store/wal_catch_up.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <thread>

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

enum class Copy { whole, short_of_the_end, elsewhere };

// A PASSIVE checkpoint, which waits for nobody: whether every frame of the WAL is in the
// collection file now, or a reader of frames not copied stopped it short, or another
// connection's checkpoint runs (the server's own, copying the same frames).
Copy copy_wal(sqlite::Database& database) {
  int frames = -1;
  int copied = -1;
  const int status = sqlite3_wal_checkpoint_v2(database.handle(), "main", SQLITE_CHECKPOINT_PASSIVE,
                                               &frames, &copied);
  if (status == SQLITE_BUSY) return Copy::elsewhere;
  return status == SQLITE_OK && frames >= 0 && frames == copied ? Copy::whole
                                                                : Copy::short_of_the_end;
}

// copy_wal() until no other checkpoint is in its way or `deadline` has come: SQLite has no
// wait for another connection's checkpoint, so it is tried again each millisecond.
Copy copy_wal_by(sqlite::Database& database, std::chrono::steady_clock::time_point deadline) {
  Copy copy = copy_wal(database);
  while (copy == Copy::elsewhere && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    copy = copy_wal(database);
  }
  return copy;
}

// The WAL's frames not yet copied into the collection file, from the header of SQLite's
// wal-index (the -shm file beside the WAL; its layout is SQLite's file format, walformat.html):
// mxFrame, the last valid frame, at byte 16, and nBackfill, the frames copied, at byte 96, both
// in the machine's byte order. Nothing when it cannot be read.
std::optional<std::int64_t> frames_not_copied(const std::string& wal_path) {
  const std::string shm_path = wal_path.substr(0, wal_path.size() - 3) + "shm";
  const int descriptor = ::open(shm_path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return std::nullopt;
  std::array<unsigned char, 100> header{};
  const ssize_t read = ::pread(descriptor, header.data(), header.size(), 0);
  ::close(descriptor);
  if (read != static_cast<ssize_t>(header.size())) return std::nullopt;
  std::uint32_t last_frame = 0;
  std::uint32_t copied = 0;
  std::memcpy(&last_frame, header.data() + 16, sizeof last_frame);
  std::memcpy(&copied, header.data() + 96, sizeof copied);
  return static_cast<std::int64_t>(last_frame) - static_cast<std::int64_t>(copied);
}

}  // namespace

bool begin_on_copied_wal(sqlite::Database& reader, std::int64_t limit_bytes,
                         const std::function<void()>& begin_read,
                         const std::function<void()>& before_holding) {
  const std::string wal_path = reader.wal_path();
  if (wal_path.empty()) return false;
  struct stat wal {};
  if (::stat(wal_path.c_str(), &wal) != 0 || wal.st_size <= limit_bytes) return false;
  try {
    // A checkpoint cannot run on a connection in a transaction: one connection copies, another
    // holds the write lock.
    sqlite::Database copier(reader.path(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
    if (copier.read_only()) return false;
    // Its first read finds the file in WAL mode, which a checkpoint needs to know.
    copier.execute("SELECT 1 FROM sqlite_schema LIMIT 1");
    // Most of the WAL, with writers going on, so that the moment they are held off for is
    // short. The server's own checkpoint, which runs at once past its mark while answers come,
    // copies the same frames: it is let finish, now that no snapshot stops it short. Twice:
    // the second copies what was committed during the first, which may have copied many
    // megabytes, and leaves the fewest frames for the moment writers wait.
    const auto start = std::chrono::steady_clock::now();
    for (int pass = 0; pass < 2; ++pass) {
      copy_wal_by(copier, start + std::chrono::milliseconds(kWalCatchUpCopyWaitMs));
    }
    if (before_holding) before_holding();
    sqlite::Database holder(reader.path(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
    holder.execute("PRAGMA busy_timeout = " + std::to_string(kWalCatchUpLockWaitMs));
    holder.execute("BEGIN IMMEDIATE");
    // A large commit just before the lock was had (an import's, on the worker's connection)
    // would be copied whole while every writer waits, for seconds: then the snapshot begins as
    // before. With the lock held no commit can add frames, so the count read is the count copied.
    const std::optional<std::int64_t> left = frames_not_copied(wal_path);
    bool began = false;
    if (left && *left <= kWalCatchUpFramesCopiedHeld &&
        copy_wal_by(copier, std::chrono::steady_clock::now() +
                                std::chrono::milliseconds(kWalCatchUpLockWaitMs)) == Copy::whole) {
      begin_read();
      began = true;
    }
    holder.execute("ROLLBACK");
    return began;
  } catch (const std::exception&) {
    // The write lock not had in time, or the file not writable here: the snapshot begins as it
    // would have. A write transaction left open ends with the connection, writing nothing.
    return false;
  }
}

}  // namespace kioku::daemon
