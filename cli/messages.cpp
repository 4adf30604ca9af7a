// Message tables; Japanese as a Japanese user of a developer tool would expect it.
#include "cli/messages.hpp"
#include "cli/language_choice.hpp"

#include <algorithm>

namespace kioku::cli {

namespace {

const Messages kEnglish{
    .answer_prompt = "Your answer",
    .quit_hint = "q to quit",
    .bury_hint = "- to bury",
    .buried = "Buried until tomorrow",
    .correct = "Correct",
    .wrong = "Wrong",
    .the_answer_is = "the answer is",
    .rate_prompt = "How well did you know it?",
    .hard = "Hard",
    .good = "Good",
    .easy = "Easy",
    .next_review_in = "next review in",
    .nothing_due = "Nothing is due. Well done.",
    .session_heading = "Session",
    .reviewed = "cards reviewed",
    .reviewed_one = "card reviewed",
    .correct_count = "correct",
    .time_spent = "time spent",
    .next_due = "Next review",
    .still_due = "still due now",
    .now = "now",
    .new_cards = "new",
    .learning = "learning",
    .review = "review",
    .answer_not_recorded = "Your answer to card {card} was not recorded; {saved}.",
    .answer_unconfirmed =
        "kiokud did not confirm your answer to card {card}: it may or may not have been "
        "recorded; {saved}.",
    .daemon_lost = "kiokud could not be reached again; {saved}.",
    .interrupted = "Interrupted while waiting for kiokud; {saved}.",
    .interrupted_answer =
        "Interrupted while waiting for kiokud; your answer to card {card} was not confirmed "
        "(kiokud may still record it); {saved}.",
    .saved_one = "1 answer of this session was saved",
    .saved_many = "{count} answers of this session were saved",
    .not_a_choice =
        "input line {line}: \"{word}\" is not a choice (1-{count} or a-{letter}) nor "
        "bury (-)",
    .not_a_rating = "input line {line}: \"{word}\" is not a rating (hard, good or easy)",
    .reveal_prompt = "Enter or space shows the answer",
    .again = "Again",
    .type_prompt = "Type the answer, then Enter",
    .typed_label = "You typed",
    .expected_label = "Expected",
    .not_a_self_rating =
        "input line {line}: \"{word}\" is not a rating (again, hard, good, easy or 1-4) nor "
        "bury (-)",
    .not_a_typed_rating =
        "input line {line}: \"{word}\" after the tab is not a rating (again, hard, good, easy or "
        "1-4)",
    .neither_held_nor_recorded = "kiokud neither held nor recorded the answer",
    .undone = "Undone: your answer to card {card} ({rating}); the card comes back",
    .nothing_to_undo = "Nothing to undo in this session",
    .suspended_card = "Suspended: out of reviews until kioku unsuspend {card}",
    .busy_not_recorded =
        "Not recorded: an import or a rebuild is writing the collection. The card comes again; "
        "try again once it has ended",
    .gone_not_recorded =
        "Not recorded: card {card} left the reviews elsewhere meanwhile (suspended, or its note "
        "deleted)",
    .time_up = "Time is up ({time}).",
    .bad_session_time =
        "--time must be a duration from 1s to 24h such as 10m, 90s or 1h30m, got '{value}'",
    .cram_header = "Cram: {left} left, not rescheduled",
    .cram_answered = "not rescheduled (cram)",
    .no_deck_named = "No deck has the id or name {deck} (kioku decks lists them)",
    .deck_ambiguous = "More than one deck is named {deck}: {candidates}; give its id",
};

const Messages kJapanese{
    .answer_prompt = "回答",
    .quit_hint = "q で終了",
    .bury_hint = "- で明日に延期",
    .buried = "明日まで延期しました",
    .correct = "正解",
    .wrong = "不正解",
    .the_answer_is = "正解は",
    .rate_prompt = "どのくらい覚えていましたか？",
    .hard = "難しい",
    .good = "普通",
    .easy = "簡単",
    .next_review_in = "次の復習まで",
    .nothing_due = "復習するカードはありません。お疲れさまでした。",
    .session_heading = "セッション",
    .reviewed = "枚を復習",
    .reviewed_one = "枚を復習",  // Japanese counts the same for one
    .correct_count = "問正解",
    .time_spent = "所要時間",
    .next_due = "次の復習",
    .still_due = "枚がまだ復習待ちです",
    .now = "今すぐ",
    .new_cards = "新規",
    .learning = "学習中",
    .review = "復習",
    .answer_not_recorded = "カード {card} への回答は記録されていません。{saved}。",
    .answer_unconfirmed =
        "kiokud はカード {card} への回答を確認していません。記録されたかどうかは分かりません。"
        "{saved}。",
    .daemon_lost = "kiokud に再接続できませんでした。{saved}。",
    .interrupted = "kiokud の応答待ちを中断しました。{saved}。",
    .interrupted_answer =
        "kiokud の応答待ちを中断しました。カード {card} への回答は確認されていません"
        "（kiokud が後で記録する可能性があります）。{saved}。",
    .saved_one = "このセッションで保存された回答は 1 件です",
    .saved_many = "このセッションで保存された回答は {count} 件です",
    .not_a_choice =
        "入力の {line} 行目: \"{word}\" は選択肢（1-{count} または a-{letter}）でも"
        "延期（-）でもありません",
    .not_a_rating = "入力の {line} 行目: \"{word}\" は評価（hard、good、easy）ではありません",
    .reveal_prompt = "Enter かスペースで答えを表示",
    .again = "もう一度",
    .type_prompt = "答えを入力して Enter",
    .typed_label = "あなたの答え",
    .expected_label = "正解",
    .not_a_self_rating =
        "入力の {line} 行目: \"{word}\" "
        "は評価（again、hard、good、easy、1〜4）でも延期（-）でもありません",
    .not_a_typed_rating =
        "入力の {line} 行目: タブの後の \"{word}\" "
        "は評価（again、hard、good、easy、1〜4）ではありません",
    .neither_held_nor_recorded = "kiokud は回答を保留も記録もしませんでした",
    .undone = "取り消しました: カード {card} への回答（{rating}）。このカードがもう一度出ます",
    .nothing_to_undo = "このセッションには取り消せる回答がありません",
    .suspended_card = "保留にしました: kioku unsuspend {card} まで復習に出ません",
    .busy_not_recorded =
        "記録されていません: 取り込みか再構築がコレクションに書き込み中です。このカードがもう一度"
        "出ます。それが終わってからやり直してください",
    .gone_not_recorded =
        "記録されていません: カード {card} はその間に別の場所で復習から外されました（保留か、"
        "ノートの削除）",
    .time_up = "時間になりました（{time}）。",
    .bad_session_time =
        "--time には 1s から 24h までの時間を 10m、90s、1h30m のように指定してください"
        "（指定された値: '{value}'）",
    .cram_header = "詰め込み: 残り {left} 枚、予定は変わりません",
    .cram_answered = "予定は変わりません（詰め込み）",
    .no_deck_named = "ID または名前が {deck} のデッキはありません（kioku decks で一覧できます）",
    .deck_ambiguous =
        "{deck} という名前のデッキが複数あります: {candidates}。ID で指定してください",
};

}  // namespace

const Messages& messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

std::string fill_in_count(std::int64_t count, std::string_view one, std::string_view many) {
  return fill_in(count == 1 ? one : many, {{"count", std::to_string(count)}});
}

}  // namespace kioku::cli
