// A thin RAII layer over the SQLite C API: database, prepared statement, transaction.
// Not thread-safe: one thread (the daemon's io_context thread) owns a Database.
// For daemon/store/ only: the handlers and importers see the stores, never SQLite (the build
// defines KIOKU_OUTSIDE_STORE for them; docs/decisions.md, "The store split by concern").
#pragma once

#ifdef KIOKU_OUTSIDE_STORE
#error "daemon/store/sqlite.hpp is for daemon/store/ only: use the stores (collection.hpp)"
#endif

#include <sqlite3.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace kioku::daemon::sqlite {

// Thrown for any SQLite failure; carries the extended result code.
class SqliteError : public Error {
 public:
  SqliteError(int result_code, const std::string& message)
      : Error(ErrorCode::kStorage, message), result_code_(result_code) {}
  SqliteError(int result_code, const BilingualMessage& message)
      : Error(ErrorCode::kStorage, message), result_code_(result_code) {}
  int result_code() const noexcept { return result_code_; }

 private:
  int result_code_;
};

// What the user can do about a failure that comes from the file or the disk rather than from
// kiokud (full, read-only, damaged, locked); empty for the rest (bugs, constraint violations).
// `system_errno` (sqlite3_system_errno) refines an I/O error: ENOSPC is a full disk.
BilingualMessage advice_for(int result_code, const std::string& path, int system_errno = 0);

// The message of a SqliteError: for failures of the file or the disk (full, read-only,
// damaged, locked) SQLite's reason and what the user can do about it; for the rest what was
// being done, the reason and the path. SQLite's reason stays as SQLite says it.
BilingualMessage describe_failure(int result_code, const std::string& what,
                                  const std::string& reason, const std::string& path,
                                  int system_errno = 0);

// The message for a collection SQLite could open only for reading: `reason`, and what the
// user can do about it.
BilingualMessage describe_read_only(const BilingualMessage& reason, const std::string& path);

// Settles process-wide SQLite settings; must run before the process's first SQLite call
// (kiokud's main). Without it SQLite keeps memory statistics behind a global mutex on every
// allocation: about 9,000 instructions of an answer's 210,000 in kiokud, and kiokud reads none
// of those statistics. Whether SQLite took every setting (it refuses them once initialised, so
// a later call changes nothing and gives the first call's answer).
bool configure_process() noexcept;

// SQLite's temporary files (a sort's runs past its memory, a statement's journal past its
// memory, temporary tables) go in `directory`, kioku's data directory: writable wherever the
// collection is, and on its disk, so that an error about room is true of the collection's disk.
// Otherwise SQLite picks $SQLITE_TMPDIR, $TMPDIR, /var/tmp or /tmp, which a sandbox may leave
// read-only or small, and an error there read as one of the collection. Call once, before the
// first connection opens (kiokud's run_daemon).
void keep_temporary_files_in(const std::string& directory);

// How much of a statement's journal SQLite keeps in memory (configure_process()); also the
// size of each write when it spills, which the gathering VFS passes on in pieces the unix VFS
// can take (it writes at most 0x1ffff bytes a call).
inline constexpr int kStatementJournalSpillBytes = 512 * 1024;
// The same when the VFS could not be registered: the largest round size a write may have.
inline constexpr int kUnwrappedSpillBytes = 120 * 1024;
static_assert(kUnwrappedSpillBytes <= 0x1ffff);

class Statement;

class Database {
 public:
  // Opens (and creates) the database at `path`; ":memory:" for a private in-memory one.
  explicit Database(const std::string& path,
                    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one or more statements that return no rows.
  void execute(std::string_view sql);
  // BEGIN IMMEDIATE and COMMIT, each prepared once: parsing them again for every answer cost
  // about 4,000 instructions per transaction. Failures throw SqliteError as execute() does.
  void begin_immediate();
  void commit();
  Statement prepare(std::string_view sql);
  std::int64_t last_insert_rowid() const noexcept;
  int changes() const noexcept;
  std::int64_t user_version();
  sqlite3* handle() const noexcept { return handle_; }
  const std::string& path() const noexcept { return path_; }
  // The WAL's path as SQLite names it: beside the file a symbolic link names, not beside the
  // link. Empty for an in-memory database.
  std::string wal_path() const;
  // True when SQLite could open the file only for reading (a read-only file or mount).
  bool read_only() const noexcept;
  // SQLite's update hook: `listener` hears the table and rowid of each row this connection
  // inserts, updates or deletes, as the statement runs (so also the rows of a transaction that
  // is later rolled back) in its main database, and must neither use the connection nor throw
  // (it is called from SQLite's C code). One listener a connection: a second throws
  // std::logic_error; an empty function removes it. Not called for rows other connections write
  // (data_version() tells of those), nor for a file put in place by the backup API.
  using RowChangeListener = std::function<void(std::string_view table, std::int64_t rowid)>;
  void listen_to_row_changes(RowChangeListener listener);
  // PRAGMA data_version: changes when another connection has committed to the file since the
  // last call.
  std::int64_t data_version();

  [[noreturn]] void fail(int result_code, std::string_view what) const;

 private:
  // After a COMMIT that failed with an I/O error: rolls back and rewrites the first page as it
  // is, so that the failed commit's frames cannot be recovered from the WAL later.
  void overwrite_failed_commit() noexcept;

  sqlite3* handle_ = nullptr;
  std::string path_;
  // Prepared on first use; finalized before the handle is closed.
  std::unique_ptr<Statement> begin_immediate_;
  std::unique_ptr<Statement> commit_;
  std::unique_ptr<Statement> data_version_;
  RowChangeListener row_change_listener_;
};

class Statement {
 public:
  Statement(Database& database, std::string_view sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&&) = delete;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binding is 1-based, like SQLite's. Returns *this to chain.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view value);
  Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  Statement& bind(int index, const std::string& value) {
    return bind(index, std::string_view(value));
  }
  Statement& bind_null(int index);
  // bind() of text that stays where it is, unchanged, until the statement has run (run(), or
  // the StatementScope that steps it): SQLite reads it in place instead of copying it, a copy
  // each of a new note's dozen texts paid for on note.add_many's path. Never a temporary.
  Statement& bind_lasting(int index, std::string_view value);
  // An empty optional binds NULL.
  Statement& bind(int index, std::optional<double> value) {
    return value ? bind(index, *value) : bind_null(index);
  }
  Statement& bind(int index, std::optional<int> value) {
    return value ? bind(index, *value) : bind_null(index);
  }
  Statement& bind(int index, std::optional<std::int64_t> value) {
    return value ? bind(index, *value) : bind_null(index);
  }
  Statement& bind(int index, const std::optional<std::string>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }

  // Advances to the next row; false when done. Throws SqliteError on failure.
  bool step();
  // Runs a statement that returns no rows, then resets it.
  void run();
  // Resets and clears bindings so the statement can be used again.
  void reset() noexcept;

  std::int64_t column_int(int index) const;
  double column_double(int index) const;
  std::string column_text(int index) const;
  bool column_is_null(int index) const;

 private:
  Database* database_;
  sqlite3_stmt* handle_ = nullptr;
};

// Resets a statement when the scope ends, however it ends.
class StatementScope {
 public:
  explicit StatementScope(Statement& statement) : statement_(statement) {}
  ~StatementScope() { statement_.reset(); }
  StatementScope(const StatementScope&) = delete;
  StatementScope& operator=(const StatementScope&) = delete;

 private:
  Statement& statement_;
};

// The first column of a query's first row as an integer: 0 when there is no row. Resets the
// statement.
inline std::int64_t integer_result(Statement& statement) {
  StatementScope scope(statement);
  return statement.step() ? statement.column_int(0) : 0;
}

// Likewise, but nullopt when there is no row or the value is NULL.
inline std::optional<std::int64_t> optional_integer_result(Statement& statement) {
  StatementScope scope(statement);
  if (!statement.step() || statement.column_is_null(0)) return std::nullopt;
  return statement.column_int(0);
}

// Whether `database` has a table named `table` (a collection of an older schema may not).
inline bool has_table(Database& database, const std::string& table) {
  Statement statement =
      database.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1");
  statement.bind(1, table);
  return integer_result(statement) != 0;
}

// BEGIN IMMEDIATE on construction; ROLLBACK on destruction unless commit() was called.
class Transaction {
 public:
  explicit Transaction(Database& database);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& database_;
  bool done_ = false;
};

// A function for the connection's SQL (sqlite3_create_function_v2, UTF-8); `destroy` frees
// `data` when the function is replaced or the connection closes. Throws SqliteError.
void add_function(Database& database, const char* name, int arguments, int flags, void* data,
                  void (*function)(sqlite3_context*, int, sqlite3_value**),
                  void (*destroy)(void*) = nullptr);

// An argument of such a function as text: empty for NULL (ask sqlite3_value_type first when
// NULL means something else).
std::string_view value_text(sqlite3_value* value);

}  // namespace kioku::daemon::sqlite
