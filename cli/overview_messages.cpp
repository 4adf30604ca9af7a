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
    .reviews_one = "{count} review",
    .reviews_many = "{count} reviews",
    .cards_one = "{count} card",
    .cards_many = "{count} cards",
    .decks_one = "{count} deck",
    .decks_many = "{count} decks",
    .today = "Today: {reviews}, {correct} correct{share}, {new} new, {time}",
    .streak_one = "Streak: {count} day",
    .streak_many = "Streak: {count} days",
    .collection = "Collection: {cards} in {decks}, {reviews} in all",
    .due_now = "Due now: {count}",
    .stats_options_need_json =
        "--deck and --period work with --json for now: without it, kioku stats shows today's "
        "summary of the whole collection",
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
    .reviews_one = "復習 {count} 回",
    .reviews_many = "復習 {count} 回",
    .cards_one = "カード {count} 枚",
    .cards_many = "カード {count} 枚",
    .decks_one = "デッキ {count} 個",
    .decks_many = "デッキ {count} 個",
    .today = "今日: {reviews}、正解 {correct}{share}、新規 {new}、{time}",
    .streak_one = "連続学習: {count} 日",
    .streak_many = "連続学習: {count} 日",
    .collection = "コレクション: {decks}、{cards}、累計 {reviews}",
    .due_now = "今すぐ復習: {count} 枚",
    .stats_options_need_json =
        "--deck と --period は今のところ --json と一緒にだけ使えます（--json なしの kioku stats "
        "はコレクション全体の今日の概要を表示します）",
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
