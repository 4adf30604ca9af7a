// The stats dashboard's words in English and Japanese.
#include "cli/dashboard_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const DashboardMessages kEnglish{
    .title_collection = "Statistics: all decks, {period} (today {date})",
    .title_deck = "Statistics: deck {deck}, {period} (today {date})",
    .period_7d = "last 7 days",
    .period_30d = "last 30 days",
    .period_1y = "last year",
    .period_all = "all time",
    .today = "Today: {answers} in {time}, correct {share}, mature correct {mature_share}",
    .answers_one = "{count} answer",
    .answers_many = "{count} answers",
    .streak = "Streak: {current} (longest {longest})",
    .days_one = "{count} day",
    .days_many = "{count} days",
    .cards =
        "Cards: {new} new, {learning} learning, {relearning} relearning, {young} young, "
        "{mature} mature",
    .cards_more =
        "       {suspended} suspended, {buried} buried, {total} in all; leeches: {leeches}",
    .not_available = "N/A",
    .retention_title = "True retention",
    .young = "Young",
    .mature = "Mature",
    .all = "All",
    .row_today = "Today",
    .row_yesterday = "Yesterday",
    .row_7_days = "Last 7 days",
    .row_30_days = "Last 30 days",
    .row_365_days = "Last 365 days",
    .row_all_time = "All time",
    .buttons_title = "Answer buttons",
    .again = "Again",
    .hard = "Hard",
    .good = "Good",
    .easy = "Easy",
    .correct = "Correct",
    .learning = "Learning",
    .due_title = "Due in the next 30 days",
    .due_axis_start = "today",
    .due_axis_end = "+30d",
    .due_figures =
        "Due: {total} in 30 days, {average} a day, {tomorrow} tomorrow, daily load {load}",
    .hours_title = "Answers by hour",
    .intervals_title = "Intervals: {cards}, median {median}",
    .cards_one = "{count} card",
    .cards_many = "{count} cards",
    .median_days = "{count} d",
    .bucket_day = "0-1d",
    .bucket_days = "2-6d",
    .bucket_weeks = "1-3w",
    .bucket_months = "3w-3m",
    .bucket_year = "3m-1y",
    .bucket_years = "1y+",
    .calendar_title = "Calendar, last 365 days",
    .calendar_legend = "less {shades} more",
    .months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec",
    .weekdays = "Mon Wed Fri",
};

const DashboardMessages kJapanese{
    .title_collection = "統計: すべてのデッキ、{period}（今日 {date}）",
    .title_deck = "統計: デッキ {deck}、{period}（今日 {date}）",
    .period_7d = "過去7日",
    .period_30d = "過去30日",
    .period_1y = "過去1年",
    .period_all = "全期間",
    .today = "今日: {answers}、{time}、正解率 {share}、成熟カードの正解率 {mature_share}",
    .answers_one = "解答 {count} 回",
    .answers_many = "解答 {count} 回",
    .streak = "連続学習: {current}（最長 {longest}）",
    .days_one = "{count} 日",
    .days_many = "{count} 日",
    .cards =
        "カード: 新規 {new}、学習中 {learning}、再学習 {relearning}、若い {young}、"
        "成熟 {mature}",
    .cards_more = "        保留 {suspended}、延期 {buried}、合計 {total}（リーチ {leeches}）",
    .not_available = "N/A",
    .retention_title = "真の定着率",
    .young = "若い",
    .mature = "成熟",
    .all = "全体",
    .row_today = "今日",
    .row_yesterday = "昨日",
    .row_7_days = "過去7日",
    .row_30_days = "過去30日",
    .row_365_days = "過去365日",
    .row_all_time = "全期間",
    .buttons_title = "解答ボタン",
    .again = "もう一度",
    .hard = "難しい",
    .good = "正解",
    .easy = "簡単",
    .correct = "正答率",
    .learning = "学習中",
    .due_title = "今後30日の復習予定",
    .due_axis_start = "今日",
    .due_axis_end = "30日後",
    .due_figures = "予定: 30日で {total} 枚、1日平均 {average}、明日 {tomorrow}、1日の負荷 {load}",
    .hours_title = "時間帯別の解答",
    .intervals_title = "間隔: {cards}、中央値 {median}",
    .cards_one = "カード {count} 枚",
    .cards_many = "カード {count} 枚",
    .median_days = "{count} 日",
    .bucket_day = "0〜1日",
    .bucket_days = "2〜6日",
    .bucket_weeks = "1〜3週",
    .bucket_months = "3週〜3月",
    .bucket_year = "3月〜1年",
    .bucket_years = "1年〜",
    .calendar_title = "カレンダー（過去365日）",
    .calendar_legend = "少 {shades} 多",
    .months = "1月 2月 3月 4月 5月 6月 7月 8月 9月 10月 11月 12月",
    .weekdays = "月 水 金",
};

}  // namespace

const DashboardMessages& dashboard_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
