// kioku review [--deck ID] [--no-shuffle] [--limit N] [--new N] [--time DURATION] [--inline]
#include <limits>

#include "cli/commands.hpp"
#include "cli/review_session.hpp"

namespace kioku::cli {

CommandGroup review_commands() {
  return {
      Command<ReviewOptions>("review", {"Review the cards due now", "今復習するカードを復習する"})
          .option(&ReviewOptions::deck, "--deck",
                  {"only this deck (its id, from `kioku decks`)",
                   "このデッキだけ（ID は `kioku decks` で確認）"})
          .flag(&ReviewOptions::shuffle, "--no-shuffle",
                {"show choices in the deck's order (stable numbering for scripts)",
                 "選択肢をデッキの順に表示する（スクリプト向けに番号が変わらない）"},
                false)
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
