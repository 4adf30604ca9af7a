// kioku due's words in English and Japanese.
#include "cli/due_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const DueMessages kEnglish{
    .count_with_watch = "--count and --watch cannot be used together",
    .tag_with_watch =
        "--tag and --watch cannot be used together: --watch counts a whole deck, for status bars",
    .unknown_placeholder = "--format: unknown placeholder {placeholder}; known: {known}",
    .unclosed_brace =
        "--format: the opening brace at byte {position} is never closed (to print "
        "a brace, double it)",
    .stray_brace =
        "--format: the closing brace at byte {position} closes nothing (to print a "
        "brace, double it)",
    .watch_ended =
        "kiokud stopped or closed the connection; the due counts are no longer "
        "watched",
    .watch_strange_line = "kiokud sent a line that is not a due.changed notification: {line}",
};

const DueMessages kJapanese{
    .count_with_watch = "--count と --watch は同時に使えません",
    .tag_with_watch =
        "--tag と --watch は同時に使えません。--watch はステータスバー用にデッキ全体を数えます",
    .unknown_placeholder =
        "--format: {placeholder} は使えない差し込み項目です（使えるもの: {known}）",
    .unclosed_brace =
        "--format: {position} バイト目の開き波括弧が閉じられていません"
        "（波括弧そのものは二つ重ねて書きます）",
    .stray_brace =
        "--format: {position} バイト目の閉じ波括弧に対応する開き波括弧がありません"
        "（波括弧そのものは二つ重ねて書きます）",
    .watch_ended = "kiokud が停止したか接続を切りました。復習待ちの数の監視を終えます",
    .watch_strange_line = "kiokud から due.changed 通知ではない行が届きました: {line}",
};

}  // namespace

const DueMessages& due_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
