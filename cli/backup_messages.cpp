// backup's and restore's words in English and Japanese.
#include "cli/backup_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const BackupMessages kEnglish{
    .backed_up = "Backed up the collection to {path} ({bytes} bytes)",
    .contents = "{cards} cards, {notes} notes, {reviews} reviews",
    .file_exists = "{path} already exists; name another file, or use --force to replace it",
    .is_directory =
        "{path} is a directory; name a file in it (kioku backup without a file keeps "
        "dated copies in kiokud's backups directory)",
    .restored = "Restored the collection from {file} (schema version {version})",
    .kept = "The collection it replaced is kept in {path}",
    .no_such_file = "cannot restore {path}: no such file; nothing was changed",
    .list_heading = "Backups in {directory}, newest first:",
    .list_empty = "No backups in {directory} yet",
    .kind_automatic = "automatic",
    .kind_manual = "manual",
    .kind_before_migration = "before migration",
    .kind_before_restore = "before restore",
    .good_backup = "The newest backup that passes the check: {path}",
    .restore_line = "To put it in place: kioku restore {path}",
    .no_good_backup = "No backup in the backups directory passes the check",
};

const BackupMessages kJapanese{
    .backed_up = "コレクションを {path} にバックアップしました（{bytes} バイト）",
    .contents = "カード {cards} 枚、ノート {notes} 件、復習 {reviews} 回",
    .file_exists = "{path} は既に存在します。別の名前にするか、--force で置き換えてください",
    .is_directory =
        "{path} はディレクトリです。その中のファイルを指定してください（ファイルを"
        "指定しない kioku backup は日付付きのコピーを kiokud のバックアップ"
        "ディレクトリに残します）",
    .restored = "コレクションを {file} から復元しました（スキーマバージョン {version}）",
    .kept = "置き換えたコレクションは {path} に保存してあります",
    .no_such_file = "{path} を復元できません: ファイルがありません。何も変更していません",
    .list_heading = "{directory} のバックアップ（新しい順）:",
    .list_empty = "{directory} にバックアップはまだありません",
    .kind_automatic = "自動",
    .kind_manual = "手動",
    .kind_before_migration = "移行前",
    .kind_before_restore = "復元前",
    .good_backup = "検査に通る最新のバックアップ: {path}",
    .restore_line = "元に戻すには: kioku restore {path}",
    .no_good_backup = "backups ディレクトリに検査に通るバックアップはありません",
};

}  // namespace

const BackupMessages& backup_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
