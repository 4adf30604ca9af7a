// The HTML report's words in English and Japanese.
#include "cli/report_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const ReportMessages kEnglish{
    .language = "en",
    .page_title = "kioku statistics",
    .today_title = "Today",
    .streak_title = "Streak",
    .cards_title = "Card counts",
    .forecast_title = "Future due, next {days} days",
    .reviews_title = "Reviews per day",
    .time_title = "Time per day",
    .intervals_title = "Review intervals",
    .ease_title = "Ease (SM-2 decks)",
    .difficulty_title = "Difficulty (FSRS decks)",
    .stability_title = "Stability (FSRS decks)",
    .retrievability_title = "Retrievability (FSRS decks)",
    .added_title = "Added per day",
    .review = "Review",
    .relearning = "Relearning",
    .cram = "Cram",
    .new_cards = "New",
    .suspended = "Suspended",
    .buried = "Buried",
    .leeches = "Leeches",
    .current = "Current",
    .longest = "Longest",
    .passed_failed = "{passed} passed, {failed} failed",
    .forecast_figures =
        "Total {total} in {days} days, {average} a day, {tomorrow} due tomorrow, "
        "{overdue} overdue, daily load {load}",
    .reviews_figures =
        "Days studied: {studied} of {days}. Answers: {total}, {average} a day, "
        "{average_studied} a day studied",
    .time_figures = "Time: {time}, {average} a day, {answer_time} an answer",
    .histogram_figures = "{cards}, median {median}",
    .percent_median = "{count}%",
    .retrievability_figures =
        "{cards}, average retrievability {average}, estimated total "
        "knowledge {knowledge_cards} cards ({knowledge_notes} notes)",
    .hours_figures = "Bars: answers in the hour (local time). Line: share correct (right axis).",
    .added_figures = "{cards} added",
    .cards_total = "{total} cards in all (leeches are counted beside the others)",
    .no_data = "Nothing to show.",
    .fsrs_only = "Only cards of decks scheduled with FSRS are counted.",
    .sm2_only = "Only cards of decks scheduled with SM-2 are counted.",
    .day_answers = "{date}: {answers}",
    .day_cards = "{date}: {cards}",
    .in_days = "+{count}d",
    .range_days = "{from}-{to} d",
    .range_percent = "{from}-{to}%",
    .hour = "{hour}:00",
    .axis_minutes = "{count} min",
    .axis_seconds = "{count} s",
    .less = "Less",
    .more = "More",
    .made_by = "Made by kioku on {date}. Every figure is defined in kioku's docs/stats.md.",
    .cannot_write = "Could not write the report {file}: {error}",
    .html_and_json = "--html writes the report as HTML: leave out --json (or use --json alone)",
};

const ReportMessages kJapanese{
    .language = "ja",
    .page_title = "kioku 統計",
    .today_title = "今日",
    .streak_title = "連続学習",
    .cards_title = "カードの数",
    .forecast_title = "今後{days}日の復習予定",
    .reviews_title = "日ごとの解答数",
    .time_title = "日ごとの学習時間",
    .intervals_title = "復習間隔",
    .ease_title = "易しさ（SM-2 のデッキ）",
    .difficulty_title = "難易度（FSRS のデッキ）",
    .stability_title = "安定性（FSRS のデッキ）",
    .retrievability_title = "想起確率（FSRS のデッキ）",
    .added_title = "日ごとの追加数",
    .review = "復習",
    .relearning = "再学習",
    .cram = "詰め込み",
    .new_cards = "新規",
    .suspended = "保留",
    .buried = "延期",
    .leeches = "リーチ",
    .current = "現在",
    .longest = "最長",
    .passed_failed = "合格 {passed}、不合格 {failed}",
    .forecast_figures =
        "{days}日で合計 {total}、1日平均 {average}、明日 {tomorrow}、"
        "期限切れ {overdue}、1日の負荷 {load}",
    .reviews_figures =
        "学習した日: {days}日中 {studied}日。解答: {total}、1日平均 {average}、"
        "学習した日の平均 {average_studied}",
    .time_figures = "時間: {time}、1日平均 {average}、1解答あたり {answer_time}",
    .histogram_figures = "{cards}、中央値 {median}",
    .percent_median = "{count}％",
    .retrievability_figures =
        "{cards}、平均想起確率 {average}、推定総知識量 カード "
        "{knowledge_cards} 枚（ノート {knowledge_notes}）",
    .hours_figures = "棒: その時間帯の解答数（現地時刻）。線: 正解率（右の目盛り）。",
    .added_figures = "{cards}を追加",
    .cards_total = "合計 {total} 枚（リーチはほかと別に数えます）",
    .no_data = "表示するものはありません。",
    .fsrs_only = "FSRS で予定を決めるデッキのカードだけを数えます。",
    .sm2_only = "SM-2 で予定を決めるデッキのカードだけを数えます。",
    .day_answers = "{date}: {answers}",
    .day_cards = "{date}: {cards}",
    .in_days = "{count}日後",
    .range_days = "{from}〜{to}日",
    .range_percent = "{from}〜{to}％",
    .hour = "{hour}時",
    .axis_minutes = "{count}分",
    .axis_seconds = "{count}秒",
    .less = "少",
    .more = "多",
    .made_by = "kioku が {date} に作成。各数値の定義は kioku の docs/stats.md にあります。",
    .cannot_write = "レポート {file} を書けませんでした: {error}",
    .html_and_json =
        "--html は HTML のレポートを書きます。--json を外してください（または --json "
        "だけを使ってください）",
};

}  // namespace

const ReportMessages& report_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
