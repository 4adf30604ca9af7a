// Message tables; Japanese as a Japanese user of a developer tool would expect it.
#include "cli/messages.hpp"

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
};

}  // namespace

const Messages& messages_for(const std::string& language) {
  return language == "ja" ? kJapanese : kEnglish;
}

}  // namespace kioku::cli
