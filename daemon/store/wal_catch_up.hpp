// A read snapshot that lets the WAL start again. SQLite restarts a WAL (writes it again from
// its beginning, then cuts it back to journal_size_limit) only at a commit that finds it
// copied whole into the collection file and no reader using any of it. A snapshot pins the
// frames it began on, so searches back to back on the readers' thread, each begun on frames not
// yet copied, kept every checkpoint short of the end while answers were committed: the WAL grew
// by 361 MB in 40 s and never started again (docs/decisions.md, "Session 43", "Session 44").
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// How long a snapshot waits for the write lock to hold writers off, and holds it at most while
// it copies the last frames: a commit's fsync, not an import's transaction.
inline constexpr int kWalCatchUpLockWaitMs = 20;
// How long it waits at most for another connection's checkpoint of the WAL to end first.
inline constexpr int kWalCatchUpCopyWaitMs = 1000;

// How many frames, at most, are copied with writers held off: those committed between the
// copy before and the lock (a commit's or a few), not an import's hundreds of megabytes.
inline constexpr std::int64_t kWalCatchUpFramesCopiedHeld = 256;

// To be called in a snapshot's transaction on `reader` before its first read, which
// `begin_read` takes. When the WAL of `reader`'s collection has grown past `limit_bytes` (a
// restart would have cut it back to no more: kWalSizeLimitBytes), the WAL is copied into the
// file through a connection of the call's own, and then, with writers held off for the moment
// (a write transaction that writes nothing, waited for kWalCatchUpLockWaitMs at most), the
// frames committed meanwhile are copied, when no more than kWalCatchUpFramesCopiedHeld, and
// `begin_read` runs: the snapshot reads the file alone, and the next commit starts the WAL
// again. Returns true when `begin_read` ran so. Anything that stands in the way (a WAL that is
// small, a checkpoint or a long write transaction of another connection, a large commit, a
// reader of older frames, a file opened read-only, an error) leaves the snapshot to begin at
// its first read as before, with false: the copy only bounds the WAL, and nothing was written
// that could be lost. `before_holding`, when given, runs just before the write lock is asked
// for (a test's commit at that moment).
bool begin_on_copied_wal(sqlite::Database& reader, std::int64_t limit_bytes,
                         const std::function<void()>& begin_read,
                         const std::function<void()>& before_holding = {});

}  // namespace kioku::daemon
