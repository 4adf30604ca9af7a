// Savepoints inside one open transaction, and the one commit that ends it.
#include "daemon/store/group_commit.hpp"

#include <cstdint>
#include <exception>
#include <iostream>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/fill_in.hpp"
#include "daemon/log_priority.hpp"
#include "daemon/store/foreign_keys.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// Keeps the nesting depth right however a write ends.
class DepthScope {
 public:
  explicit DepthScope(int& depth) : depth_(depth) { ++depth_; }
  ~DepthScope() { --depth_; }
  DepthScope(const DepthScope&) = delete;
  DepthScope& operator=(const DepthScope&) = delete;

 private:
  int& depth_;
};

#ifndef NDEBUG
// A connection that leaves foreign keys unenforced (the worker's, CollectionConnection) trusts
// kioku's code to write no row without its parent. Builds with assertions (the sanitizer tiers,
// which run every test) check that trust at each such write's end, before its commit: a write
// that left more rows without a parent than it found fails. The check walks the whole
// collection, too dear for a release build's import.
class UnenforcedForeignKeysCheck {
 public:
  explicit UnenforcedForeignKeysCheck(sqlite::Database& database)
      : database_(database),
        checked_(!foreign_keys_enforced(database)),
        before_(checked_ ? foreign_key_violations(database) : 0) {}

  void expect_none_added() const {
    if (!checked_) return;
    const std::int64_t after = foreign_key_violations(database_);
    if (after > before_) {
      throw Error(ErrorCode::kInternal,
                  bilingual("a write left rows whose foreign key has no parent row: {count}",
                            "書き込みが、外部キーの親の行がない行を残しました: {count} 行",
                            {{"count", std::to_string(after - before_)}}));
    }
  }

 private:
  sqlite::Database& database_;
  bool checked_;
  std::int64_t before_;
};
#endif

bool in_transaction(sqlite3* handle) {
  return sqlite3_get_autocommit(handle) == 0;
}

}  // namespace

GroupCommit::~GroupCommit() {
  // Nothing still open was acknowledged; closing without a commit is what a crash would do.
  if (open_ && in_transaction(database_.handle())) {
    sqlite3_exec(database_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
}

void GroupCommit::set_grouping(bool on) {
  if (!on) commit();
  grouping_ = on;
}

void GroupCommit::write(const std::function<void()>& body) {
  write(Write{}, body);
}

void GroupCommit::write(const Write& what, const std::function<void()>& body) {
  if (depth_ > 0) {
    body();
    if (!listeners_.empty()) in_request_.push_back(what);
    return;
  }
  check_writable();
  in_request_.clear();
  {
    const DepthScope scope(depth_);
    if (grouping_) {
      write_grouped(body);
    } else {
      sqlite::Transaction transaction(database_);
#ifndef NDEBUG
      const UnenforcedForeignKeysCheck foreign_keys(database_);
#endif
      body();
#ifndef NDEBUG
      foreign_keys.expect_none_added();
#endif
      transaction.commit();
    }
    ++writes_done_;
  }
  if (listeners_.empty()) return;
  uncommitted_.push_back(what);
  uncommitted_.insert(uncommitted_.end(), in_request_.begin(), in_request_.end());
  // Told at once when nothing waits for a group commit; outside the depth scope, so that a
  // listener's own write is a write of its own, in a transaction of its own.
  if (!grouping_) announce(uncommitted_);
}

void GroupCommit::check_writable() const {
  if (refusal_) throw Error(ErrorCode::kBusy, *refusal_);
}

void GroupCommit::add_listener(CommitListener listener) {
  listeners_.push_back(std::move(listener));
}

void GroupCommit::announce_outside_write(const Write& what) noexcept {
  std::vector<Write> writes{what};
  announce(writes);
}

void GroupCommit::announce(std::vector<Write>& writes) noexcept {
  const CommitEvent event{std::exchange(writes, {})};
  for (const CommitListener& listener : listeners_) {
    try {
      listener(event);
    } catch (const std::exception& error) {
      // The commit stands: a listener's failure must not turn it into an error reply.
      std::cerr << log_error << "kiokud: a commit listener failed: " << error.what() << '\n';
    } catch (...) {
      std::cerr << log_error << "kiokud: a commit listener failed\n";
    }
  }
}

void GroupCommit::notice_rollback_by_sqlite() {
  // SQLite ends the transaction itself after some errors (I/O, out of memory, a full disk),
  // possibly in a read outside write(). Its writes are lost; a SAVEPOINT now would quietly
  // start a transaction of its own and commit with its RELEASE.
  if (open_ && !in_transaction(database_.handle())) {
    open_ = false;
    if (wrote_in_transaction_) {
      lost_ = bilingual("SQLite rolled the transaction back after an error",
                        "エラーのあと SQLite がトランザクションをロールバックしました");
    }
  }
}

void GroupCommit::write_grouped(const std::function<void()>& body) {
  notice_rollback_by_sqlite();
  if (lost_) {
    throw Error(ErrorCode::kStorage,
                BilingualMessage{
                    fill_in("not written: a failure rolled back the open transaction ({reason})",
                            {{"reason", lost_->english}}),
                    fill_in("書き込んでいません。失敗により開いていたトランザクションがロールバック"
                            "されました（{reason}）",
                            {{"reason", lost_->japanese}})});
  }
  if (!open_) {
    database_.begin_immediate();
    open_ = true;
    wrote_in_transaction_ = false;
  }
  // The transaction holds only this write when this write opened it (a lone client's every
  // answer): rolling the transaction back undoes it alone, so it needs no savepoint. A savepoint
  // journals every page the write touches and, with SQLite's 64 KiB statement-journal chunk,
  // made glibc grow and trim the heap on each answer (3 brk calls and 4 page faults).
  const bool alone_in_transaction = !wrote_in_transaction_;
  try {
    if (!alone_in_transaction) database_.execute("SAVEPOINT request");
    body();
    if (!alone_in_transaction) database_.execute("RELEASE request");
  } catch (const Error& failure) {
    undo_request(failure.message(), alone_in_transaction);
    throw;
  } catch (const std::exception& failure) {
    undo_request(same_in_both(failure.what()), alone_in_transaction);
    throw;
  }
  wrote_in_transaction_ = true;
  ++write_count_;
}

void GroupCommit::undo_request(const BilingualMessage& reason, bool alone_in_transaction) noexcept {
  sqlite3* handle = database_.handle();
  if (!alone_in_transaction && in_transaction(handle) &&
      sqlite3_exec(handle, "ROLLBACK TO request; RELEASE request", nullptr, nullptr, nullptr) ==
          SQLITE_OK) {
    return;
  }
  // The request's only write was the transaction's; or an I/O error ended the whole transaction
  // (SQLite rolls it back itself), so the other writes in it are gone and their held responses
  // must not be acknowledged.
  if (in_transaction(handle)) sqlite3_exec(handle, "ROLLBACK", nullptr, nullptr, nullptr);
  open_ = false;
  if (wrote_in_transaction_) lost_ = reason;
}

void GroupCommit::commit() {
  notice_rollback_by_sqlite();
  // The server says "not recorded, the commit was rolled back" in front of the reason.
  if (lost_) {
    uncommitted_.clear();
    throw Error(ErrorCode::kStorage, *std::exchange(lost_, std::nullopt));
  }
  if (!open_) return;
  open_ = false;
  try {
    // A full disk, a lost lock or a damaged file gets the same advice as any other write's.
    database_.commit();
  } catch (...) {
    uncommitted_.clear();
    // A failed COMMIT may leave the transaction open (a deferred constraint, SQLITE_BUSY):
    // roll it back so that nothing of it is applied later by somebody else's commit.
    sqlite3* handle = database_.handle();
    if (in_transaction(handle)) sqlite3_exec(handle, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  if (!uncommitted_.empty()) announce(uncommitted_);
}

}  // namespace kioku::daemon
