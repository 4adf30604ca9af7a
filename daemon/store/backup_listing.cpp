// Reads the backups directory by file name (core/backup_names.hpp); deletes only what the
// rotation rule gives up, and only automatic backups.
#include "daemon/store/backup_listing.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/backup_rotation.hpp"
#include "core/day_calendar.hpp"
#include "core/error.hpp"
#include "core/system_error_reason.hpp"

namespace kioku::daemon {

std::vector<ListedBackup> list_backups(const std::string& directory) {
  std::vector<ListedBackup> found;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
    const std::string name = entry.path().filename().string();
    if (!name.ends_with(".sqlite") || name.starts_with(".")) continue;
    const std::string path = entry.path().string();
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) continue;
    const BackupName read = read_backup_name(name);
    const TimestampMs modified =
        static_cast<TimestampMs>(status.st_mtim.tv_sec) * 1000 + status.st_mtim.tv_nsec / 1'000'000;
    found.push_back(ListedBackup{.path = path,
                                 .name = name,
                                 .kind = read.kind,
                                 .time = read.time.value_or(modified),
                                 .bytes = static_cast<std::int64_t>(status.st_size)});
  }
  std::sort(found.begin(), found.end(), [](const ListedBackup& a, const ListedBackup& b) {
    return a.time != b.time ? a.time > b.time : a.name > b.name;
  });
  return found;
}

std::optional<TimestampMs> newest_automatic_backup(const std::string& directory) {
  for (const ListedBackup& backup : list_backups(directory)) {
    if (backup.kind == BackupKind::kAutomatic) return backup.time;
  }
  return std::nullopt;
}

std::vector<std::string> rotate_automatic_backups(const std::string& directory,
                                                  const BackupRetention& retention,
                                                  const DayCalendar& calendar) {
  std::vector<DatedBackup> automatic;
  for (const ListedBackup& backup : list_backups(directory)) {
    if (backup.kind != BackupKind::kAutomatic) continue;
    automatic.push_back(DatedBackup{backup.name, backup.time, calendar.day_number(backup.time)});
  }
  const RotationPlan plan = plan_rotation(std::move(automatic), retention);
  for (const std::string& name : plan.remove) {
    const std::string path = directory + "/" + name;
    if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
      const int reason = errno;
      throw Error(ErrorCode::kStorage,
                  bilingual_with("cannot remove the old automatic backup {path}: {reason}",
                                 "古い自動バックアップ {path} を削除できません: {reason}", "reason",
                                 system_error_reason(reason), {{"path", path}}));
    }
  }
  return plan.remove;
}

}  // namespace kioku::daemon
