// Message tables; Japanese as a Japanese user of a developer tool would expect it.
#include "cli/messages.hpp"

namespace kioku::cli {

namespace {

const Messages kEnglish{"Your answer",
                        "q to quit",
                        "Correct",
                        "Wrong",
                        "the answer is",
                        "How well did you know it?",
                        "Hard",
                        "Good",
                        "Easy",
                        "next review in",
                        "Nothing is due. Well done.",
                        "Session",
                        "cards reviewed",
                        "correct",
                        "time spent",
                        "Next review",
                        "still due now",
                        "now"};

const Messages kJapanese{"回答",
                         "q で終了",
                         "正解",
                         "不正解",
                         "正解は",
                         "どのくらい覚えていましたか？",
                         "難しい",
                         "普通",
                         "簡単",
                         "次の復習まで",
                         "復習するカードはありません。お疲れさまでした。",
                         "セッション",
                         "枚を復習",
                         "問正解",
                         "所要時間",
                         "次の復習",
                         "枚がまだ復習待ちです",
                         "今すぐ"};

}  // namespace

const Messages& messages_for(const std::string& language) {
  return language == "ja" ? kJapanese : kEnglish;
}

}  // namespace kioku::cli
