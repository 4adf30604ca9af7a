// The full-screen review's frame (cli/review_frame.hpp): composed for a size from a card's
// lines and the counts, every row inside the width, the header and footer where they belong.
#include <algorithm>
#include <catch2/catch.hpp>

#include "cli/review_frame.hpp"
#include "cli/terminal/text_width.hpp"

using namespace kioku::cli;

namespace {

FrameContent japanese_card(int width) {
  FrameContent content;
  content.deck = "日本語::語彙";
  content.counts = "残り 新規 3 · 学習中 1 · 復習 12";
  content.clock = "2:05";
  content.body = wrap_text("「記憶」の読み方は何ですか？ ひらがなで答えてください。", width - 1);
  content.body.emplace_back();
  content.body.emplace_back("  1) きおく");
  content.prompt = "回答 (1-4, - で明日に延期, q で終了):";
  content.keys =
      "スペース/Enter 表示 · 1-4 評価 · u 取り消し · - 延期 · ! 保留 · ? ヘルプ · q 終了";
  return content;
}

void expect_inside(const std::vector<std::string>& rows, int width) {
  for (const std::string& row : rows) {
    INFO(row);
    CHECK(visible_width(row) <= width - 1);
  }
}

}  // namespace

TEST_CASE("review frame: header and card and footer fill the size exactly", "[cli][frame]") {
  const int width = 60;
  const int height = 12;
  const auto rows = compose_frame(japanese_card(width), width, height, false);
  REQUIRE(rows.size() == static_cast<std::size_t>(height));
  expect_inside(rows, width);
  // The header: the deck at the left, the counts and the clock against the right edge.
  CHECK(rows[0].rfind("日本語::語彙", 0) == 0);
  CHECK(rows[0].size() >= std::string("残り 新規 3 · 学習中 1 · 復習 12  2:05").size());
  CHECK(rows[0].substr(rows[0].size() - std::string("復習 12  2:05").size()) == "復習 12  2:05");
  CHECK(visible_width(rows[0]) == width - 1);
  CHECK(rows[1].find("─") == 0);
  // The card's lines from row 2 on, as they were laid out.
  CHECK(rows[2] == "「記憶」の読み方は何ですか？ ひらがなで答えてください。");
  CHECK(rows[4] == "  1) きおく");
  // The prompt, then the key hints wrapped over the last rows.
  CHECK(rows[height - 3] == "回答 (1-4, - で明日に延期, q で終了):");
  CHECK(rows[height - 2].rfind("スペース/Enter 表示", 0) == 0);
  CHECK(rows[height - 1].find("q 終了") != std::string::npos);
  CHECK(rows[5].empty());  // blank rows between the card and the footer
}

TEST_CASE("review frame: a narrower terminal gets a frame of its width", "[cli][frame]") {
  for (const int width : {20, 31, 40, 80}) {
    INFO("width " << width);
    const auto rows = compose_frame(japanese_card(width), width, 10, false);
    REQUIRE(rows.size() == 10);
    expect_inside(rows, width);
    // The counts and the clock stay whole while they fit; the deck's name gives way first.
    if (width >= 40) CHECK(rows[0].find("復習 12  2:05") != std::string::npos);
  }
}

TEST_CASE("review frame: when the card does not fit its latest lines stay", "[cli][frame]") {
  FrameContent content = japanese_card(40);
  content.body.clear();
  for (int i = 1; i <= 30; ++i) content.body.push_back("line " + std::to_string(i));
  const auto rows = compose_frame(content, 40, 12, false);
  REQUIRE(rows.size() == 12);
  // 12 rows: header, rule, the prompt and 3 rows of keys leave 6 for the card.
  std::vector<std::string> card(rows.begin() + 2, rows.end() - 4);
  CHECK(card ==
        std::vector<std::string>{"line 25", "line 26", "line 27", "line 28", "line 29", "line 30"});
}

TEST_CASE("review frame: a long card keeps its question on top and its latest lines",
          "[cli][frame]") {
  FrameContent content = japanese_card(40);
  content.body = {"Question one", "question two"};
  for (int i = 1; i <= 30; ++i) content.body.push_back("line " + std::to_string(i));
  content.question_rows = 2;
  const auto rows = compose_frame(content, 40, 14, false);
  REQUIRE(rows.size() == 14);
  // 14 rows: header, rule, the prompt and 3 rows of keys leave 8 for the card.
  std::vector<std::string> card(rows.begin() + 2, rows.end() - 4);
  CHECK(card == std::vector<std::string>{"Question one", "question two", "…", "line 26", "line 27",
                                         "line 28", "line 29", "line 30"});
  // A card that fits is shown whole, without the mark.
  content.body.resize(8);
  const auto whole = compose_frame(content, 40, 14, false);
  CHECK(std::vector<std::string>(whole.begin() + 2, whole.end() - 4) == content.body);
}

TEST_CASE("review frame: the help is shown over the card from its top", "[cli][frame]") {
  FrameContent content = japanese_card(60);
  content.overlay = {"Keys", "", "u  undo the last answer", "q  quit"};
  const auto rows = compose_frame(content, 60, 12, false);
  CHECK(rows[2] == "Keys");
  CHECK(rows[4] == "u  undo the last answer");
  for (const std::string& row : rows) CHECK(row.find("きおく") == std::string::npos);
}

TEST_CASE("review frame: a help taller than the screen is cut above its closing lines",
          "[cli][frame]") {
  FrameContent content = japanese_card(60);
  content.overlay = {"Keys", "", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j"};
  content.overlay_closing = {"Any key closes this help.", "（日本語でも）"};
  const auto rows = compose_frame(content, 60, 12, false);
  REQUIRE(rows.size() == 12);
  // Header and rule, then the help's top, "…", and its closing lines before the footer.
  const auto closing = std::find(rows.begin(), rows.end(), "Any key closes this help.");
  REQUIRE(closing != rows.end());
  CHECK(*(closing - 1) == "…");
  CHECK(*(closing + 1) == "（日本語でも）");
  CHECK(rows[2] == "Keys");
  // One that fits is shown whole, its closing lines after it, with no mark.
  content.overlay = {"Keys", "", "a"};
  const auto whole = compose_frame(content, 60, 12, false);
  CHECK(std::find(whole.begin(), whole.end(), "…") == whole.end());
  CHECK(whole[5] == "Any key closes this help.");
}

TEST_CASE("review frame: styled lines are cut by what shows with their styles kept",
          "[cli][frame]") {
  const std::string green = "\033[32m✓ 正解\033[0m 勾配チェックポインティング";
  CHECK(visible_width(green) == 2 + 4 + 1 + 26);
  const std::string cut = fit_to_width(green, 12);
  CHECK(visible_width(cut) <= 12);
  CHECK(cut.rfind("\033[32m✓ 正解\033[0m", 0) == 0);
  CHECK(cut.substr(cut.size() - 4) == "\033[0m");  // reset after the cut
  CHECK(fit_to_width("short", 12) == "short");
  // With colour, the header is bold and the key hints dim.
  const auto rows = compose_frame(japanese_card(80), 80, 10, true);
  CHECK(rows[0].rfind("\033[1m", 0) == 0);
  CHECK(rows[9].rfind("\033[2m", 0) == 0);
  expect_inside(rows, 80);
}

TEST_CASE("review frame: a terminal of one or two rows still gets its rows", "[cli][frame]") {
  CHECK(compose_frame(japanese_card(40), 40, 1, false).size() == 1);
  CHECK(compose_frame(japanese_card(40), 40, 2, false).size() == 2);
  CHECK(compose_frame(japanese_card(40), 40, 3, false).size() == 3);
}

TEST_CASE("review frame: a header without counts (a cram session) keeps its clock and English",
          "[cli][frame]") {
  FrameContent content = japanese_card(60);
  content.deck = "詰め込み: 残り 3 枚 · 日本語::語彙";
  content.counts.clear();
  content.deck_second = "Cram: 3 left, not rescheduled · Japanese::Vocab";
  const std::vector<std::string> rows = compose_frame(content, 60, 20, false);
  REQUIRE(rows.size() == 20);
  expect_inside(rows, 60);
  CHECK(rows[0].rfind("詰め込み: 残り 3 枚 · 日本語::語彙", 0) == 0);
  CHECK(rows[0].size() - rows[0].rfind(" 2:05") == std::string(" 2:05").size());
  CHECK(rows[1].rfind("Cram: 3 left, not rescheduled · Japanese::Vocab", 0) == 0);
  CHECK(rows[2].find("─") != std::string::npos);
}

TEST_CASE("review frame: --lang both puts each English text dim under its Japanese",
          "[cli][frame]") {
  FrameContent content = japanese_card(60);
  content.deck_second = "Japanese::Vocab";
  content.counts_second = "new 3 · learning 1 · review 12 left";
  content.notice = "→ 普通, 次の復習まで 10m";
  content.notice_second = "→ good, next review in 10m";
  content.prompt_second = "Your answer (1-4, - to bury, q to quit):";
  content.keys_second = "Space/Enter show · q quit";
  for (const bool colour : {true, false}) {
    const std::vector<std::string> rows = compose_frame(content, 60, 20, colour);
    REQUIRE(rows.size() == 20);
    expect_inside(rows, 60);
    // The header's English is the second row, before the rule.
    CHECK(rows[1].find("Japanese::Vocab") != std::string::npos);
    CHECK(rows[1].find("new 3 · learning 1 · review 12 left") != std::string::npos);
    CHECK(rows[2].find("─") != std::string::npos);
    // The footer: notice, its English, prompt, its English, keys (wrapped), their English.
    const auto row_of = [&](const std::string& text) {
      for (std::size_t row = 0; row < rows.size(); ++row) {
        if (rows[row].find(text) != std::string::npos) return row;
      }
      FAIL("no row has " << text);
      return std::size_t{0};
    };
    CHECK(row_of("次の復習まで") + 1 == row_of("next review in"));
    CHECK(row_of("回答 (1-4") + 1 == row_of("Your answer (1-4"));
    CHECK(row_of("Space/Enter show") == rows.size() - 1);
    for (const char* english :
         {"Japanese::Vocab", "next review in", "Your answer", "Space/Enter"}) {
      INFO(english << " colour " << colour);
      const std::string& row = rows[row_of(english)];
      CHECK((row.rfind("\033[2m", 0) == 0) == colour);
      if (!colour) CHECK(row.find('\033') == std::string::npos);
    }
    // The Japanese prompt itself is not dim.
    CHECK(rows[row_of("回答 (1-4")].find('\033') == std::string::npos);
  }
}
