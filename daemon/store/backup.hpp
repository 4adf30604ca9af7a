// Copies of the collection taken while it is open (before a migration changes it).
#pragma once

#include <string>

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// Copies the whole database to `destination` with SQLite's online backup API. Throws
// sqlite::SqliteError when the copy cannot be made.
void backup_database(sqlite::Database& database, const std::string& destination);

}  // namespace kioku::daemon
