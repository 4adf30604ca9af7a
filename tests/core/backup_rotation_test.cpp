// Tests for the rotation of automatic backups (core/backup_rotation.hpp), worked by hand, and the
// names that say which backups are automatic (core/backup_names.hpp).
#include "core/backup_rotation.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/backup_names.hpp"
#include "core/day_calendar.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kDayMs;

// Day 20458 is Monday 2026-01-05 (days_from_civil), the start of ISO week 2 of 2026.
constexpr std::int64_t kMonday = 20458;

// A backup named after its day and the hour within it.
DatedBackup on(std::int64_t day, int hour = 12) {
  return DatedBackup{"d" + std::to_string(day) + "h" + std::to_string(hour),
                     day * kDayMs + hour * 3'600'000, day};
}

std::vector<DatedBackup> days(std::initializer_list<std::int64_t> list) {
  std::vector<DatedBackup> backups;
  for (const std::int64_t day : list) backups.push_back(on(day));
  return backups;
}

using Names = std::vector<std::string>;

// The name on(kMonday + offset, hour) gives.
std::string n(std::int64_t offset, int hour = 12) {
  return on(kMonday + offset, hour).name;
}

TEST_CASE("backup rotation: the day numbers used here are the weekdays they claim",
          "[core][backup_rotation]") {
  CHECK(days_from_civil(2026, 1, 5) == kMonday);
  CHECK(iso_week_index(kMonday) == iso_week_index(kMonday + 6));      // Monday to Sunday
  CHECK(iso_week_index(kMonday) + 1 == iso_week_index(kMonday + 7));  // next Monday
  CHECK(iso_week_index(kMonday - 1) + 1 == iso_week_index(kMonday));  // Sunday before
  CHECK(iso_week_index(0) == iso_week_index(-3));  // Thursday 1970-01-01 and Monday before
  CHECK(iso_week_index(-4) + 1 == iso_week_index(-3));
}

TEST_CASE("backup rotation: fewer backups than days kept keeps them all",
          "[core][backup_rotation]") {
  const RotationPlan plan = plan_rotation(days({kMonday, kMonday + 1}), BackupRetention{});
  CHECK(plan.keep == Names{n(1), n(0)});
  CHECK(plan.remove.empty());
}

TEST_CASE("backup rotation: several on one day keep only the newest of the day",
          "[core][backup_rotation]") {
  const RotationPlan plan =
      plan_rotation({on(kMonday, 9), on(kMonday, 20), on(kMonday, 14), on(kMonday - 1, 8)},
                    BackupRetention{.daily = 7, .weekly = 0});
  CHECK(plan.keep == Names{n(0, 20), n(-1, 8)});
  CHECK(plan.remove == Names{n(0, 14), n(0, 9)});
}

TEST_CASE("backup rotation: the days kept are the last ones that have a backup, gaps skipped",
          "[core][backup_rotation]") {
  // Backups on days M+9, M+8, M+4, M+1, M-5: with 3 daily, the last three days that have one.
  const RotationPlan plan =
      plan_rotation(days({kMonday - 5, kMonday + 1, kMonday + 4, kMonday + 8, kMonday + 9}),
                    BackupRetention{.daily = 3, .weekly = 0});
  CHECK(plan.keep == Names{n(9), n(8), n(4)});
  CHECK(plan.remove == Names{n(1), n(-5)});
}

TEST_CASE("backup rotation: weeks beyond the daily ones keep the newest of each week",
          "[core][backup_rotation]") {
  // Daily 2 keeps M+15 and M+14 (Tuesday and Monday of week W+2). Beyond them: M+13 (Sunday,
  // W+1) and M+8 (W+1) -> M+13; M+6 and M+0 (W) -> M+6; M-1 (W-1) is the third week, beyond
  // weekly 2.
  const RotationPlan plan = plan_rotation(days({kMonday - 1, kMonday, kMonday + 6, kMonday + 8,
                                                kMonday + 13, kMonday + 14, kMonday + 15}),
                                          BackupRetention{.daily = 2, .weekly = 2});
  CHECK(plan.keep == Names{n(15), n(14), n(13), n(6)});
  CHECK(plan.remove == Names{n(8), n(0), n(-1)});
}

TEST_CASE("backup rotation: a week that has a daily backup kept takes no weekly one",
          "[core][backup_rotation]") {
  // Daily 1 keeps Wednesday M+2; Monday M+0 is in the same week, so the weekly one is from the
  // week before (M-2, a Saturday), not M+0.
  const RotationPlan plan = plan_rotation(days({kMonday - 3, kMonday - 2, kMonday, kMonday + 2}),
                                          BackupRetention{.daily = 1, .weekly = 1});
  CHECK(plan.keep == Names{n(2), n(-2)});
  CHECK(plan.remove == Names{n(0), n(-3)});
}

TEST_CASE("backup rotation: with daily 0 the weeks start at the newest backup",
          "[core][backup_rotation]") {
  const RotationPlan plan = plan_rotation(days({kMonday - 7, kMonday + 1, kMonday + 3}),
                                          BackupRetention{.daily = 0, .weekly = 4});
  CHECK(plan.keep == Names{n(3), n(-7)});
  CHECK(plan.remove == Names{n(1)});
}

TEST_CASE("backup rotation: retention 0 and 0 keeps nothing", "[core][backup_rotation]") {
  const BackupRetention none{.daily = 0, .weekly = 0};
  CHECK_FALSE(none.enabled());
  const RotationPlan plan = plan_rotation(days({kMonday, kMonday + 1}), none);
  CHECK(plan.keep.empty());
  CHECK(plan.remove == Names{n(1), n(0)});
  CHECK(BackupRetention{}.enabled());
  CHECK(BackupRetention{.daily = 0, .weekly = 1}.enabled());
}

TEST_CASE("backup rotation: equal times keep the greater name", "[core][backup_rotation]") {
  const RotationPlan plan =
      plan_rotation({DatedBackup{"auto-20260105-120000.sqlite", 5, kMonday},
                     DatedBackup{"auto-20260105-120000-2.sqlite", 5, kMonday}},
                    BackupRetention{.daily = 1, .weekly = 0});
  CHECK(plan.keep == Names{"auto-20260105-120000.sqlite"});
  CHECK(plan.remove == Names{"auto-20260105-120000-2.sqlite"});
}

TEST_CASE("backup names: each kind from its name, and its time", "[core][backup_names]") {
  const TimestampMs noon = kMonday * kDayMs + 12 * 3'600'000 + 34 * 60'000 + 56'000;
  const BackupName automatic = read_backup_name("auto-20260105-123456.sqlite");
  CHECK(automatic.kind == BackupKind::kAutomatic);
  CHECK(automatic.time == noon);
  CHECK(read_backup_name("auto-20260105-123456-2.sqlite").time == noon);
  CHECK(read_backup_name("collection-20260105-123456.sqlite").kind == BackupKind::kManual);
  CHECK(read_backup_name("collection-20260105-123456.sqlite").time == noon);
  const BackupName migration = read_backup_name("collection-v7-1767616496000.sqlite");
  CHECK(migration.kind == BackupKind::kBeforeMigration);
  CHECK(migration.time == 1767616496000);
  CHECK(read_backup_name("before-restore-20260105-123456.sqlite").kind ==
        BackupKind::kBeforeRestore);
  CHECK(backup_kind_name(BackupKind::kBeforeMigration) == "before-migration");
}

TEST_CASE("backup names: only the exact pattern is automatic", "[core][backup_names]") {
  for (const char* name :
       {"auto-20260105-1234.sqlite", "auto-20260105-123456x.sqlite", "auto-2026010512-3456.sqlite",
        "auto-20261305-123456.sqlite", "auto-20260105-123456-.sqlite", "auto-20260105-123456.db",
        "autox-20260105-123456.sqlite", "my-auto-20260105-123456.sqlite", "auto.sqlite"}) {
    INFO(name);
    CHECK(read_backup_name(name).kind != BackupKind::kAutomatic);
  }
  CHECK(read_backup_name("mine.sqlite").kind == BackupKind::kManual);
  CHECK_FALSE(read_backup_name("mine.sqlite").time);
}

}  // namespace
}  // namespace kioku
