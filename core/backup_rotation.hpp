// Which automatic backups to keep (Anki-like thinning; docs/backup.md "Rotation"): pure, so the
// rule is tested with hand-worked cases, and the daemon only lists the files and deletes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/backup_retention.hpp"
#include "core/time.hpp"

namespace kioku {

// One automatic backup: its file name, when it was made, and the collection day that was
// (DayCalendar::day_number of `time`).
struct DatedBackup {
  std::string name;
  TimestampMs time = 0;
  std::int64_t day = 0;
};

struct RotationPlan {
  std::vector<std::string> keep;    // newest first
  std::vector<std::string> remove;  // newest first
};

// The ISO week (Monday to Sunday) that day `day` (days since 1970-01-01, a Thursday) is in, as a
// number that grows by one a week; only equality and order are meant.
std::int64_t iso_week_index(std::int64_t day) noexcept;

// Keeps the newest backup of each of the `retention.daily` most recent days that have one;
// then, beyond them, the newest of each of the `retention.weekly` most recent ISO weeks that have
// a backup and no daily one kept (with daily 0, of every week). Every other backup is to be
// removed. Equal times go to the greater name.
RotationPlan plan_rotation(std::vector<DatedBackup> backups, const BackupRetention& retention);

}  // namespace kioku
