// A VFS over the platform's that gathers a connection's writes to its WAL into one write.
//
// SQLite writes a WAL frame as two pwrites, its 24-byte header and its page: an answer's
// commit of about 20 pages made 41 write syscalls before its fdatasync, some 80 us of the
// answer's 300 on this machine. Gathered, they are one pwrite of the same bytes at the same
// offsets, made before anything could need them in the file:
// - before the WAL is synced, read, truncated, sized or closed through this connection;
// - with the page of a commit frame (whose header gives the database's size), so that a
//   failed write fails the commit itself, before SQLite publishes it in the WAL-index; and
//   with a commit frame's header written over its frame (SQLite rewriting a commit's
//   checksums), which has no page after it;
// - in the shared-memory barrier of the WAL-index's publishing, should anything be left;
// - before the connection lets go of any WAL-index lock (or of the database file's own lock),
//   so that frames of a transaction that rolled back never land over frames another
//   connection wrote after it.
// A write that fails fails every later write, sync and read of the WAL until the connection
// lets go of its write lock: the bytes lost with it were the transaction's, which must not
// commit without them. A WAL gathers only while its connection holds the WAL-index's write
// lock (never with locking_mode=EXCLUSIVE, which takes none) and only over a device with
// power-safe overwrite (SQLite's default; with psow=0 it pads commits after their sync).
// What reaches the disk, and when it is durable, is unchanged: SQLite's own writes reach only
// the OS's cache until its fsync, and the fsync still comes after every one of them.
// docs/decisions.md, "Session 33: a commit's WAL frames in one write, and a moment's look
// before sleeping".
// It also writes the journals of statements and temporary files in pieces the platform can
// take (the platform writes at most 0x1ffff bytes a call, and SQLite writes such a journal in
// chunks of SQLITE_CONFIG_STMTJRNL_SPILL's size; docs/decisions.md, "Session 34").
#pragma once

namespace kioku::daemon::sqlite {

// Registers the VFS as the process's default, over the default VFS found at the first call;
// whether it is registered (not over a platform VFS older than version 3). Later calls change
// nothing. Call before the first connection opens (kiokud's main).
bool gather_wal_writes() noexcept;

}  // namespace kioku::daemon::sqlite
