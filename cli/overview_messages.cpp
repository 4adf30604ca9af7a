// The overview commands' words in English and Japanese.
#include "cli/overview_messages.hpp"
#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const OverviewMessages kEnglish{
    .no_decks = "No decks yet. Import one with: kioku import FILE",
    .column_id = "ID",
    .column_name = "NAME",
    .column_cards = "CARDS",
    .column_due = "DUE",
    .column_new = "NEW",
    .column_learning = "LEARN",
    .column_review = "REVIEW",
    .due_counts = "{total} due ({new} new, {learning} learning, {review} review)",
    .unburied_one = "{count} card unburied",
    .unburied_many = "{count} cards unburied",
    .stats_no_such_deck = "No deck {deck} (kioku decks lists them)",
    .history_date = "Date",
    .history_reviews = "Reviews",
    .history_correct = "Correct",
    .history_new = "New",
    .history_time = "Time",
    .history_total = "Total",
    .history_none = "No answers in these days.",
};

const OverviewMessages kJapanese{
    .no_decks = "デッキはまだありません。kioku import FILE で取り込めます",
    .column_id = "ID",
    .column_name = "名前",
    .column_cards = "カード",
    .column_due = "期限",
    .column_new = "新規",
    .column_learning = "学習中",
    .column_review = "復習",
    .due_counts = "復習待ち {total} 枚（新規 {new}、学習中 {learning}、復習 {review}）",
    .unburied_one = "{count} 枚のカードの延期を解除しました",
    .unburied_many = "{count} 枚のカードの延期を解除しました",
    .stats_no_such_deck = "デッキ {deck} はありません（kioku decks で一覧できます）",
    .history_date = "日付",
    .history_reviews = "復習",
    .history_correct = "正解",
    .history_new = "新規",
    .history_time = "時間",
    .history_total = "合計",
    .history_none = "この期間の解答はありません。",
};

}  // namespace

const OverviewMessages& overview_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
