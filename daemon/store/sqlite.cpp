// SQLite C API wrapper: every failure becomes a SqliteError naming what was being done.
#include "daemon/store/sqlite.hpp"

#include <cerrno>
#include <stdexcept>

#include "daemon/store/gathered_wal_writes.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon::sqlite {

BilingualMessage advice_for(int result_code, const std::string& path, int system_errno) {
  const std::string directory = protocol::parent_directory(path);
  int primary = result_code & 0xff;
  // SQLite reports some failed writes (its shared-memory index, a truncate) as I/O errors;
  // the operating system's reason tells a full or read-only disk from a failing one.
  if (primary == SQLITE_IOERR && (system_errno == ENOSPC || system_errno == EDQUOT)) {
    primary = SQLITE_FULL;
  } else if (primary == SQLITE_IOERR && system_errno == EROFS) {
    primary = SQLITE_READONLY;
  }
  switch (primary) {
    case SQLITE_FULL:
      return bilingual(
          "the disk holding {path} is full; free some space and try again "
          "(everything kiokud acknowledged is saved)",
          "{path} のあるディスクがいっぱいです。空きを作ってからもう一度試してください"
          "（kiokud が受け付けたものはすべて保存されています）",
          {{"path", path}});
    case SQLITE_IOERR:
      return bilingual("the disk holding {path} failed a read or write; check it (dmesg, df)",
                       "{path} のあるディスクで読み書きが失敗しました。ディスクを確かめてください"
                       "（dmesg、df）",
                       {{"path", path}});
    case SQLITE_READONLY:
    case SQLITE_PERM:
      return bilingual(
          "{path} is read-only for kiokud; make it and {directory} writable "
          "(chmod u+w, chattr -i, or remount read-write)",
          "{path} は kiokud から読み取り専用です。{path} と {directory} を書き込める"
          "ようにしてください（chmod u+w、chattr -i、または読み書きで再マウント）",
          {{"path", path}, {"directory", directory}});
    case SQLITE_CANTOPEN:
      return bilingual("kiokud needs {directory} to exist and be writable",
                       "kiokud には {directory} が存在し、書き込めることが必要です",
                       {{"directory", directory}});
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return bilingual(
          "{path} is damaged; with kiokud stopped, move it aside and restore a copy "
          "(kiokud's migration backups are in {directory}/backups; see "
          "docs/faults.md)",
          "{path} は壊れています。kiokud を止めてから別の場所へ移し、コピーを復元して"
          "ください（kiokud の移行前バックアップは {directory}/backups にあります。"
          "docs/faults.md を参照）",
          {{"path", path}, {"directory", directory}});
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return bilingual(
          "{path} is locked by another process (a sqlite3 shell or a backup tool?); "
          "close it and try again",
          "{path} は別のプロセス（sqlite3 のシェルかバックアップツール？）がロックして"
          "います。それを閉じてからもう一度試してください",
          {{"path", path}});
    default:
      return {};
  }
}

BilingualMessage describe_failure(int result_code, const std::string& what,
                                  const std::string& reason, const std::string& path,
                                  int system_errno) {
  const BilingualMessage advice = advice_for(result_code, path, system_errno);
  // `what` is kiokud's own step ("cannot run ..."), shown only for a failure no user can mend.
  if (advice.english.empty()) return same_in_both(what + ": " + reason + " (" + path + ")");
  return {reason + ": " + advice.english, reason + ": " + advice.japanese};
}

BilingualMessage describe_read_only(const BilingualMessage& reason, const std::string& path) {
  const BilingualMessage advice = advice_for(SQLITE_READONLY, path);
  return {reason.english + ": " + advice.english, reason.japanese + ": " + advice.japanese};
}

namespace {

// The settings, before SQLite's initialisation (after it sqlite3_config refuses them all with
// SQLITE_MISUSE); whether SQLite took each one.
bool configure(int statement_journal_spill_bytes) noexcept {
  bool took = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
  // A sort holds at least this many pages in memory before it spills a sorted run to a
  // temporary file (SQLite's default is 250, a MiB): more than the connections that sort big
  // inputs keep as their cache. An Anki package's cards are sorted by note (its own indexes are
  // not trusted), and with 250 the sort raised kiokud's peak by a MiB over a 20,000-note import,
  // against the quarter of Mnemosyne's memory the import may use; 64 pages kept it at the
  // cache's 256 KiB in the same time (3 rounds: 268-276 against 271-282 ms).
  took = sqlite3_config(SQLITE_CONFIG_PMASZ, 64) == SQLITE_OK && took;
  // A statement that may fail after writing some of its rows (a multi-row INSERT in a longer
  // transaction) keeps a journal to undo them, in memory up to this size and in a temporary
  // file past it. SQLite's default, 64 KiB, sent every 32 notes' INSERT to the file: 35,927
  // pwrites in a 20,000-note package import against 7,953 with 512 KiB; at 120 KiB a 1M-note
  // TSV import wrote 688,000 pages to it (9.7 s against 8.2). The size is also the chunk the
  // journal is kept in and written to the file in, and SQLite's unix VFS writes at most
  // 0x1ffff bytes in one call and takes a shorter write for a full disk: from session 25 to 34
  // every statement whose journal passed 512 KiB failed with "database or disk is full". The
  // gathering VFS (gathered_wal_writes.hpp) now writes such a chunk in pieces.
  took = sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, statement_journal_spill_bytes) == SQLITE_OK &&
         took;
  return took;
}

}  // namespace

bool configure_process() noexcept {
  static const bool settled = [] {
    bool took = configure(kStatementJournalSpillBytes);
    // Registering the VFS initialises SQLite. Without it no journal chunk may pass the
    // platform's largest write: SQLite is shut down (no connection is open yet) and settled
    // again with a smaller one.
    if (!gather_wal_writes()) {
      sqlite3_shutdown();
      took = configure(kUnwrappedSpillBytes);
    }
    return took;
  }();
  return settled;
}

void keep_temporary_files_in(const std::string& directory) {
  // SQLite reads this global when it opens a temporary file; set once, before any connection,
  // and never freed (a connection may use it until the process ends).
  sqlite3_temp_directory = sqlite3_mprintf("%s", directory.c_str());
}

Database::Database(const std::string& path, int flags) : path_(path) {
  const int result = sqlite3_open_v2(path.c_str(), &handle_, flags, nullptr);
  if (result != SQLITE_OK) {
    const std::string message = handle_ ? sqlite3_errmsg(handle_) : sqlite3_errstr(result);
    sqlite3_close_v2(handle_);
    handle_ = nullptr;
    throw SqliteError(result, describe_failure(result, "cannot open " + path, message, path));
  }
  sqlite3_extended_result_codes(handle_, 1);
}

std::string Database::wal_path() const {
  const char* wal = sqlite3_filename_wal(sqlite3_db_filename(handle_, "main"));
  return wal == nullptr ? std::string() : std::string(wal);
}

bool Database::read_only() const noexcept {
  return sqlite3_db_readonly(handle_, "main") == 1;
}

Database::~Database() {
  begin_immediate_.reset();
  commit_.reset();
  data_version_.reset();
  sqlite3_update_hook(handle_, nullptr, nullptr);
  sqlite3_close_v2(handle_);
}

void Database::listen_to_row_changes(RowChangeListener listener) {
  // Two listeners would each believe they hear every row: the first would keep stale rows.
  if (listener && row_change_listener_) {
    throw std::logic_error("a connection has one row-change listener at a time");
  }
  row_change_listener_ = std::move(listener);
  if (!row_change_listener_) {
    sqlite3_update_hook(handle_, nullptr, nullptr);
    return;
  }
  sqlite3_update_hook(
      handle_,
      [](void* context, int, const char* database, const char* table,
         sqlite3_int64 rowid) noexcept {
        // An attached database's tables are not the collection's, whatever their names.
        if (std::string_view(database) != "main") return;
        // noexcept: an exception must not unwind through SQLite's C frames (it ends kiokud).
        (*static_cast<RowChangeListener*>(context))(table, rowid);
      },
      &row_change_listener_);
}

std::int64_t Database::data_version() {
  if (!data_version_) data_version_ = std::make_unique<Statement>(*this, "PRAGMA data_version");
  return integer_result(*data_version_);
}

void Database::begin_immediate() {
  if (!begin_immediate_) begin_immediate_ = std::make_unique<Statement>(*this, "BEGIN IMMEDIATE");
  begin_immediate_->run();
}

void Database::commit() {
  if (!commit_) commit_ = std::make_unique<Statement>(*this, "COMMIT");
  try {
    commit_->run();
  } catch (const SqliteError& error) {
    if ((error.result_code() & 0xff) == SQLITE_IOERR) overwrite_failed_commit();
    throw;
  }
}

void Database::overwrite_failed_commit() noexcept {
  // A commit whose WAL frames were written but whose sync failed (EIO) is rolled back here,
  // yet its frames stay in the WAL whole, with their checksums and commit mark: the next start's
  // recovery would apply the write kiokud reported as not recorded. The next write lands on the
  // same frames (the WAL index never counted them), and one frame of it breaks the chain of
  // checksums the rest of them need: a write that changes nothing, made now, so that the failed
  // one cannot come back however kiokud stops next.
  if (sqlite3_get_autocommit(handle_) == 0) {
    sqlite3_exec(handle_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  // Only a WAL keeps a failed commit's frames; a rollback journal undoes it whole.
  std::int64_t user_version = 0;
  try {
    Statement journal(*this, "PRAGMA journal_mode");
    if (!journal.step() || journal.column_text(0) != "wal") return;
    user_version = this->user_version();
  } catch (...) {
    return;
  }
  // Rewrites the first page as it is; if this commit fails too, its frames (which hold nothing
  // of the failed write) are what a recovery finds first.
  const std::string rewrite = "PRAGMA user_version = " + std::to_string(user_version);
  sqlite3_exec(handle_, rewrite.c_str(), nullptr, nullptr, nullptr);
}

void Database::fail(int result_code, std::string_view what) const {
  throw SqliteError(result_code,
                    describe_failure(result_code, std::string(what), sqlite3_errmsg(handle_), path_,
                                     sqlite3_system_errno(handle_)));
}

void Database::execute(std::string_view sql) {
  const std::string text(sql);
  char* error = nullptr;
  const int result = sqlite3_exec(handle_, text.c_str(), nullptr, nullptr, &error);
  if (result != SQLITE_OK) {
    const std::string message = error ? error : sqlite3_errstr(result);
    sqlite3_free(error);
    throw SqliteError(result, describe_failure(result, "cannot run \"" + text + "\"", message,
                                               path_, sqlite3_system_errno(handle_)));
  }
}

Statement Database::prepare(std::string_view sql) {
  return Statement(*this, sql);
}
std::int64_t Database::last_insert_rowid() const noexcept {
  return sqlite3_last_insert_rowid(handle_);
}
int Database::changes() const noexcept {
  return sqlite3_changes(handle_);
}

std::int64_t Database::user_version() {
  Statement statement(*this, "PRAGMA user_version");
  statement.step();
  return statement.column_int(0);
}

Statement::Statement(Database& database, std::string_view sql) : database_(&database) {
  const int result = sqlite3_prepare_v3(database.handle(), sql.data(), static_cast<int>(sql.size()),
                                        SQLITE_PREPARE_PERSISTENT, &handle_, nullptr);
  if (result != SQLITE_OK) database.fail(result, "cannot prepare \"" + std::string(sql) + "\"");
}

Statement::~Statement() {
  sqlite3_finalize(handle_);
}

Statement::Statement(Statement&& other) noexcept
    : database_(other.database_), handle_(other.handle_) {
  other.handle_ = nullptr;
}

Statement& Statement::bind(int index, std::int64_t value) {
  const int result = sqlite3_bind_int64(handle_, index, value);
  if (result != SQLITE_OK) database_->fail(result, "cannot bind");
  return *this;
}

Statement& Statement::bind(int index, double value) {
  const int result = sqlite3_bind_double(handle_, index, value);
  if (result != SQLITE_OK) database_->fail(result, "cannot bind");
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  const int result = sqlite3_bind_text64(handle_, index, value.data(), value.size(),
                                         SQLITE_TRANSIENT, SQLITE_UTF8);
  if (result != SQLITE_OK) database_->fail(result, "cannot bind");
  return *this;
}

Statement& Statement::bind_lasting(int index, std::string_view value) {
  const int result =
      sqlite3_bind_text64(handle_, index, value.data(), value.size(), SQLITE_STATIC, SQLITE_UTF8);
  if (result != SQLITE_OK) database_->fail(result, "cannot bind");
  return *this;
}

Statement& Statement::bind_null(int index) {
  const int result = sqlite3_bind_null(handle_, index);
  if (result != SQLITE_OK) database_->fail(result, "cannot bind");
  return *this;
}

bool Statement::step() {
  const int result = sqlite3_step(handle_);
  if (result == SQLITE_ROW) return true;
  if (result == SQLITE_DONE) return false;
  database_->fail(result, std::string("cannot run \"") + sqlite3_sql(handle_) + "\"");
}

void Statement::run() {
  StatementScope scope(*this);
  while (step()) {
  }
}

void Statement::reset() noexcept {
  sqlite3_reset(handle_);
  sqlite3_clear_bindings(handle_);
}

std::int64_t Statement::column_int(int index) const {
  return sqlite3_column_int64(handle_, index);
}
double Statement::column_double(int index) const {
  return sqlite3_column_double(handle_, index);
}
bool Statement::column_is_null(int index) const {
  return sqlite3_column_type(handle_, index) == SQLITE_NULL;
}

std::string Statement::column_text(int index) const {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(handle_, index));
  if (text == nullptr) return {};
  return std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(handle_, index)));
}

Transaction::Transaction(Database& database) : database_(database) {
  database_.begin_immediate();
}

Transaction::~Transaction() {
  if (!done_) sqlite3_exec(database_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  database_.commit();
  done_ = true;
}

void add_function(Database& database, const char* name, int arguments, int flags, void* data,
                  void (*function)(sqlite3_context*, int, sqlite3_value**),
                  void (*destroy)(void*)) {
  const int result =
      sqlite3_create_function_v2(database.handle(), name, arguments, SQLITE_UTF8 | flags, data,
                                 function, nullptr, nullptr, destroy);
  if (result != SQLITE_OK) throw SqliteError(result, std::string("cannot add ") + name);
}

std::string_view value_text(sqlite3_value* value) {
  const auto* text = sqlite3_value_text(value);
  if (text == nullptr) return {};
  return {reinterpret_cast<const char*>(text),
          static_cast<std::size_t>(sqlite3_value_bytes(value))};
}

}  // namespace kioku::daemon::sqlite
