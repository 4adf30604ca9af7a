#include "cli/simulate_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const SimulateMessages kEnglish{
    .simulated =
        "Simulated {days} days: {studied} studied and {new} new cards, at most "
        "{new_per_day} new cards and {reviews_per_day} reviews a day.",
    .learner_deck = "The learner remembers by the deck's FSRS-6 parameters.",
    .learner_fitted =
        "The learner remembers by FSRS-6 parameters fitted to the history "
        "({items} training items).",
    .learner_defaults =
        "The learner remembers by FSRS-6's default parameters (the history is "
        "too short to fit better ones).",
    .learner_deck_defaults =
        "The learner remembers by FSRS-6's default parameters, which the deck still has "
        "(kioku sched optimize --deck DECK --apply fits its own).",
    .retention = "Retention",
    .reviews_per_day = "Reviews/day",
    .minutes_per_day = "Minutes/day",
    .peak_day = "Busiest day",
    .new_cards = "New cards",
    .known_at_end = "Known at end",
    .minutes_per_known = "Minutes per card known",
    .minimum_retention =
        "Minimum recommended retention: {retention} (the least time per card "
        "known after {days} days).",
    .retention_with_sm2 = "--desired-retention is for --algorithm fsrs; SM-2 has none",
    .bad_desired_retention =
        "--desired-retention must be a number from 0.70 to 0.99, got '{value}'",
    .deck_or_history =
        "give --deck DECK to simulate a deck through kiokud, or --history FILE to simulate a "
        "history file offline (one of the two)",
    .deck_retention_with_sm2 =
        "deck {deck} schedules with SM-2: --desired-retention is for FSRS (add --algorithm fsrs "
        "to simulate it on FSRS)",
    .deck_sm2_classic =
        "deck {deck} uses classic SM-2 (0-5 answers), which the simulation does not model: add "
        "--algorithm sm2 or --algorithm fsrs",
};

const SimulateMessages kJapanese{
    .simulated =
        "{days} 日間をシミュレーションしました: 学習済み {studied} 枚、新規 {new} 枚、"
        "1 日に新規 {new_per_day} 枚・復習 {reviews_per_day} 枚まで。",
    .learner_deck = "学習者の記憶はデッキの FSRS-6 パラメータに従います。",
    .learner_fitted =
        "学習者の記憶は履歴に最適化した FSRS-6 パラメータ（学習項目 {items} "
        "件）に従います。",
    .learner_defaults =
        "学習者の記憶は FSRS-6 の既定パラメータに従います（履歴が短く、"
        "よりよいパラメータを求められません）。",
    .learner_deck_defaults =
        "学習者の記憶は FSRS-6 の既定パラメータに従います。デッキはまだ既定値のままです"
        "（kioku sched optimize --deck DECK --apply で自分用に最適化できます）。",
    .retention = "保持率",
    .reviews_per_day = "復習/日",
    .minutes_per_day = "分/日",
    .peak_day = "最多の日",
    .new_cards = "新規カード",
    .known_at_end = "最後に覚えている数",
    .minutes_per_known = "覚えた 1 枚あたりの分",
    .minimum_retention =
        "推奨最小保持率: {retention}（{days} 日後に覚えている 1 枚あたりの時間が"
        "最も少ない値）。",
    .retention_with_sm2 = "--desired-retention は --algorithm fsrs 用です。SM-2 にはありません",
    .bad_desired_retention =
        "--desired-retention は 0.70 から 0.99 の数にしてください（'{value}' が指定されました）",
    .deck_or_history =
        "kiokud 経由でデッキをシミュレーションするには --deck DECK を、履歴ファイルをオフラインで"
        "シミュレーションするには --history FILE を指定してください（どちらか一方）",
    .deck_retention_with_sm2 =
        "デッキ {deck} は SM-2 でスケジュールしています: --desired-retention は FSRS 用です"
        "（FSRS でシミュレーションするには --algorithm fsrs を加えてください）",
    .deck_sm2_classic =
        "デッキ {deck} は従来の SM-2（0-5 の回答）を使っており、シミュレーションでは扱えません: "
        "--algorithm sm2 または --algorithm fsrs を加えてください",
};

}  // namespace

const SimulateMessages& simulate_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
