// Message tables for the full-screen review.
#include "cli/review_screen_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const ReviewScreenMessages kEnglish{
    .counts_left = "{counts} left",
    .keys = "Space/Enter show · 1-4 rate · u undo · - bury · ! suspend · ? help · q quit",
    .typing_keys = "Enter check · Backspace erase · Ctrl-C quit",
    .rating_keys = "2-4 rate · ? help · q quit",
    .next_card = "Any key: the next card (u undoes this answer, q quits)",
    .help_title = "Keys",
    .help_reveal = "Space, Enter   show the answer (basic, reversed, cloze)",
    .help_rate = "1 2 3 4        Again, Hard, Good, Easy (or a h g e)",
    .help_choose = "1-9, a-i       pick a choice",
    .help_type = "typing         Enter checks the answer, Backspace erases a character",
    .help_undo = "u              undo the last answer of this session",
    .help_bury = "-              bury the card until tomorrow",
    .help_suspend = "!              suspend the card",
    .help_stop = "Ctrl-Z         pause kioku (fg comes back)",
    .help_quit = "q, Ctrl-C, Ctrl-D  quit with the session's summary",
    .help_close = "Any key closes this help.",
};

const ReviewScreenMessages kJapanese{
    .counts_left = "残り {counts}",
    .keys = "スペース/Enter 表示 · 1-4 評価 · u 取り消し · - 延期 · ! 保留 · ? ヘルプ · q 終了",
    .typing_keys = "Enter 答え合わせ · Backspace 1 文字消す · Ctrl-C 終了",
    .rating_keys = "2-4 評価 · ? ヘルプ · q 終了",
    .next_card = "何かキーで次のカードへ（u で取り消し、q で終了）",
    .help_title = "キー操作",
    .help_reveal = "スペース, Enter  答えを表示（基本・逆向き・穴埋め）",
    .help_rate = "1 2 3 4        もう一度・難しい・普通・簡単（a h g e でも可）",
    .help_choose = "1-9, a-i       選択肢を選ぶ",
    .help_type = "入力中         Enter で答え合わせ、Backspace で 1 文字消す",
    .help_undo = "u              このセッションの直前の回答を取り消す",
    .help_bury = "-              カードを明日まで延期",
    .help_suspend = "!              カードを保留にする",
    .help_stop = "Ctrl-Z         kioku を一時停止（fg で戻る）",
    .help_quit = "q, Ctrl-C, Ctrl-D  終了してセッションのまとめを表示",
    .help_close = "何かキーを押すとヘルプを閉じます。",
};

}  // namespace

const ReviewScreenMessages& review_screen_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
