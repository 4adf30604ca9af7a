// Parsing the names backup_into_directory and the migrations write (daemon/store/backup.cpp,
// daemon/store/migrations.cpp).
#include "core/backup_names.hpp"

#include <charconv>
#include <cstdint>

#include "core/day_calendar.hpp"

namespace kioku {

namespace {

constexpr std::string_view kSuffix = ".sqlite";

bool all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (const char character : text) {
    if (character < '0' || character > '9') return false;
  }
  return true;
}

std::int64_t number(std::string_view digits) {
  std::int64_t value = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return value;
}

// `rest` is "YYYYMMDD-HHMMSS" or "YYYYMMDD-HHMMSS-N" (N a second backup's counter).
std::optional<TimestampMs> stamp_with_counter(std::string_view rest) {
  constexpr std::size_t kStamp = 15;
  if (rest.size() < kStamp) return std::nullopt;
  if (rest.size() > kStamp && (rest[kStamp] != '-' || !all_digits(rest.substr(kStamp + 1)))) {
    return std::nullopt;
  }
  return read_utc_stamp(rest.substr(0, kStamp));
}

// The time of `<stem>-<stamp>[-N]`, when `name` (without .sqlite) is one.
std::optional<TimestampMs> stamped(std::string_view name, std::string_view stem) {
  if (!name.starts_with(stem) || name.size() <= stem.size() || name[stem.size()] != '-') {
    return std::nullopt;
  }
  return stamp_with_counter(name.substr(stem.size() + 1));
}

// The time of a migration's `collection-vN-<ms>`.
std::optional<TimestampMs> migration_time(std::string_view name) {
  constexpr std::string_view kPrefix = "collection-v";
  if (!name.starts_with(kPrefix)) return std::nullopt;
  const std::string_view rest = name.substr(kPrefix.size());
  const std::size_t dash = rest.find('-');
  if (dash == std::string_view::npos || !all_digits(rest.substr(0, dash)) ||
      !all_digits(rest.substr(dash + 1)) || rest.size() - dash - 1 > 15) {
    return std::nullopt;
  }
  return number(rest.substr(dash + 1));
}

}  // namespace

std::string_view backup_kind_name(BackupKind kind) noexcept {
  switch (kind) {
    case BackupKind::kAutomatic:
      return "automatic";
    case BackupKind::kManual:
      return "manual";
    case BackupKind::kBeforeMigration:
      return "before-migration";
    case BackupKind::kBeforeRestore:
      return "before-restore";
  }
  return "manual";
}

std::optional<TimestampMs> read_utc_stamp(std::string_view stamp) {
  if (stamp.size() != 15 || stamp[8] != '-' || !all_digits(stamp.substr(0, 8)) ||
      !all_digits(stamp.substr(9))) {
    return std::nullopt;
  }
  const auto year = static_cast<int>(number(stamp.substr(0, 4)));
  const auto month = static_cast<unsigned>(number(stamp.substr(4, 2)));
  const auto day = static_cast<unsigned>(number(stamp.substr(6, 2)));
  const std::int64_t hour = number(stamp.substr(9, 2));
  const std::int64_t minute = number(stamp.substr(11, 2));
  const std::int64_t second = number(stamp.substr(13, 2));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return std::nullopt;
  }
  const std::int64_t days = days_from_civil(year, month, day);
  return ((days * 24 + hour) * 60 + minute) * 60'000 + second * 1000;
}

BackupName read_backup_name(std::string_view file_name) {
  if (!file_name.ends_with(kSuffix)) return {};
  const std::string_view name = file_name.substr(0, file_name.size() - kSuffix.size());
  if (const auto time = stamped(name, kAutomaticBackupStem)) {
    return {BackupKind::kAutomatic, time};
  }
  if (const auto time = migration_time(name)) return {BackupKind::kBeforeMigration, time};
  if (const auto time = stamped(name, "before-restore")) return {BackupKind::kBeforeRestore, time};
  if (const auto time = stamped(name, "collection")) return {BackupKind::kManual, time};
  return {};
}

}  // namespace kioku
