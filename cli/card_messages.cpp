// kioku card show's words in English and Japanese.
#include "cli/card_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const CardMessages kEnglish{
    .title = "Card {card}: deck {deck}, note {note}, {kind}",
    .retired = "Retired: its note no longer makes this card.",
    .question = "Question",
    .answer = "Answer",
    .explanation = "Explanation",
    .state = "State: {phase}, due {due}, interval {interval}, {reps}, {lapses}{flags}",
    .not_due = "when first studied",
    .suspended = ", suspended",
    .leech = ", leech",
    .reps_one = "{count} review",
    .reps_many = "{count} reviews",
    .lapses_one = "{count} lapse",
    .lapses_many = "{count} lapses",
    .phase_new = "new",
    .phase_learning = "learning",
    .phase_review = "review",
    .phase_relearning = "relearning",
    .history = "History: {answers}",
    .answers_one = "{count} answer",
    .answers_many = "{count} answers",
    .history_none = "No answers yet.",
    .column_time = "Time",
    .column_rating = "Rating",
    .column_kind = "Kind",
    .column_interval = "Interval",
    .column_memory = "Memory",
    .column_took = "Took",
    .again = "Again",
    .hard = "Hard",
    .good = "Good",
    .easy = "Easy",
    .kind_learning = "learning",
    .kind_review = "review",
    .kind_relearning = "relearning",
    .kind_cram = "cram",
    .days = "{count}d",
    .ease = "ease {ease}",
    .stability_difficulty = "S {stability}d D {difficulty}",
    .no_such_card = "No card {card}",
};

const CardMessages kJapanese{
    .title = "カード {card}: デッキ {deck}、ノート {note}、{kind}",
    .retired = "廃止: ノートはもうこのカードを作りません。",
    .question = "問題",
    .answer = "答え",
    .explanation = "解説",
    .state = "状態: {phase}、期限 {due}、間隔 {interval}、{reps}、{lapses}{flags}",
    .not_due = "初回の学習時",
    .suspended = "、保留中",
    .leech = "、リーチ",
    .reps_one = "復習 {count} 回",
    .reps_many = "復習 {count} 回",
    .lapses_one = "失敗 {count} 回",
    .lapses_many = "失敗 {count} 回",
    .phase_new = "新規",
    .phase_learning = "学習中",
    .phase_review = "復習",
    .phase_relearning = "再学習",
    .history = "履歴: {answers}",
    .answers_one = "解答 {count} 回",
    .answers_many = "解答 {count} 回",
    .history_none = "まだ解答はありません。",
    .column_time = "日時",
    .column_rating = "評価",
    .column_kind = "種類",
    .column_interval = "間隔",
    .column_memory = "記憶",
    .column_took = "所要",
    .again = "もう一度",
    .hard = "難しい",
    .good = "正解",
    .easy = "簡単",
    .kind_learning = "学習",
    .kind_review = "復習",
    .kind_relearning = "再学習",
    .kind_cram = "詰め込み",
    .days = "{count}日",
    .ease = "易しさ {ease}",
    .stability_difficulty = "S {stability}日 D {difficulty}",
    .no_such_card = "カード {card} はありません",
};

}  // namespace

const CardMessages& card_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
