// Whether a connection enforces the collection's foreign keys, and how many rows break one.
#pragma once

#include <cstdint>

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

// PRAGMA foreign_keys: whether `database` checks each row it writes against its parent rows.
bool foreign_keys_enforced(sqlite::Database& database);

// Rows of the whole collection whose foreign key finds no parent row (PRAGMA
// foreign_key_check): a walk of every table that has one, so for checks, not for every write.
std::int64_t foreign_key_violations(sqlite::Database& database);

}  // namespace kioku::daemon
