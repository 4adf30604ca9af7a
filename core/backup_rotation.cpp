// The thinning rule of docs/backup.md: days first, then weeks beyond them.
#include "core/backup_rotation.hpp"

#include <algorithm>
#include <optional>

namespace kioku {

std::int64_t iso_week_index(std::int64_t day) noexcept {
  // 1970-01-01 was a Thursday: day + 3 counts from Monday 1969-12-29. Floor division, so that
  // days before 1970 fall into the weeks before.
  const std::int64_t from_monday = day + 3;
  return from_monday >= 0 ? from_monday / 7 : -((-from_monday + 6) / 7);
}

RotationPlan plan_rotation(std::vector<DatedBackup> backups, const BackupRetention& retention) {
  std::sort(backups.begin(), backups.end(), [](const DatedBackup& a, const DatedBackup& b) {
    return a.time != b.time ? a.time > b.time : a.name > b.name;
  });
  RotationPlan plan;
  std::int64_t days_kept = 0;
  std::int64_t weeks_kept = 0;
  std::optional<std::int64_t> last_day;   // the day of the last daily backup kept
  std::optional<std::int64_t> last_week;  // the week of the last backup kept, daily or weekly
  for (const DatedBackup& backup : backups) {
    // Newest first: the first backup met of a day (or week) is its newest.
    const bool new_day = !last_day || backup.day < *last_day;
    if (days_kept < retention.daily && new_day) {
      plan.keep.push_back(backup.name);
      last_day = backup.day;
      last_week = iso_week_index(backup.day);
      ++days_kept;
      continue;
    }
    // Weeks count only beyond the daily ones: a week that has a daily backup kept needs no
    // weekly one.
    const std::int64_t week = iso_week_index(backup.day);
    if (weeks_kept < retention.weekly && (!last_week || week < *last_week)) {
      plan.keep.push_back(backup.name);
      last_week = week;
      ++weeks_kept;
      continue;
    }
    plan.remove.push_back(backup.name);
  }
  return plan;
}

}  // namespace kioku
