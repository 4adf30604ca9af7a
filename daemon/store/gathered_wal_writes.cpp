#include "daemon/store/gathered_wal_writes.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

namespace kioku::daemon::sqlite {
namespace {

// The most the platform's write passes on in one call: SQLite's unix VFS writes at most this
// many bytes of a buffer (it masks the length to 17 bits, as it writes a page at most) and
// calls a shorter write a full disk. A commit of more (an import's part) goes on in pieces of
// 31 frames of 4 KiB.
constexpr std::size_t kGatheredBytesLimit = 0x1ffff;
// SQLite writes a WAL frame's header apart from its page; nothing else it writes has this size.
constexpr int kFrameHeaderBytes = 24;

sqlite3_vfs* platform_vfs = nullptr;
sqlite3_vfs gathering_vfs{};

// The sqlite3_file SQLite allocates for a file of this VFS: this, then the platform's file.
// Only main databases, their WALs and the journals of statements and temporary files
// (journal_write) are opened so; every other file is the platform's own.
struct GatheringFile {
  sqlite3_file base;  // must stay first: SQLite sees this
  sqlite3_file* platform;
  // A database's WAL, or a WAL's database, while both are open.
  GatheringFile* partner = nullptr;
  // WALs only: the bytes written and not yet passed on, which start at pending_offset.
  std::vector<unsigned char> pending;
  sqlite3_int64 pending_offset = 0;
  // The frame header just gathered marked its frame as a transaction's commit.
  bool commit_frame_next = false;
  // WALs only: the end of the furthest write since the WAL last started again from its
  // header. A frame header written below it writes over one already written: SQLite's
  // rewrite of a transaction's checksums, which puts no page after it.
  sqlite3_int64 furthest_written = 0;
  // Databases only: whether the connection holds the WAL-index's write lock, taken through
  // xShmLock. A WAL gathers only then: with locking_mode=EXCLUSIVE SQLite takes no WAL-index
  // lock at all, and nothing would tell the end of a transaction.
  bool holds_write_lock = false;
  // WALs only: the failure of a write passed on. Gathered bytes of the transaction were lost
  // with it, which SQLite believes written (a read may have been what passed them on, and
  // SQLite takes a read's failure as one statement's): every later write, sync and read fails
  // with it, so the transaction cannot commit, until the connection lets go of its write lock.
  int failed = SQLITE_OK;
};

constexpr std::size_t kPlatformFileOffset =
    (sizeof(GatheringFile) + alignof(std::max_align_t) - 1) / alignof(std::max_align_t) *
    alignof(std::max_align_t);

GatheringFile* gathering(sqlite3_file* file) {
  return reinterpret_cast<GatheringFile*>(file);
}
sqlite3_file* platform_of(sqlite3_file* file) {
  return gathering(file)->platform;
}

// Passes the gathered bytes on in one write. They are dropped whatever the write gives: a
// failure is told by the call that asked for the write, and by every later one until the
// transaction has given up (GatheringFile::failed).
int pass_on(GatheringFile& wal) {
  if (wal.failed != SQLITE_OK) {
    wal.pending.clear();
    return wal.failed;
  }
  if (wal.pending.empty()) return SQLITE_OK;
  const int result = wal.platform->pMethods->xWrite(
      wal.platform, wal.pending.data(), static_cast<int>(wal.pending.size()), wal.pending_offset);
  wal.pending.clear();
  wal.failed = result;
  return result;
}

// The connection has let go of its write lock: a transaction that failed is over, and
// whatever it had gathered went on before.
void write_lock_let_go(GatheringFile& wal) {
  pass_on(wal);
  wal.failed = SQLITE_OK;
}

// WAL files.
int wal_close(sqlite3_file* file) {
  GatheringFile& wal = *gathering(file);
  const int passed = pass_on(wal);
  if (wal.partner) wal.partner->partner = nullptr;
  sqlite3_file* platform = wal.platform;
  const int closed = platform->pMethods ? platform->pMethods->xClose(platform) : SQLITE_OK;
  wal.~GatheringFile();
  return passed != SQLITE_OK ? passed : closed;
}

int wal_read(sqlite3_file* file, void* into, int bytes, sqlite3_int64 offset) {
  if (const int passed = pass_on(*gathering(file)); passed != SQLITE_OK) return passed;
  return platform_of(file)->pMethods->xRead(platform_of(file), into, bytes, offset);
}

std::uint32_t big_endian_32(const unsigned char* bytes) {
  return (std::uint32_t{bytes[0]} << 24) | (std::uint32_t{bytes[1]} << 16) |
         (std::uint32_t{bytes[2]} << 8) | std::uint32_t{bytes[3]};
}

int wal_write(sqlite3_file* file, const void* data, int bytes, sqlite3_int64 offset) {
  GatheringFile& wal = *gathering(file);
  if (wal.failed != SQLITE_OK) return wal.failed;
  if (wal.partner == nullptr || !wal.partner->holds_write_lock) {
    // Not between a write lock's taking and its letting go: written as it comes.
    if (const int passed = pass_on(wal); passed != SQLITE_OK) return passed;
    return wal.platform->pMethods->xWrite(wal.platform, data, bytes, offset);
  }
  const auto size = static_cast<std::size_t>(bytes);
  const bool follows =
      !wal.pending.empty() &&
      offset == wal.pending_offset + static_cast<sqlite3_int64>(wal.pending.size());
  if (!follows || wal.pending.size() + size > kGatheredBytesLimit) {
    if (const int passed = pass_on(wal); passed != SQLITE_OK) return passed;
  }
  if (size > kGatheredBytesLimit)
    return wal.platform->pMethods->xWrite(wal.platform, data, bytes, offset);
  const auto* first = static_cast<const unsigned char*>(data);
  try {
    wal.pending.insert(wal.pending.end(), first, first + size);
  } catch (const std::bad_alloc&) {
    // No room to gather (nothing may be thrown through SQLite's C): written as it comes.
    if (const int passed = pass_on(wal); passed != SQLITE_OK) return passed;
    return wal.platform->pMethods->xWrite(wal.platform, data, bytes, offset);
  }
  if (wal.pending.size() == size) wal.pending_offset = offset;
  // The WAL's own header, at 0, starts it again: every frame after it is new.
  if (offset == 0) wal.furthest_written = 0;
  const bool written_over = offset + bytes <= wal.furthest_written;
  wal.furthest_written = std::max(wal.furthest_written, offset + bytes);
  if (bytes == kFrameHeaderBytes) {
    // A commit frame's header gives the database's size after the commit; others give 0.
    wal.commit_frame_next = big_endian_32(first + 4) != 0;
    // Written over its frame, a commit's header is SQLite's last write of the commit (its
    // checksums rewritten): it goes on at once, so that its failure fails the commit. (Any
    // page that does follow, after another connection started the WAL again, goes on at once
    // too.)
    if (wal.commit_frame_next && written_over) return pass_on(wal);
    return SQLITE_OK;
  }
  // The page of a commit frame goes on at once: if it cannot be written, the commit learns it
  // from this call, before SQLite publishes the commit to other connections.
  const bool commit_frame = wal.commit_frame_next;
  wal.commit_frame_next = false;
  return commit_frame ? pass_on(wal) : SQLITE_OK;
}

int wal_truncate(sqlite3_file* file, sqlite3_int64 size) {
  GatheringFile& wal = *gathering(file);
  if (const int passed = pass_on(wal); passed != SQLITE_OK) return passed;
  wal.furthest_written = std::min(wal.furthest_written, size);
  return wal.platform->pMethods->xTruncate(wal.platform, size);
}

int wal_sync(sqlite3_file* file, int flags) {
  if (const int passed = pass_on(*gathering(file)); passed != SQLITE_OK) return passed;
  return platform_of(file)->pMethods->xSync(platform_of(file), flags);
}

int wal_file_size(sqlite3_file* file, sqlite3_int64* size) {
  if (const int passed = pass_on(*gathering(file)); passed != SQLITE_OK) return passed;
  return platform_of(file)->pMethods->xFileSize(platform_of(file), size);
}

int wal_file_control(sqlite3_file* file, int operation, void* argument) {
  if (const int passed = pass_on(*gathering(file)); passed != SQLITE_OK) return passed;
  return platform_of(file)->pMethods->xFileControl(platform_of(file), operation, argument);
}

// Main database files: their own methods, but the WAL's gathered bytes go on before the
// connection publishes a commit or lets go of a lock of the WAL-index.
int database_close(sqlite3_file* file) {
  GatheringFile& database = *gathering(file);
  if (database.partner) database.partner->partner = nullptr;
  sqlite3_file* platform = database.platform;
  const int closed = platform->pMethods ? platform->pMethods->xClose(platform) : SQLITE_OK;
  database.~GatheringFile();
  return closed;
}

int database_read(sqlite3_file* file, void* into, int bytes, sqlite3_int64 offset) {
  return platform_of(file)->pMethods->xRead(platform_of(file), into, bytes, offset);
}

int database_write(sqlite3_file* file, const void* data, int bytes, sqlite3_int64 offset) {
  return platform_of(file)->pMethods->xWrite(platform_of(file), data, bytes, offset);
}

int database_truncate(sqlite3_file* file, sqlite3_int64 size) {
  return platform_of(file)->pMethods->xTruncate(platform_of(file), size);
}

int database_sync(sqlite3_file* file, int flags) {
  return platform_of(file)->pMethods->xSync(platform_of(file), flags);
}

int database_file_size(sqlite3_file* file, sqlite3_int64* size) {
  return platform_of(file)->pMethods->xFileSize(platform_of(file), size);
}

int database_file_control(sqlite3_file* file, int operation, void* argument) {
  return platform_of(file)->pMethods->xFileControl(platform_of(file), operation, argument);
}

// Statement journals and temporary files' journals. SQLite keeps them in memory in chunks of
// SQLITE_CONFIG_STMTJRNL_SPILL's size and, past that size, writes each chunk whole: the platform
// writes at most kGatheredBytesLimit bytes and calls the rest a full disk. Written here in
// pieces it can take.
int journal_write(sqlite3_file* file, const void* data, int bytes, sqlite3_int64 offset) {
  constexpr int kPiece = static_cast<int>(kGatheredBytesLimit & ~std::size_t{0xfff});
  sqlite3_file* platform = platform_of(file);
  const auto* from = static_cast<const unsigned char*>(data);
  while (bytes > 0) {
    const int piece = std::min(bytes, kPiece);
    if (const int result = platform->pMethods->xWrite(platform, from, piece, offset);
        result != SQLITE_OK) {
      return result;
    }
    from += piece;
    offset += piece;
    bytes -= piece;
  }
  return SQLITE_OK;
}

// SQLite's WAL-index lock that a writer holds (WAL_WRITE_LOCK in wal.c).
constexpr int kWalWriteLock = 0;

int database_shm_lock(sqlite3_file* file, int offset, int count, int flags) {
  GatheringFile& database = *gathering(file);
  const bool write_lock = offset <= kWalWriteLock && kWalWriteLock < offset + count;
  if ((flags & SQLITE_SHM_UNLOCK) != 0 && write_lock) database.holds_write_lock = false;
  if ((flags & SQLITE_SHM_UNLOCK) != 0 && database.partner) {
    // Frames still gathered here belong to a transaction that rolled back (a commit's went on
    // with its commit frame): they go on while this connection still holds the write lock,
    // before another connection may write frames where they are. They are past the WAL's last
    // commit, so a failure to write them loses nothing.
    if (write_lock) {
      write_lock_let_go(*database.partner);
    } else {
      pass_on(*database.partner);
    }
  }
  const int result = database.platform->pMethods->xShmLock(database.platform, offset, count, flags);
  if (result == SQLITE_OK && write_lock && flags == (SQLITE_SHM_LOCK | SQLITE_SHM_EXCLUSIVE)) {
    database.holds_write_lock = true;
  }
  return result;
}

// Gathered frames go on before the database file's own lock is let go too. (A WAL gathers
// only while its connection holds the WAL-index's write lock, so nothing should be gathered
// here; this keeps it so if that ever changes.)
int database_unlock(sqlite3_file* file, int level) {
  GatheringFile& database = *gathering(file);
  if (database.partner) write_lock_let_go(*database.partner);
  return database.platform->pMethods->xUnlock(database.platform, level);
}

void database_shm_barrier(sqlite3_file* file) {
  GatheringFile& database = *gathering(file);
  // Nothing should be gathered here any more (a commit frame goes on with its page); if
  // something is, it goes on before other connections can learn of it.
  if (database.partner) pass_on(*database.partner);
  database.platform->pMethods->xShmBarrier(database.platform);
}

// What both kinds share: the platform's methods.
int shared_lock(sqlite3_file* file, int level) {
  return platform_of(file)->pMethods->xLock(platform_of(file), level);
}
int shared_unlock(sqlite3_file* file, int level) {
  return platform_of(file)->pMethods->xUnlock(platform_of(file), level);
}
int shared_check_reserved_lock(sqlite3_file* file, int* reserved) {
  return platform_of(file)->pMethods->xCheckReservedLock(platform_of(file), reserved);
}
int shared_sector_size(sqlite3_file* file) {
  return platform_of(file)->pMethods->xSectorSize(platform_of(file));
}
int shared_device_characteristics(sqlite3_file* file) {
  return platform_of(file)->pMethods->xDeviceCharacteristics(platform_of(file));
}
int shared_shm_map(sqlite3_file* file, int region, int region_size, int extend,
                   void volatile** mapped) {
  return platform_of(file)->pMethods->xShmMap(platform_of(file), region, region_size, extend,
                                              mapped);
}
int shared_shm_lock(sqlite3_file* file, int offset, int count, int flags) {
  return platform_of(file)->pMethods->xShmLock(platform_of(file), offset, count, flags);
}
void shared_shm_barrier(sqlite3_file* file) {
  platform_of(file)->pMethods->xShmBarrier(platform_of(file));
}
int shared_shm_unmap(sqlite3_file* file, int delete_flag) {
  return platform_of(file)->pMethods->xShmUnmap(platform_of(file), delete_flag);
}
int shared_fetch(sqlite3_file* file, sqlite3_int64 offset, int bytes, void** mapped) {
  return platform_of(file)->pMethods->xFetch(platform_of(file), offset, bytes, mapped);
}
int shared_unfetch(sqlite3_file* file, sqlite3_int64 offset, void* mapped) {
  return platform_of(file)->pMethods->xUnfetch(platform_of(file), offset, mapped);
}

const sqlite3_io_methods wal_methods = {
    3,
    wal_close,
    wal_read,
    wal_write,
    wal_truncate,
    wal_sync,
    wal_file_size,
    shared_lock,
    shared_unlock,
    shared_check_reserved_lock,
    wal_file_control,
    shared_sector_size,
    shared_device_characteristics,
    shared_shm_map,
    shared_shm_lock,
    shared_shm_barrier,
    shared_shm_unmap,
    shared_fetch,
    shared_unfetch,
};

constexpr sqlite3_io_methods database_methods = {
    3,
    database_close,
    database_read,
    database_write,
    database_truncate,
    database_sync,
    database_file_size,
    shared_lock,
    database_unlock,
    shared_check_reserved_lock,
    database_file_control,
    shared_sector_size,
    shared_device_characteristics,
    shared_shm_map,
    database_shm_lock,
    database_shm_barrier,
    shared_shm_unmap,
    shared_fetch,
    shared_unfetch,
};

// A journal's: a database's, but written in pieces and with the platform's own locking (a
// journal has no WAL-index).
constexpr sqlite3_io_methods journal_methods_from(sqlite3_io_methods methods) {
  methods.xWrite = journal_write;
  methods.xUnlock = shared_unlock;
  methods.xShmLock = shared_shm_lock;
  methods.xShmBarrier = shared_shm_barrier;
  return methods;
}
constexpr sqlite3_io_methods journal_methods = journal_methods_from(database_methods);

// The database whose WAL `name` is, when it was opened through this VFS and its WAL may gather.
// Without power-safe overwrite (psow=0) SQLite pads a commit to a sector's end, writing part
// of a frame after the commit's sync: written as it comes, such a WAL keeps SQLite's own
// order of writes and syncs.
GatheringFile* database_of_wal(const char* name) {
  if (name == nullptr) return nullptr;
  sqlite3_file* database = sqlite3_database_file_object(name);
  if (database == nullptr || database->pMethods != &database_methods) return nullptr;
  sqlite3_file* platform = gathering(database)->platform;
  if ((platform->pMethods->xDeviceCharacteristics(platform) & SQLITE_IOCAP_POWERSAFE_OVERWRITE) ==
      0) {
    return nullptr;
  }
  return gathering(database);
}

int gathering_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* file, int flags,
                   int* out_flags) {
  const bool main_database = (flags & SQLITE_OPEN_MAIN_DB) != 0;
  const bool journal = (flags & (SQLITE_OPEN_SUBJOURNAL | SQLITE_OPEN_TEMP_JOURNAL)) != 0;
  GatheringFile* database = (flags & SQLITE_OPEN_WAL) != 0 ? database_of_wal(name) : nullptr;
  if (!main_database && !journal && database == nullptr) {
    // Any other file is the platform's own, in the room SQLite gave this VFS's file.
    return platform_vfs->xOpen(platform_vfs, name, file, flags, out_flags);
  }
  auto* opened = new (file) GatheringFile{};
  opened->platform =
      reinterpret_cast<sqlite3_file*>(reinterpret_cast<char*>(file) + kPlatformFileOffset);
  const int result = platform_vfs->xOpen(platform_vfs, name, opened->platform, flags, out_flags);
  const sqlite3_io_methods* platform_methods = opened->platform->pMethods;
  if (platform_methods == nullptr) {
    opened->~GatheringFile();
    file->pMethods = nullptr;
    return result;
  }
  // The methods used here from version 3 on are missing from older tables: such a file
  // (none on Linux's default VFS) would have been refused WAL mode anyway.
  if (platform_methods->iVersion < 3) {
    // Keep the platform's file, but it cannot move: close it and open it in place, unwrapped.
    platform_methods->xClose(opened->platform);
    opened->~GatheringFile();
    return platform_vfs->xOpen(platform_vfs, name, file, flags, out_flags);
  }
  if (database != nullptr) {
    opened->partner = database;
    database->partner = opened;
    opened->base.pMethods = &wal_methods;
  } else if (journal) {
    opened->base.pMethods = &journal_methods;
  } else {
    opened->base.pMethods = &database_methods;
  }
  return result;
}

int gathering_delete(sqlite3_vfs*, const char* name, int sync_directory) {
  return platform_vfs->xDelete(platform_vfs, name, sync_directory);
}
int gathering_access(sqlite3_vfs*, const char* name, int flags, int* result) {
  return platform_vfs->xAccess(platform_vfs, name, flags, result);
}
int gathering_full_pathname(sqlite3_vfs*, const char* name, int size, char* out) {
  return platform_vfs->xFullPathname(platform_vfs, name, size, out);
}
void* gathering_dl_open(sqlite3_vfs*, const char* name) {
  return platform_vfs->xDlOpen(platform_vfs, name);
}
void gathering_dl_error(sqlite3_vfs*, int size, char* message) {
  platform_vfs->xDlError(platform_vfs, size, message);
}
void (*gathering_dl_sym(sqlite3_vfs*, void* handle, const char* symbol))(void) {
  return platform_vfs->xDlSym(platform_vfs, handle, symbol);
}
void gathering_dl_close(sqlite3_vfs*, void* handle) {
  platform_vfs->xDlClose(platform_vfs, handle);
}
int gathering_randomness(sqlite3_vfs*, int size, char* out) {
  return platform_vfs->xRandomness(platform_vfs, size, out);
}
int gathering_sleep(sqlite3_vfs*, int microseconds) {
  return platform_vfs->xSleep(platform_vfs, microseconds);
}
int gathering_current_time(sqlite3_vfs*, double* now) {
  return platform_vfs->xCurrentTime(platform_vfs, now);
}
int gathering_get_last_error(sqlite3_vfs*, int size, char* message) {
  return platform_vfs->xGetLastError(platform_vfs, size, message);
}
int gathering_current_time_int64(sqlite3_vfs*, sqlite3_int64* now) {
  return platform_vfs->xCurrentTimeInt64(platform_vfs, now);
}
int gathering_set_system_call(sqlite3_vfs*, const char* name, sqlite3_syscall_ptr call) {
  return platform_vfs->xSetSystemCall(platform_vfs, name, call);
}
sqlite3_syscall_ptr gathering_get_system_call(sqlite3_vfs*, const char* name) {
  return platform_vfs->xGetSystemCall(platform_vfs, name);
}
const char* gathering_next_system_call(sqlite3_vfs*, const char* name) {
  return platform_vfs->xNextSystemCall(platform_vfs, name);
}

}  // namespace

bool gather_wal_writes() noexcept {
  static std::once_flag registered;
  std::call_once(registered, [] {
    sqlite3_vfs* platform = sqlite3_vfs_find(nullptr);
    // The methods forwarded from version 3 on (system calls) must be there to forward.
    if (platform == nullptr || platform->iVersion < 3) return;
    platform_vfs = platform;
    gathering_vfs.iVersion = 3;
    gathering_vfs.szOsFile = static_cast<int>(kPlatformFileOffset) + platform->szOsFile;
    gathering_vfs.mxPathname = platform->mxPathname;
    gathering_vfs.zName = "kioku-gathered-wal";
    gathering_vfs.xOpen = gathering_open;
    gathering_vfs.xDelete = gathering_delete;
    gathering_vfs.xAccess = gathering_access;
    gathering_vfs.xFullPathname = gathering_full_pathname;
    gathering_vfs.xDlOpen = gathering_dl_open;
    gathering_vfs.xDlError = gathering_dl_error;
    gathering_vfs.xDlSym = gathering_dl_sym;
    gathering_vfs.xDlClose = gathering_dl_close;
    gathering_vfs.xRandomness = gathering_randomness;
    gathering_vfs.xSleep = gathering_sleep;
    gathering_vfs.xCurrentTime = gathering_current_time;
    gathering_vfs.xGetLastError = gathering_get_last_error;
    gathering_vfs.xCurrentTimeInt64 = gathering_current_time_int64;
    gathering_vfs.xSetSystemCall = gathering_set_system_call;
    gathering_vfs.xGetSystemCall = gathering_get_system_call;
    gathering_vfs.xNextSystemCall = gathering_next_system_call;
    sqlite3_vfs_register(&gathering_vfs, 1);
  });
  return platform_vfs != nullptr;
}

}  // namespace kioku::daemon::sqlite
