// Reaching kiokud, in English and Japanese.
#include "cli/connection_messages.hpp"
#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const ConnectionMessages kEnglish{
    .cannot_connect = "cannot connect to kiokud at {socket}: {error}",
    .daemon_with_pid = "kiokud (pid {pid})",
    .daemon_at = "kiokud at {socket}",
    .not_answering = "{daemon} is not answering: no reply to {method} within {timeout}{advice}",
    .stop_advice = "; `kioku daemon stop` ends it",
    .resume_advice =
        "; if it is stopped, `kill -CONT {pid}` resumes it, and `kioku daemon stop` ends it",
    .seconds = "{count} s",
    .cannot_wait = "cannot wait for kiokud: {error}",
    .interrupted = "interrupted while waiting for {daemon} to answer {method}",
    .cannot_send = "cannot send to kiokud: {error}",
    .closed_before_sent =
        "kiokud closed the connection before {method} was sent ({socket}); it did not run",
    .closed_before_answer = "kiokud closed the connection before answering {method} ({socket})",
    .other_user = "the process listening on {socket} belongs to another user; refusing it",
    .not_running_at = "kiokud is not running at {socket} ({error})",
    .not_running_no_autostart =
        "kiokud is not running at {socket} ({error}); start it with kiokud, or drop "
        "--no-autostart",
    .holds_without_socket =
        "kiokud (pid {pid}) holds the collection in {directory} but does not listen on {socket} "
        "(was its socket file removed?); `kioku daemon stop` ends it",
    .cannot_create_pipe = "cannot create a pipe: {error}",
    .cannot_fork = "cannot fork: {error}",
    .cannot_run = "kioku: cannot run {program}: {error}",
    .not_ready = "kiokud did not become ready within {seconds} s (log: {log})",
    .failed_to_start = "kiokud failed to start (log: {log})",
    .failed_to_start_because = "kiokud failed to start: {reason} (log: {log})",
    .protocol_mismatch =
        "kiokud speaks protocol {theirs} but this kioku speaks {ours} (one of them was upgraded "
        "while the daemon ran); run `kioku daemon restart`",
    .reply_too_long = "a reply from kiokud is longer than {mebibytes} MiB",
    .not_json_rpc = "kiokud sent something that is not JSON-RPC: {line}",
    .neither_result_nor_error = "kiokud's response has neither result nor error",
    .unknown_error = "unknown error",
};

const ConnectionMessages kJapanese{
    .cannot_connect = "{socket} の kiokud に接続できません: {error}",
    .daemon_with_pid = "kiokud（pid {pid}）",
    .daemon_at = "{socket} の kiokud",
    .not_answering =
        "{daemon} が応答しません: {method} への返事が {timeout} 以内に来ませんでした{advice}",
    .stop_advice = "。`kioku daemon stop` で終了できます",
    .resume_advice =
        "。一時停止しているなら `kill -CONT {pid}` で再開、`kioku daemon stop` で終了"
        "できます",
    .seconds = "{count} 秒",
    .cannot_wait = "kiokud の応答を待てません: {error}",
    .interrupted = "{daemon} の {method} への応答待ちを中断しました",
    .cannot_send = "kiokud に送信できません: {error}",
    .closed_before_sent =
        "{method} を送る前に kiokud が接続を閉じました（{socket}）。リクエストは実行されていません",
    .closed_before_answer = "{method} に応答する前に kiokud が接続を閉じました（{socket}）",
    .other_user = "{socket} で待ち受けているプロセスは別のユーザーのものなので、使いません",
    .not_running_at = "{socket} で kiokud が稼働していません（{error}）",
    .not_running_no_autostart =
        "{socket} で kiokud が稼働していません（{error}）。kiokud で起動する"
        "か、--no-autostart を外してください",
    .holds_without_socket =
        "kiokud（pid {pid}）は {directory} のコレクションを保持していますが、{socket} で待ち受けて"
        "いません（ソケットファイルが削除された？）。`kioku daemon stop` で終了できます",
    .cannot_create_pipe = "パイプを作れません: {error}",
    .cannot_fork = "fork できません: {error}",
    .cannot_run = "kioku: {program} を実行できません: {error}",
    .not_ready = "kiokud が {seconds} 秒以内に準備完了になりませんでした（ログ: {log}）",
    .failed_to_start = "kiokud を起動できませんでした（ログ: {log}）",
    .failed_to_start_because = "kiokud を起動できませんでした: {reason}（ログ: {log}）",
    .protocol_mismatch =
        "kiokud のプロトコルは {theirs}、この kioku は {ours} です（デーモンの稼働中にどちらかが"
        "更新されました）。`kioku daemon restart` を実行してください",
    .reply_too_long = "kiokud からの返事が {mebibytes} MiB を超えています",
    .not_json_rpc = "kiokud が JSON-RPC ではないものを送ってきました: {line}",
    .neither_result_nor_error = "kiokud の返事に result も error もありません",
    .unknown_error = "不明なエラー",
};

}  // namespace

const ConnectionMessages& connection_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
