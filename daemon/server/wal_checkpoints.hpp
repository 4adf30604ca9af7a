// The WAL's checkpoints, off the answer path. SQLite's own (wal_autocheckpoint, every 1,000
// pages) runs inside the commit that crosses the mark: that answer waits while the WAL's pages
// are copied into the collection file and it is fsynced, 5 ms on the 1M-card collection against
// 0.5 ms for an answer; and one run beside the next answers still makes their fsyncs queue
// behind its writes on the disk (docs/decisions.md, "The WAL's checkpoints"). Here a commit
// mostly only notes the WAL's size: past the mark, a PASSIVE checkpoint is handed over to run
// when the daemon is quiet (between two cards of a person's session), through a connection of
// its own; past a second mark, as a client that never pauses keeps it busy, at once. The few
// frames committed while that one ran are copied by the commit after it, on the server's
// thread (with an fsync of the WAL and of the collection file): a WAL restarts only once a
// checkpoint has copied all of it, which one running beside a writer that never pauses never
// does.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "daemon/store/commit_event.hpp"

struct sqlite3;

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// How far the WAL grows before a checkpoint.
struct WalCheckpointMarks {
  // SQLite's own mark: a checkpoint waits for quiet past it...
  int pages_before_checkpoint = 1000;
  // ...and runs at once past this one (16 MB of WAL), however busy the daemon: low enough that
  // a client that never pauses soon writes over old frames instead of lengthening the file,
  // high enough that the checkpoints beside its answers are rare.
  int pages_before_checkpoint_at_once = 4'000;
  // What the commits made while a checkpoint ran at once, when no more than this, the commit
  // after it copies itself: the WAL then starts again from its beginning.
  int pages_left_to_copy_here = 256;
};

class WalCheckpoints {
 public:
  // Hands work to the server's worker thread: at once (Server::run_beside), or once no
  // request is in progress (Server::run_beside_when_quiet).
  using RunBeside = std::function<void(std::function<void()>)>;
  struct Handover {
    RunBeside at_once;
    RunBeside when_quiet;
  };
  // Takes over `database`'s WAL hook (which also ends its automatic checkpoints) for as long as
  // this lives; `database` must be open on `collection_path`, in WAL mode, and outlive this.
  WalCheckpoints(sqlite::Database& database, std::string collection_path, Handover handover,
                 WalCheckpointMarks marks = {});
  ~WalCheckpoints();
  WalCheckpoints(const WalCheckpoints&) = delete;
  WalCheckpoints& operator=(const WalCheckpoints&) = delete;

  // Checkpoints run so far, on the worker (for tests).
  int completed() const noexcept;

  // For the collection's GroupCommit (add_listener), on the server's thread: an import, a
  // rebuild (doctor.rebuild) or a restore commits through a connection of the worker's own whose
  // automatic checkpoints are off (CollectionConnection), and is announced once it has. What it
  // wrote to the WAL is then copied when the daemon is quiet, not inside the commit its client
  // waits for; once all of it is copied, the WAL file is cut to nothing if nobody reads or
  // writes it then (it would keep its hundreds of MB until the next write starts it again). The
  // listener holds what it needs, not this object.
  CommitListener worker_write_listener() const;

 private:
  struct State;
  // SQLite's WAL hook: after each commit, with the pages now in the WAL.
  static int after_commit(void* self, sqlite3* connection, const char* schema, int pages);
  // Hands a checkpoint over (at once or when quiet) unless one of that kind already waits; with
  // `cut_when_copied`, a WAL it copies whole is cut to nothing after it.
  static void hand_over(const std::shared_ptr<State>& state, bool at_once,
                        std::optional<std::uint32_t> wal_sequence, bool cut_when_copied = false);

  std::shared_ptr<State> state_;
  sqlite::Database& database_;
};

}  // namespace kioku::daemon
