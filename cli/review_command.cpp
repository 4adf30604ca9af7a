// kioku review [--deck NAME] [--tag T] [--cram] [--no-shuffle] [--seed N] [--limit N] [--new N]
//              [--time DURATION] [--inline]
#include <limits>

#include "cli/commands.hpp"
#include "cli/review_session.hpp"

namespace kioku::cli {

CommandGroup review_commands() {
  return {
      Command<ReviewOptions>("review", {"Review the cards due now", "今復習するカードを復習する"})
          .option(&ReviewOptions::deck, "--deck",
                  {"only this deck and the decks under it (A::B takes A::B::C): its id or its "
                   "name in any language, from `kioku decks`",
                   "このデッキとその下のデッキだけ（A::B は A::B::C も含む）。ID またはいずれかの"
                   "言語の名前で指定（`kioku decks` で確認）"})
          .option(&ReviewOptions::tag, "--tag",
                  {"only cards of notes with this tag or a tag under it (a::b takes a::b::c), "
                   "in any case",
                   "このタグ（またはその下のタグ。a::b は a::b::c も含む）を持つノートのカード"
                   "だけ（大文字小文字は区別しない）"})
          .flag(&ReviewOptions::cram, "--cram",
                {"cram: study cards that are not new, due or not, soonest due first, without "
                 "changing their schedule (logged as cram)",
                 "詰め込み: 新規でないカードを期日にかかわらず期日の近い順に学習し、予定は"
                 "変えない（詰め込みとして記録）"})
          .flag(&ReviewOptions::shuffle, "--no-shuffle",
                {"show choices in the deck's order (stable numbering for scripts)",
                 "選択肢をデッキの順に表示する（スクリプト向けに番号が変わらない）"},
                false)
          .option(&ReviewOptions::seed, "--seed",
                  {"shuffle the choices the same way on every run (for tests): the order is "
                   "still drawn again at each showing",
                   "選択肢を毎回同じように並べ替える（テスト向け）。表示のたびに並べ替えるのは"
                   "変わらない"},
                  between(0, std::numeric_limits<int>::max()))
          // Not CLI::PositiveNumber: its message spells out the range of a double, 300 digits
          // long.
          .option(&ReviewOptions::limit, "--limit",
                  {"stop after this many cards", "この枚数で終了する"},
                  between(1, std::numeric_limits<int>::max()))
          .option(&ReviewOptions::new_limit, "--new",
                  {"today's new-card limit for this session, in place of each deck's",
                   "このセッションでの今日の新規カード上限（各デッキの設定の代わり）"},
                  between(0, std::numeric_limits<int>::max()))
          .option(&ReviewOptions::time, "--time",
                  {"stop after the card in progress once this much time has passed (10m, 90s, "
                   "1h30m), by kiokud's clock",
                   "この時間が過ぎたら表示中のカードの後で終了する（10m、90s、1h30m。kiokud "
                   "の時計で計る）"})
          .flag(&ReviewOptions::inline_screen, "--inline",
                {"line by line, without taking over the terminal's screen",
                 "画面全体を使わず、1 行ずつ表示する"})
          .runs(run_review)};
}

}  // namespace kioku::cli
