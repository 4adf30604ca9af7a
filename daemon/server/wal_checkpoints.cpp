// Runs on two threads: the hook on the server's (it commits, and copies the few frames a
// checkpoint run at once left), checkpoint() on the worker.
#include "daemon/server/wal_checkpoints.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iostream>
#include <optional>

#include "daemon/log_priority.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

struct WalCheckpoints::State {
  std::string collection_path;
  // The WAL file as SQLite names it (beside the link's target when the collection's path is a
  // symbolic link), read by the server's thread.
  std::string wal_path;
  Handover handover;
  WalCheckpointMarks marks;
  // Set when a checkpoint is handed over, cleared once it has run: at most one of each kind
  // is handed over at a time.
  std::atomic<bool> waiting_for_quiet{false};
  std::atomic<bool> waiting_at_once{false};
  std::atomic<int> completed{0};
  // The worker's connection: opened there on first use, used only there.
  std::optional<sqlite::Database> connection;
  // What the worker's last checkpoint run at once copied, and of which WAL; `copied` 0 for none.
  struct AtOnceReport {
    std::uint32_t wal_sequence = 0;
    std::uint32_t copied = 0;
  };
  // Kept as one 64-bit integer: clang makes an atomic of the struct a call into libatomic.
  std::atomic<std::uint64_t> at_once_report_bits{0};

  void report_at_once(AtOnceReport report) {
    at_once_report_bits.store((std::uint64_t{report.wal_sequence} << 32) | report.copied);
  }
  AtOnceReport at_once_report() const {
    const std::uint64_t bits = at_once_report_bits.load();
    return {static_cast<std::uint32_t>(bits >> 32), static_cast<std::uint32_t>(bits)};
  }

  // On the worker. Gives the frames the WAL has copied (0 when it failed): of the frames there
  // when it began, which may be all of those it counts though commits came after. With
  // `cut_when_copied`, a WAL copied whole is then cut to nothing when nobody uses it.
  int checkpoint(bool cut_when_copied = false) {
    int copied = 0;
    int in_wal = 0;
    try {
      if (!connection) {
        connection.emplace(collection_path);
        // A new connection reads the file, and so learns it is in WAL mode, only at its first
        // statement; until then a checkpoint through it does nothing.
        connection->prepare("SELECT count(*) FROM sqlite_schema").step();
      }
      // PASSIVE: copies what no reader still needs and never waits for a lock, so an answer
      // committing meanwhile is not held; what it leaves, the next checkpoint copies.
      const int status = sqlite3_wal_checkpoint_v2(connection->handle(), "main",
                                                   SQLITE_CHECKPOINT_PASSIVE, &in_wal, &copied);
      if (status != SQLITE_OK) copied = 0;
      if (status == SQLITE_OK && cut_when_copied && copied > 0 && copied == in_wal) {
        // TRUNCATE waits for no one on this connection (no busy handler): with a reader or a
        // writer on the WAL it is BUSY at once, and the next write's start cuts the WAL to
        // journal_size_limit instead. It copies nothing more: all was copied just now.
        sqlite3_wal_checkpoint_v2(connection->handle(), "main", SQLITE_CHECKPOINT_TRUNCATE, nullptr,
                                  nullptr);
      }
      if (status != SQLITE_OK && status != SQLITE_BUSY) {
        std::cerr << log_warning
                  << "kiokud: WAL checkpoint failed: " << sqlite3_errmsg(connection->handle())
                  << '\n';
      }
    } catch (const std::exception& error) {
      std::cerr << log_warning << "kiokud: WAL checkpoint not run: " << error.what() << '\n';
    }
    completed.fetch_add(1);
    return std::max(copied, 0);
  }
};

WalCheckpoints::WalCheckpoints(sqlite::Database& database, std::string collection_path,
                               Handover handover, WalCheckpointMarks marks)
    : state_(std::make_shared<State>()), database_(database) {
  state_->collection_path = std::move(collection_path);
  state_->wal_path = database_.wal_path();
  state_->handover = std::move(handover);
  state_->marks = marks;
  // Replaces the hook sqlite3_wal_autocheckpoint had set: the commits no longer checkpoint.
  sqlite3_wal_hook(database_.handle(), &WalCheckpoints::after_commit, this);
}

WalCheckpoints::~WalCheckpoints() {
  sqlite3_wal_hook(database_.handle(), nullptr, nullptr);
}

int WalCheckpoints::completed() const noexcept {
  return state_->completed.load();
}

namespace {

// The checkpoint sequence number in the WAL file's header, which SQLite adds one to each time
// the WAL starts again from its beginning: it tells one WAL from the next, where the frame
// count does not (a commit longer than the WAL before it starts a new one without it falling).
// Read after a commit, when the header is the one that commit wrote past; nullopt if unread.
std::optional<std::uint32_t> wal_sequence(const std::string& wal_path) {
  if (wal_path.empty()) return std::nullopt;
  const int descriptor = ::open(wal_path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return std::nullopt;
  unsigned char bytes[4] = {};
  const ssize_t bytes_read = ::pread(descriptor, bytes, sizeof bytes, 12);
  ::close(descriptor);
  if (bytes_read != static_cast<ssize_t>(sizeof bytes)) return std::nullopt;
  return (std::uint32_t{bytes[0]} << 24) | (std::uint32_t{bytes[1]} << 16) |
         (std::uint32_t{bytes[2]} << 8) | bytes[3];
}

}  // namespace

int WalCheckpoints::after_commit(void* self, sqlite3* connection, const char* schema, int pages) {
  const std::shared_ptr<State>& state = static_cast<WalCheckpoints*>(self)->state_;
  if (pages < state->marks.pages_before_checkpoint) return SQLITE_OK;
  if (pages < state->marks.pages_before_checkpoint_at_once) {
    hand_over(state, false, std::nullopt);
    return SQLITE_OK;
  }
  // The flag first: a report read after it is never older than the checkpoint it waited for.
  if (state->waiting_at_once.load()) return SQLITE_OK;
  const State::AtOnceReport report = state->at_once_report();
  const std::optional<std::uint32_t> sequence = wal_sequence(state->wal_path);
  // A checkpoint at once of this WAL is done, and the commits since left few frames behind it:
  // copied here, the next write starts the WAL again (an fdatasync over old frames, not one that
  // lengthens the file), where one more on the worker would be overtaken again.
  const auto copied = static_cast<int>(report.copied);
  if (report.copied > 0 && sequence == report.wal_sequence && copied <= pages &&
      pages - copied <= state->marks.pages_left_to_copy_here) {
    state->report_at_once({});
    const int result =
        sqlite3_wal_checkpoint_v2(connection, schema, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    // BUSY: another checkpoint runs; LOCKED: a statement of this connection is still reading.
    // Either way the next commit hands the rest over.
    if (result != SQLITE_OK && result != SQLITE_BUSY && result != SQLITE_LOCKED) {
      std::cerr << log_warning << "kiokud: WAL checkpoint failed: " << sqlite3_errmsg(connection)
                << '\n';
    }
    return SQLITE_OK;
  }
  hand_over(state, true, sequence);
  return SQLITE_OK;
}

void WalCheckpoints::hand_over(const std::shared_ptr<State>& state, bool at_once,
                               std::optional<std::uint32_t> wal_sequence, bool cut_when_copied) {
  // The work holds the state, so a checkpoint run after this object is gone (at shutdown)
  // finds it. The flag stays set until the checkpoint is done: a commit meanwhile finds the
  // WAL as long as before (it starts again from its beginning only at the first commit after a
  // checkpoint copied it all) and must not hand over another.
  std::atomic<bool>& waiting = at_once ? state->waiting_at_once : state->waiting_for_quiet;
  if (waiting.exchange(true)) return;
  const RunBeside& run = at_once ? state->handover.at_once : state->handover.when_quiet;
  run([state, &waiting, wal_sequence, cut_when_copied] {
    const int copied = state->checkpoint(cut_when_copied);
    if (wal_sequence && copied > 0) {
      state->report_at_once({*wal_sequence, static_cast<std::uint32_t>(copied)});
    }
    waiting.store(false);
  });
}

CommitListener WalCheckpoints::worker_write_listener() const {
  return [state = state_](const CommitEvent& event) {
    for (const Write& write : event.writes) {
      if (write.kind != WriteKind::kImport && write.kind != WriteKind::kRebuild &&
          write.kind != WriteKind::kRestore) {
        continue;
      }
      // Nothing tells how much the import left in the WAL without reading its index; a
      // checkpoint of nothing costs a read of the WAL's header.
      hand_over(state, false, std::nullopt, true);
      return;
    }
  };
}

}  // namespace kioku::daemon
