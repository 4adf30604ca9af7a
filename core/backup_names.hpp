// What a file in the backups directory is, from its name alone (docs/backup.md "Names"):
// `auto-YYYYMMDD-HHMMSS.sqlite` kiokud's daily backups, the only ones ever rotated;
// `collection-YYYYMMDD-HHMMSS.sqlite` kioku backup's; `collection-vN-<ms>.sqlite` the copy a
// migration keeps; `before-restore-YYYYMMDD-HHMMSS.sqlite` the collection a restore replaced.
// Stamps are UTC; a "-2", "-3"... after the stamp marks a second backup within one second.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/time.hpp"

namespace kioku {

// The stem of an automatic backup's name.
inline constexpr std::string_view kAutomaticBackupStem = "auto";

enum class BackupKind { kAutomatic, kManual, kBeforeMigration, kBeforeRestore };

// The kind's name on the wire and in --json: "automatic", "manual", "before-migration",
// "before-restore".
std::string_view backup_kind_name(BackupKind kind) noexcept;

struct BackupName {
  BackupKind kind = BackupKind::kManual;
  std::optional<TimestampMs> time;  // from the name; none when it has none
};

// Reads a file name (no directory). A `.sqlite` file of no known pattern (one the user put
// there with `kioku backup FILE`) is manual with no time.
BackupName read_backup_name(std::string_view file_name);

// The UTC time a `YYYYMMDD-HHMMSS` stamp names; none when `stamp` is not one.
std::optional<TimestampMs> read_utc_stamp(std::string_view stamp);

}  // namespace kioku
