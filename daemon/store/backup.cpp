// The online backup API, page by page into a new file.
#include "daemon/store/backup.hpp"

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

void backup_database(sqlite::Database& database, const std::string& destination) {
  sqlite::Database target(destination);
  sqlite3_backup* backup = sqlite3_backup_init(target.handle(), "main", database.handle(), "main");
  if (backup == nullptr) target.fail(sqlite3_errcode(target.handle()), "cannot start backup");
  const int result = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (result != SQLITE_DONE) target.fail(result, "backup to " + destination + " failed");
}

}  // namespace kioku::daemon
