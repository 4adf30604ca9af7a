// The progress bar's line (cli/progress_bar.hpp): the stage in the user's words, a bar that
// fits the terminal, Japanese labels measured in columns, and no daemon text on the terminal.
#include "cli/progress_bar.hpp"

#include <catch2/catch.hpp>

#include "core/unicode.hpp"

namespace kioku::cli {
namespace {

TEST_CASE("progress bar: the stage's words, the bar and the whole percent", "[cli][progress]") {
  const ProgressMessages& english = progress_messages_for("en");
  CHECK(ProgressBar::line(english, "fitting", 0.4375, 80) ==
        "Fitting the parameters [#################.......................] 43%");
  CHECK(ProgressBar::line(english, "simulating", 0.0, 80) ==
        "Simulating [........................................] 0%");
  CHECK(ProgressBar::line(english, "reading", 1.0, 80) ==
        "Reading cards and answers [########################################] 100%");
  // Out of range: brought into 0 to 1.
  CHECK(ProgressBar::line(english, "scoring", 3.0, 80) ==
        ProgressBar::line(english, "scoring", 1.0, 80));
}

TEST_CASE("progress bar: a narrow terminal gets a shorter bar, then none", "[cli][progress]") {
  const ProgressMessages& japanese = progress_messages_for("ja");
  for (int columns = 10; columns <= 80; ++columns) {
    INFO(columns);
    const std::string line = ProgressBar::line(japanese, "simulating", 0.5, columns);
    CHECK((display_width(line) <= columns || line == "シミュレーション中 50%"));
  }
  // The label takes 18 columns, "[] 100%" 8 and its space 1.
  CHECK(ProgressBar::line(japanese, "simulating", 0.5, 32) == "シミュレーション中 [###...] 50%");
  CHECK(ProgressBar::line(japanese, "simulating", 0.5, 30) == "シミュレーション中 50%");
}

TEST_CASE("progress bar: a stage this kioku does not know is 'working', never the daemon's word",
          "[cli][progress]") {
  CHECK(ProgressBar::line(progress_messages_for("en"), "\x1b]52;c;x\x07", 0.5, 30) ==
        "Working [#######........] 50%");
  CHECK(ProgressBar::line(progress_messages_for("ja"), "compressing", 0.5, 30)
            .starts_with("処理中 "));
}

TEST_CASE("progress bar: an import's cards - their rate and the time left - after the bar",
          "[cli][progress]") {
  const ProgressMessages& english = progress_messages_for("en");
  // Too early for a rate: the cards alone.
  CHECK(ProgressBar::counting(english, "en", 1200, 0.1, {0, 0.0, 300}) == "1200 cards");
  CHECK(ProgressBar::counting(english, "en", 1, 0.0, {0, 0.0, 300}) == "1 card");
  // A time left under a second is a second.
  CHECK(ProgressBar::counting(english, "en", 9'000, 0.9, {0, 0.0, 900}).ends_with(" · 1s left"));
  // 40,000 cards in 4 s, a quarter done: 10,000 a second and 12 s left.
  CHECK(ProgressBar::counting(english, "en", 40'000, 0.25, {0, 0.0, 4'000}) ==
        "40000 cards · 10000/s · 12s left");
  // Done, or under 1% done: no time left to tell.
  CHECK(ProgressBar::counting(english, "en", 40'000, 1.0, {0, 0.0, 4'000}) ==
        "40000 cards · 10000/s");
  CHECK(ProgressBar::counting(english, "en", 10, 0.001, {0, 0.0, 4'000}) == "10 cards · 2/s");
  CHECK(ProgressBar::counting(progress_messages_for("ja"), "ja", 40'000, 0.25, {0, 0.0, 4'000}) ==
        "40000 枚 · 毎秒 10000 枚 · 残り 12秒");
  // Timed from the first card saved: 30,000 cards and 20% in 3 s since 10,000 and 5%.
  CHECK(ProgressBar::counting(english, "en", 40'000, 0.25, {10'000, 0.05, 3'000}) ==
        "40000 cards · 10000/s · 12s left");
  const std::string counting = "40000 cards · 10000/s · 12s left";
  CHECK(ProgressBar::line(english, "importing", 0.25, 100, counting) ==
        "Importing [##########..............................] 25%  " + counting);
  // A narrower terminal narrows the bar first, then leaves the counting out.
  for (int columns = 10; columns <= 100; ++columns) {
    INFO(columns);
    const std::string line = ProgressBar::line(english, "importing", 0.25, columns, counting);
    CHECK((display_width(line) <= columns || line == "Importing 25%"));
  }
  CHECK(ProgressBar::line(english, "importing", 0.25, 56, counting) ==
        "Importing [#....] 25%  " + counting);
  CHECK(ProgressBar::line(english, "importing", 0.25, 54, counting) ==
        ProgressBar::line(english, "importing", 0.25, 54));
}

}  // namespace
}  // namespace kioku::cli
