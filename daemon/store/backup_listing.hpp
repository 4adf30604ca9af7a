// The files in the backups directory, and the rotation of the automatic ones among them
// (docs/backup.md "Automatic backups"): the file-system side of core/backup_rotation.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/backup_names.hpp"
#include "core/backup_retention.hpp"
#include "core/time.hpp"

namespace kioku {
class DayCalendar;
}

namespace kioku::daemon {

struct ListedBackup {
  std::string path;
  std::string name;  // the file's name, no directory
  BackupKind kind = BackupKind::kManual;
  // From the name when it has one (a fake clock's time in tests, and a copied file keeps it),
  // else the file's modification time.
  TimestampMs time = 0;
  std::int64_t bytes = 0;
};

// Every regular `*.sqlite` file in `directory`, newest first (equal times: greater name first).
// A copy being written (`.<name>...partial`) is not one. Empty when there is no such directory.
std::vector<ListedBackup> list_backups(const std::string& directory);

// The time of the newest automatic backup in `directory`, if any.
std::optional<TimestampMs> newest_automatic_backup(const std::string& directory);

// Deletes the automatic backups plan_rotation() does not keep, on `calendar`'s days. Other
// files are never touched. Returns the names deleted; throws kioku::Error naming the file a
// deletion failed on.
std::vector<std::string> rotate_automatic_backups(const std::string& directory,
                                                  const BackupRetention& retention,
                                                  const DayCalendar& calendar);

}  // namespace kioku::daemon
