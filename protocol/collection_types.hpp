// collection.*: copies of the whole collection, and putting one back (docs/backup.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/method_type.hpp"
#include "protocol/system_types.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct CollectionBackupParams {
  std::optional<std::string> file;
  std::optional<bool> force;
  std::optional<bool> progress;
  static constexpr std::array kHelp{
      FieldHelp{"file",
                "absolute path of the copy; default: a new timestamped file in "
                "$XDG_DATA_HOME/kioku/backups/"},
      FieldHelp{"force", "replace `file` when it exists"},
      FieldHelp{"progress", "true: hear request.progress notifications while it runs"}};
};
BOOST_DESCRIBE_STRUCT(CollectionBackupParams, (), (file, force, progress))

struct CollectionBackupResult {
  std::string path;
  std::int64_t bytes = 0;
  std::int64_t cards = 0;
  std::int64_t notes = 0;
  std::int64_t reviews = 0;
};
BOOST_DESCRIBE_STRUCT(CollectionBackupResult, (), (path, bytes, cards, notes, reviews))

struct CollectionRestoreParams {
  std::string file;
  std::optional<bool> force;
  std::optional<bool> progress;
  static constexpr std::array kHelp{
      FieldHelp{"file", "absolute path of a kioku collection (a backup)"},
      FieldHelp{"force", "restore even while other clients are connected"},
      FieldHelp{"progress", "true: hear request.progress notifications while it runs"}};
};
BOOST_DESCRIBE_STRUCT(CollectionRestoreParams, (), (file, force, progress))

struct CollectionRestoreResult {
  std::string file;
  std::int64_t schema_version = 0;  // the file's, before it was migrated
  std::string kept;                 // where the replaced collection was kept
  std::int64_t cards = 0;
  std::int64_t notes = 0;
  std::int64_t reviews = 0;
};
BOOST_DESCRIBE_STRUCT(CollectionRestoreResult, (),
                      (file, schema_version, kept, cards, notes, reviews))

// One file in the backups directory (docs/backup.md "Names").
struct BackupEntry {
  std::string path;
  std::string name;  // the file's name
  // "automatic" (kiokud's daily auto-*), "manual" (kioku backup's, or any other .sqlite file),
  // "before-migration", "before-restore"
  std::string kind;
  std::int64_t time = 0;  // Unix ms: from the name when it has a stamp, else the file's mtime
  std::int64_t bytes = 0;
};
BOOST_DESCRIBE_STRUCT(BackupEntry, (), (path, name, kind, time, bytes))

struct CollectionBackupsResult {
  std::string directory;
  std::vector<BackupEntry> backups;  // newest first
};
BOOST_DESCRIBE_STRUCT(CollectionBackupsResult, (), (directory, backups))

inline constexpr MethodType<CollectionBackupParams, CollectionBackupResult> kCollectionBackup{
    "collection.backup",
    "Copies the collection with SQLite's online backup API while kiokud goes on serving."};
inline constexpr MethodType<CollectionRestoreParams, CollectionRestoreResult> kCollectionRestore{
    "collection.restore",
    "Replaces the collection with a checked backup; the replaced one is kept as a backup."};
inline constexpr MethodType<NoParams, CollectionBackupsResult> kCollectionBackups{
    "collection.backups",
    "Lists the backups directory, newest first: each file's kind, time and size."};

}  // namespace kioku::protocol
