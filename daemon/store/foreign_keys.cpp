// Foreign key enforcement and checks (daemon/store/foreign_keys.hpp).
#include "daemon/store/foreign_keys.hpp"

namespace kioku::daemon {

bool foreign_keys_enforced(sqlite::Database& database) {
  sqlite::Statement pragma = database.prepare("PRAGMA foreign_keys");
  return sqlite::integer_result(pragma) == 1;
}

std::int64_t foreign_key_violations(sqlite::Database& database) {
  sqlite::Statement check = database.prepare("SELECT count(*) FROM pragma_foreign_key_check");
  return sqlite::integer_result(check);
}

}  // namespace kioku::daemon
