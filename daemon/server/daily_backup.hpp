// kiokud's automatic backup, once per collection day (docs/backup.md "Automatic backups"): at
// start-up when the newest automatic backup is from before today's start, and after the commit of
// the first answer of a new day; then the rotation. The copy runs on the server's worker thread
// (a connection of its own, one snapshot of what is committed), so no answer waits for it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/backup_retention.hpp"
#include "core/day_calendar.hpp"
#include "core/time.hpp"

namespace kioku::daemon {

class DailyBackup {
 public:
  // Hands work to the worker thread (Server::run_beside).
  using RunBeside = std::function<void(std::function<void()>)>;

  // `calendar` is the server's (MethodContext::calendar), which a reload may replace: read
  // through the reference, the backups follow a new day start with everything else.
  DailyBackup(std::string collection_path, std::string directory, BackupRetention retention,
              const DayCalendar& calendar, RunBeside run_beside);

  // At start-up: reads the newest automatic backup's time, and when `back_up_now`, backs up if
  // it is older than the start of `now`'s day (or there is none).
  void at_start(TimestampMs now, bool back_up_now);
  // After a commit that made an answer durable: backs up when `now` is in a day with no
  // automatic backup yet.
  void after_answer(TimestampMs now);
  // A reloaded configuration's counts, used from the next backup on (both 0 stops the automatic
  // backups; a count above 0 starts them again).
  void set_retention(BackupRetention retention) { retention_ = retention; }

 private:
  void back_up(TimestampMs now);

  std::string collection_path_;
  std::string directory_;
  BackupRetention retention_;
  const DayCalendar& calendar_;  // the server thread's; the worker makes its own (not thread-safe)
  RunBeside run_beside_;
  // The day of the newest automatic backup made or asked for; none when there is none.
  std::optional<std::int64_t> backed_up_day_;
};

}  // namespace kioku::daemon
