// The whole collection file checked for damage (doctor.check), with SQLite's findings put in
// words a user can act on.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/bilingual_message.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

struct IntegrityReport {
  // One line each, none when the collection is sound: SQLite's own as it words them (the same in
  // both languages), kioku's about foreign keys in each.
  std::vector<BilingualMessage> problems;
  BilingualMessage advice;  // what to do about them; empty when there are none
  bool sound() const noexcept { return problems.empty(); }
};

// SQLite's integrity check, then, when it passes, `PRAGMA foreign_key_check` (a row whose
// parent is missing: a review of a card that is gone), at most `most_problems` problems each.
// Damage bad enough to stop the check itself (a damaged schema, a file that is not a database)
// is one problem, not a failure. Throws sqlite::SqliteError for any other failure (a lock, an
// I/O error).
IntegrityReport check_integrity(sqlite::Database& database, int most_problems);
// The same, stoppable: `keep_going` is asked every 100 ms, from another thread, whether to go on
// (run_interruptible, interruptible_call.hpp); once it throws, the check stops and that goes on.
IntegrityReport check_integrity(sqlite::Database& database, int most_problems,
                                const std::function<void()>& keep_going);

// Whether the database file at `path` passes check_integrity(), read through a read-only
// connection of its own; false when it cannot be opened or read at all.
bool passes_integrity_check(const std::string& path);

}  // namespace kioku::daemon
