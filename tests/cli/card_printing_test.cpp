// kioku card show's answer lines (cli/card_printing.hpp): each answer's cells in both
// languages, in the local time zone.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cli/card_printing.hpp"
#include "tests/core/time_zone_guard.hpp"

using namespace kioku;
using namespace kioku::cli;
using Cells = std::vector<std::string>;

TEST_CASE("card show: an answer's time, rating, kind, intervals, memory and time taken",
          "[cli][card]") {
  const test::TimeZoneGuard zone("Asia/Tokyo");
  protocol::CardAnswerView answer;
  answer.time_ms = 1780308000000;  // 2026-06-01T10:00:00Z, 19:00 in Tokyo
  answer.rating = "good";
  answer.kind = "review";
  answer.interval_before_days = 3;
  answer.interval_after_days = 8;
  answer.ease.emplace(2.5);
  answer.duration_ms = 12'400;
  CHECK(answer_cells(answer, "en") ==
        Cells{"2026-06-01 19:00", "Good", "review", "3d → 8d", "ease 2.50", "12s"});
  CHECK(answer_cells(answer, "ja") ==
        Cells{"2026-06-01 19:00", "正解", "復習", "3日 → 8日", "易しさ 2.50", "12秒"});

  SECTION("an FSRS answer shows S and D") {
    protocol::CardAnswerView fsrs = answer;
    fsrs.ease.reset();
    fsrs.stability.emplace(12.345);
    fsrs.difficulty.emplace(5.06);
    fsrs.rating = "again";
    fsrs.kind = "relearning";
    CHECK(answer_cells(fsrs, "en") ==
          Cells{"2026-06-01 19:00", "Again", "relearning", "3d → 8d", "S 12.3d D 5.1", "12s"});
  }
  SECTION("a learning answer has no memory yet; an unknown word is shown safely") {
    protocol::CardAnswerView learning = answer;
    learning.ease.reset();
    learning.kind = "future\x1b[2J";
    CHECK(answer_cells(learning, "en")[2] == "future\\u001b[2J");
    CHECK(answer_cells(learning, "en")[4].empty());
  }
}
