// Group commit: while grouping is on, every write request runs inside one open transaction (under
// a savepoint of its own when other writes are already in it), and commit() ends that transaction
// with a single synchronous=FULL commit for all of them. The server holds each writing request's
// response until the commit that holds it has returned (docs/decisions.md, "Group commit").
// Listeners hear of each commit once it is durable, with what it made so; a write that was
// undone, or a commit that failed, is never heard of.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/bilingual_message.hpp"
#include "daemon/store/commit_event.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

class GroupCommit {
 public:
  explicit GroupCommit(sqlite::Database& database) : database_(database) {}
  ~GroupCommit();
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;

  // Off (the default, used at start-up and by in-process tests): each write() is a transaction
  // of its own, durable when write() returns. On: writes share the open transaction until
  // commit(). Turning it off commits what is open.
  void set_grouping(bool on);

  // Runs `body` atomically: when it throws, none of its changes remain (and the exception goes
  // on). Grouped, its changes wait in the open transaction for commit(); otherwise they are
  // committed before write() returns. A write inside a write is part of the outer one.
  void write(const std::function<void()>& body);
  // The same, telling the listeners what the write is. `what` is read when `body` has returned,
  // so the body may fill in what it learns (a deck's id once saved).
  void write(const Write& what, const std::function<void()>& body);

  // Calls `listener` after every commit that made writes durable (grouped: commit(); otherwise
  // each write()), never for one that failed or was rolled back.
  void add_listener(CommitListener listener);
  // Tells the listeners of a change made durable past write(): a restore, which SQLite's
  // backup API writes in a transaction of its own. Call with nothing open (after commit()).
  void announce_outside_write(const Write& what) noexcept;

  // Grouped writes done so far, never reset: a change across a request means the request wrote
  // and its response must wait for commit().
  std::uint64_t write_count() const noexcept { return write_count_; }
  // Writes that succeeded so far, grouped or not, never reset: whether a request recorded
  // anything, whatever the grouping.
  std::uint64_t writes_done() const noexcept { return writes_done_; }
  bool has_uncommitted_writes() const noexcept { return open_ || lost_.has_value(); }

  // While another connection writes the collection (an import on the server's worker), every
  // write() throws kioku::Error (kBusy) with `why` before it touches anything, instead of
  // waiting on SQLite's lock and stalling the server's thread. accept_writes() ends it.
  // A `why` with no Japanese (English alone) gives an Error with none.
  void refuse_writes(BilingualMessage why) { refusal_ = std::move(why); }
  void accept_writes() noexcept { refusal_.reset(); }
  // Throws what write() throws while writes are refused: for a change made past write() (a
  // restore).
  void check_writable() const;

  // Commits the open transaction, if any. When the commit fails (or an earlier failure already
  // rolled the transaction back), rolls back, so nothing of it is applied, and throws
  // kioku::Error (kStorage) whose message is just the reason; the next write starts afresh.
  void commit();

 private:
  void write_grouped(const std::function<void()>& body);
  // Tells the listeners about `writes`, now durable, and forgets them.
  void announce(std::vector<Write>& writes) noexcept;
  // Notes a transaction SQLite rolled back on its own as lost.
  void notice_rollback_by_sqlite();
  // Undoes the failed request's changes: its savepoint, or the whole transaction when it was
  // the transaction's only write. Notes a loss when other writes went with them.
  void undo_request(const BilingualMessage& reason, bool alone_in_transaction) noexcept;

  sqlite::Database& database_;
  bool grouping_ = false;
  bool open_ = false;
  int depth_ = 0;
  bool wrote_in_transaction_ = false;  // a write was released into the open transaction
  std::uint64_t write_count_ = 0;
  std::uint64_t writes_done_ = 0;
  // Set when a failure took the whole open transaction with it: the writes already in it are
  // lost, so the next commit() must fail.
  std::optional<BilingualMessage> lost_;
  std::optional<BilingualMessage> refusal_;  // refuse_writes(); no Japanese when English alone
  std::vector<CommitListener> listeners_;
  std::vector<Write> in_request_;   // what the write under way says it is (nested ones too)
  std::vector<Write> uncommitted_;  // the writes released into the open transaction
};

}  // namespace kioku::daemon
