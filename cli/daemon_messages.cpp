// kioku daemon's words in English and Japanese.
#include "cli/daemon_messages.hpp"
#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const DaemonMessages kEnglish{
    .running = "kiokud {version} is running (pid {pid})",
    .socket_label = "socket",
    .collection_label = "collection",
    .running_but = "{daemon} is running but {reason}; `kioku daemon stop` ends it",
    .not_running_at = "kiokud is not running ({socket})",
    .not_running = "kiokud is not running",
    .stopped = "kiokud stopped (pid {pid})",
    .not_answering_on = "is not answering on {socket}",
    .no_socket =
        "does not listen on {socket} (was its socket file removed?), though it holds the "
        "collection in {directory}",
    .pid_unknown = "kiokud {reason}, and its pid is unknown",
    .process_gone = "the process (pid {pid}) that {reason} is gone; not signalling it",
    .not_kiokud =
        "the process (pid {pid}) that {reason} is '{name}', not kiokud; not signalling it",
    .sigterm_failed = "{daemon} {reason}, and SIGTERM failed: {error}",
    .sent_sigterm = "{daemon} {reason}; sent it SIGTERM",
    .not_exited = "{daemon} has not exited after {seconds} s",
    .kill_hint = "; `kill -KILL {pid}` ends it",
    .shutdown_not_closed =
        "kiokud (pid {pid}) answered system.shutdown but did not close the connection",
    .started = "kiokud {version} started (pid {pid}) on {socket}",
    .already_running = "kiokud {version} is already running (pid {pid}) on {socket}",
    .protocol_label = "protocol",
    .uptime_label = "uptime",
    .activation_label = "socket activation",
    .size_label = "size",
    .cards_label = "cards",
    .clients_label = "clients",
    .configuration_label = "configuration",
    .last_backup_label = "last backup",
    .reminders_label = "reminders",
    .yes = "yes (systemd)",
    .no = "no",
    .none = "none",
    .defaults = "defaults",
    .command_line = "command line ({options})",
    .from_file = "file",
    .file_and_command_line = "file and command line ({options})",
    .configuration_file_label = "config file",
    .configuration_refused = "refused, the last good configuration is in use: {problem}",
    .restart_needed = "changed in the file, applies once kiokud restarts: {keys}",
    .reminders_notify_off = "off (reminders.notify is false)",
    .reminders_no_command =
        "off: notify-send is not on kiokud's PATH and reminders.notify_command is not set",
    .reminders_on =
        "on: {command} when {threshold} or more cards are due, at most every {interval}",
    .reminders_quiet = ", none {hours}",
    .last_reminder_label = "last reminder",
    .next_reminder_label = "next reminder",
    .reminder_never = "none yet",
    .reminder_ran = "{when} ({due} due)",
    .reminder_failed = "; failed: {problem}",
    .reminder_next = "not before {when}",
};

// The reasons are noun phrases here, set in parentheses: Japanese cannot hang a clause after the
// daemon's name the way English does.
const DaemonMessages kJapanese{
    .running = "kiokud {version} は稼働中です（pid {pid}）",
    .socket_label = "ソケット",
    .collection_label = "コレクション",
    .running_but =
        "{daemon} は稼働中ですが使えません（{reason}）。`kioku daemon stop` で終了できます",
    .not_running_at = "kiokud は稼働していません（{socket}）",
    .not_running = "kiokud は稼働していません",
    .stopped = "kiokud を停止しました（pid {pid}）",
    .not_answering_on = "{socket} で応答なし",
    .no_socket =
        "{socket} で待ち受けていないが、{directory} のコレクションを保持している。"
        "ソケットファイルが削除された可能性あり",
    .pid_unknown = "kiokud が使えず（{reason}）、pid も分かりません",
    .process_gone = "pid {pid} のプロセス（{reason}）はもう存在しません。シグナルは送りません",
    .not_kiokud =
        "pid {pid} のプロセス（{reason}）は kiokud ではなく '{name}' です。シグナルは送りません",
    .sigterm_failed = "{daemon}（{reason}）への SIGTERM に失敗しました: {error}",
    .sent_sigterm = "{daemon}（{reason}）に SIGTERM を送りました",
    .not_exited = "{daemon} が {seconds} 秒たっても終了しません",
    .kill_hint = "。`kill -KILL {pid}` で強制終了できます",
    .shutdown_not_closed =
        "kiokud（pid {pid}）は system.shutdown に応答しましたが、接続を閉じていません",
    .started = "kiokud {version} を起動しました（pid {pid}、{socket}）",
    .already_running = "kiokud {version} はすでに稼働中です（pid {pid}、{socket}）",
    .protocol_label = "プロトコル",
    .uptime_label = "稼働時間",
    .activation_label = "ソケットアクティベーション",
    .size_label = "サイズ",
    .cards_label = "カード",
    .clients_label = "クライアント",
    .configuration_label = "設定",
    .last_backup_label = "最新のバックアップ",
    .reminders_label = "リマインダー",
    .yes = "あり（systemd）",
    .no = "なし",
    .none = "なし",
    .defaults = "既定値",
    .command_line = "コマンドライン（{options}）",
    .from_file = "ファイル",
    .file_and_command_line = "ファイルとコマンドライン（{options}）",
    .configuration_file_label = "設定ファイル",
    .configuration_refused =
        "受け付けられませんでした。最後に正しかった設定を使っています: {problem}",
    .restart_needed = "ファイルで変更済み、kiokud の再起動後に反映: {keys}",
    .reminders_notify_off = "オフ（reminders.notify が false）",
    .reminders_no_command =
        "オフ: kiokud の PATH に notify-send がなく、reminders.notify_command も設定されていません",
    .reminders_on =
        "オン: 期日のカードが {threshold} 枚以上で {command} を実行（{interval} に一度まで）",
    .reminders_quiet = "、{hours} は除く",
    .last_reminder_label = "前回のリマインダー",
    .next_reminder_label = "次のリマインダー",
    .reminder_never = "まだなし",
    .reminder_ran = "{when}（{due} 枚）",
    .reminder_failed = "、失敗: {problem}",
    .reminder_next = "{when} 以降",
};

}  // namespace

const DaemonMessages& daemon_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
