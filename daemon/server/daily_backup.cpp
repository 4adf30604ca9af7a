// A day is marked backed up when its backup is handed to the worker, not when it is done: one
// attempt a day, so a backup that fails (a full disk) is logged once rather than at every
// answer, and tried again the next day or at the next start.
#include "daemon/server/daily_backup.hpp"

#include <iostream>
#include <utility>

#include "daemon/log_priority.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/backup_listing.hpp"

namespace kioku::daemon {

DailyBackup::DailyBackup(std::string collection_path, std::string directory,
                         BackupRetention retention, const DayCalendar& calendar,
                         RunBeside run_beside)
    : collection_path_(std::move(collection_path)),
      directory_(std::move(directory)),
      retention_(retention),
      calendar_(calendar),
      run_beside_(std::move(run_beside)) {}

void DailyBackup::at_start(TimestampMs now, bool back_up_now) {
  // Read even when the backups are off: a reload that turns them on must know today has one.
  if (const auto newest = newest_automatic_backup(directory_)) {
    backed_up_day_ = calendar_.day_number(*newest);
  }
  if (back_up_now) after_answer(now);
}

void DailyBackup::after_answer(TimestampMs now) {
  if (!retention_.enabled()) return;
  const std::int64_t today = calendar_.day_number(now);
  // A backup from a later day (a clock set back) counts as today's: no second one.
  if (backed_up_day_ && *backed_up_day_ >= today) return;
  backed_up_day_ = today;
  back_up(now);
}

void DailyBackup::back_up(TimestampMs now) {
  run_beside_([collection = collection_path_, directory = directory_, retention = retention_,
               hour = calendar_.day_starts_at_hour(), now] {
    try {
      const BackupFile written =
          backup_into_directory(collection, directory, std::string(kAutomaticBackupStem), now);
      const std::vector<std::string> removed =
          rotate_automatic_backups(directory, retention, DayCalendar(hour));
      // The line in one write: the server's thread may be logging meanwhile.
      std::cerr << log_info
                << ("kiokud: automatic backup " + written.path + " (" +
                    std::to_string(written.bytes) + " bytes); " + std::to_string(removed.size()) +
                    " older removed\n");
    } catch (const std::exception& error) {
      std::cerr << log_error
                << ("kiokud: automatic backup failed: " + std::string(error.what()) + "\n");
    }
  });
}

}  // namespace kioku::daemon
