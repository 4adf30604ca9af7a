// How many automatic backups kiokud keeps (docs/backup.md, "Automatic backups"): the
// configuration file's backups.daily and backups.weekly, or kiokud's --backups-daily and
// --backups-weekly, which win over them.
#pragma once

#include <cstdint>

namespace kioku {

struct BackupRetention {
  // The newest backup of each of the last `daily` collection days that have one.
  std::int64_t daily = 7;
  // Beyond those, the newest backup of each of the last `weekly` ISO weeks that have one.
  std::int64_t weekly = 4;

  // Both 0: kiokud makes no automatic backups (and deletes none).
  bool enabled() const noexcept { return daily > 0 || weekly > 0; }
};

}  // namespace kioku
