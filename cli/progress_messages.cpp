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
    .importing = "Importing",
    .checking = "Checking the collection file",
    .replaying = "Replaying review logs",
    .writing = "Writing the file",
    .restoring = "Restoring the collection",
    .backing_up = "Backing up the collection",
    .working = "Working",
    .cards_done_one = "{cards} card",
    .cards_done = "{cards} cards",
    .cards_rate = "{rate}/s",
    .time_left = "{time} left",
};

const ProgressMessages kJapanese{
    .reading = "カードと解答を読み込み中",
    .fitting = "パラメータを最適化中",
    .scoring = "評価中",
    .simulating = "シミュレーション中",
    .importing = "取り込み中",
    .checking = "コレクションのファイルを検査中",
    .replaying = "復習ログを再生中",
    .writing = "ファイルを書き込み中",
    .restoring = "コレクションを復元中",
    .backing_up = "コレクションをバックアップ中",
    .working = "処理中",
    .cards_done_one = "{cards} 枚",
    .cards_done = "{cards} 枚",
    .cards_rate = "毎秒 {rate} 枚",
    .time_left = "残り {time}",
};

}  // namespace

const ProgressMessages& progress_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
