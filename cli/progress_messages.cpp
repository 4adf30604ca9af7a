// The progress bar's words in English and Japanese.
#include "cli/progress_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const ProgressMessages kEnglish{
    .reading = "Reading cards and answers",
    .fitting = "Fitting the parameters",
    .scoring = "Scoring",
    .simulating = "Simulating",
    .working = "Working",
};

const ProgressMessages kJapanese{
    .reading = "カードと解答を読み込み中",
    .fitting = "パラメータを最適化中",
    .scoring = "評価中",
    .simulating = "シミュレーション中",
    .working = "処理中",
};

}  // namespace

const ProgressMessages& progress_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
