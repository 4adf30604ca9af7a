// kioku backup [FILE] and kioku restore FILE: kiokud copies the open collection, or puts a
// checked copy in its place (docs/backup.md). Paths go to kiokud absolute: its working
// directory is not the user's.
#include <filesystem>
#include <optional>
#include <ostream>

#include "cli/backup_messages.hpp"
#include "cli/commands.hpp"
#include "cli/daemon_status.hpp"
#include "cli/local_time_text.hpp"
#include "cli/messages.hpp"
#include "cli/progress_bar.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct BackupArgs {
  std::optional<std::string> file;
  bool force = false;
};

struct RestoreArgs {
  std::string file;
  bool force = false;
};

// The file as the kernel finds it: its directory through the links in it (`link/..` is the
// link target's parent, which a lexical `..` would not be), the name itself as given.
std::string absolute(const std::string& path) {
  const std::filesystem::path given = std::filesystem::absolute(std::filesystem::path(path));
  if (!given.has_filename()) return given.lexically_normal().string();
  std::error_code error;
  const std::filesystem::path directory =
      std::filesystem::weakly_canonical(given.parent_path(), error);
  if (error) return given.lexically_normal().string();  // kiokud tells what is wrong with it
  return (directory / given.filename()).string();
}

std::string contents(std::int64_t cards, std::int64_t notes, std::int64_t reviews,
                     const BackupMessages& words) {
  return fill_in(words.contents, {{"cards", std::to_string(cards)},
                                  {"notes", std::to_string(notes)},
                                  {"reviews", std::to_string(reviews)}});
}

void print_backup(const protocol::CollectionBackupResult& result, const BackupMessages& words,
                  std::ostream& out) {
  out << fill_in(words.backed_up,
                 {{"path", safe_line(result.path)}, {"bytes", std::to_string(result.bytes)}})
      << '\n'
      << contents(result.cards, result.notes, result.reviews, words) << '\n';
}

void print_restore(const protocol::CollectionRestoreResult& result, const BackupMessages& words,
                   std::ostream& out) {
  out << fill_in(words.restored, {{"file", safe_line(result.file)},
                                  {"version", std::to_string(result.schema_version)}})
      << '\n'
      << contents(result.cards, result.notes, result.reviews, words) << '\n'
      << fill_in(words.kept, {{"path", safe_line(result.kept)}}) << '\n';
}

const char* kind_text(const std::string& kind, const BackupMessages& words) {
  if (kind == "automatic") return words.kind_automatic;
  if (kind == "before-migration") return words.kind_before_migration;
  if (kind == "before-restore") return words.kind_before_restore;
  return words.kind_manual;
}

// One line a backup, newest first: local time, kind, size, file name; the kinds padded to one
// column in display width (the Japanese ones are twice as wide as their characters).
void print_backup_list(const protocol::CollectionBackupsResult& result, const BackupMessages& words,
                       std::ostream& out) {
  const std::string directory = safe_line(result.directory);
  if (result.backups.empty()) {
    out << fill_in(words.list_empty, {{"directory", directory}}) << '\n';
    return;
  }
  out << fill_in(words.list_heading, {{"directory", directory}}) << '\n';
  int kind_width = 0;
  for (const protocol::BackupEntry& backup : result.backups) {
    kind_width = std::max(kind_width, display_width(kind_text(backup.kind, words)));
  }
  for (const protocol::BackupEntry& backup : result.backups) {
    out << "  " << local_minute_text(backup.time) << "  "
        << pad_after(kind_text(backup.kind, words), kind_width) << "  "
        << pad_before(size_text(backup.bytes), 10) << "  " << safe_line(backup.name) << '\n';
  }
}

bool exists(const std::string& path) {
  std::error_code ignored;
  return std::filesystem::exists(std::filesystem::symlink_status(path, ignored));
}

void run_backup(CliContext& context, const BackupArgs& args) {
  const BackupMessages& words = backup_messages_for(context.language);
  boost::json::object params;
  if (args.file) {
    const std::string file = absolute(*args.file);
    // Said here in the user's language; kiokud checks again, and its link never replaces.
    std::error_code not_there;
    if (std::filesystem::is_directory(file, not_there)) {
      // Whatever --force says: a backup replaces a file, never a directory.
      throw Error(ErrorCode::kInvalidParams,
                  fill_in(words.is_directory, {{"path", safe_line(file)}}));
    }
    if (!args.force && exists(file)) {
      throw Error(ErrorCode::kConflict, fill_in(words.file_exists, {{"path", safe_line(file)}}));
    }
    params["file"] = file;
    if (args.force) params["force"] = true;
  }
  // A bar on stderr, when it is a terminal: a large collection's copy takes seconds.
  show_result(context, protocol::kCollectionBackup,
              call_showing_progress(context.daemon(), protocol::kCollectionBackup.name,
                                    std::move(params), context.language),
              [&](const protocol::CollectionBackupResult& result, std::ostream& out) {
                print_backup(result, words, out);
              });
}

void run_restore(CliContext& context, const RestoreArgs& args) {
  const BackupMessages& words = backup_messages_for(context.language);
  const std::string file = absolute(args.file);
  if (!exists(file)) {
    throw Error(ErrorCode::kNotFound, fill_in(words.no_such_file, {{"path", safe_line(file)}}));
  }
  boost::json::object params{{"file", file}};
  if (args.force) params["force"] = true;
  // A bar on stderr, when it is a terminal: a large collection's checks and copies take seconds.
  show_result(context, protocol::kCollectionRestore,
              call_showing_progress(context.daemon(), protocol::kCollectionRestore.name,
                                    std::move(params), context.language),
              [&](const protocol::CollectionRestoreResult& result, std::ostream& out) {
                print_restore(result, words, out);
              });
}

void run_backup_list(CliContext& context, const NoArgs&) {
  const BackupMessages& words = backup_messages_for(context.language);
  call_and_show(context, protocol::kCollectionBackups, boost::json::object(),
                [&](const protocol::CollectionBackupsResult& result, std::ostream& out) {
                  print_backup_list(result, words, out);
                });
}

}  // namespace

CommandGroup backup_commands() {
  CommandSpec list =
      Command<NoArgs>("list", {"List the backups, newest first: kind (automatic, manual, before "
                               "migration, before restore), time and size",
                               "バックアップを新しい順に一覧する: 種類（自動・手動・移行前・"
                               "復元前）、日時、大きさ"})
          .shows(protocol::kCollectionBackups,
                 [](const protocol::CollectionBackupsResult& result, std::ostream& out) {
                   print_backup_list(result, backup_messages_for("en"), out);
                 })
          .runs(run_backup_list);
  return {
      with_verbs(
          Command<BackupArgs>("backup",
                              {"Copy the collection while kiokud serves (default: a new file in "
                               "$XDG_DATA_HOME/kioku/backups/)",
                               "kiokud を止めずにコレクションを複製する（既定: "
                               "$XDG_DATA_HOME/kioku/backups/ に新しいファイル）"})
              .option(&BackupArgs::file, "FILE", {"where to write the copy", "複製の書き込み先"})
              .flag(&BackupArgs::force, "--force",
                    {"replace FILE when it exists", "FILE が存在するなら置き換える"})
              .shows(protocol::kCollectionBackup,
                     [](const protocol::CollectionBackupResult& result, std::ostream& out) {
                       print_backup(result, backup_messages_for("en"), out);
                     })
              .runs(run_backup),
          {std::move(list)}),
      Command<RestoreArgs>("restore",
                           {"Replace the collection with a backup; the replaced one is kept "
                            "in the backups directory",
                            "コレクションをバックアップで置き換える。置き換えたものは "
                            "backups ディレクトリに残す"})
          .option(&RestoreArgs::file, "FILE", {"the backup to restore", "復元するバックアップ"},
                  required().checked_by(
                      refusing_empty(bilingual("must not be empty", "空にはできません"))))
          .flag(&RestoreArgs::force, "--force",
                {"restore even while other clients are connected",
                 "他のクライアントが接続中でも復元する"})
          .shows(protocol::kCollectionRestore,
                 [](const protocol::CollectionRestoreResult& result, std::ostream& out) {
                   print_restore(result, backup_messages_for("en"), out);
                 })
          .runs(run_restore)};
}

}  // namespace kioku::cli
