// Japanese line-breaking rules in wrapping (cli/terminal/line_breaking.hpp): no line starts with
// closing punctuation, a stop, the prolonged sound mark or a small kana, and none ends with
// opening punctuation; both wrappers (plain and styled) break by the same layout.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cli/terminal/line_breaking.hpp"
#include "cli/terminal/styled_wrap.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/unicode.hpp"

using kioku::cli::may_end_line;
using kioku::cli::may_start_line;
using kioku::cli::wrap_text;
using Lines = std::vector<std::string>;

TEST_CASE("line breaking: what may start and end a line", "[cli][width][kinsoku]") {
  for (const char* cluster :
       {"、", "。", "」", "』", "）", "】", "〕", "ー", "っ", "ゃ", "ッ", "ャ", "ヵ", "ㇰ",
        "ｯ",  "｡",  "・", "々", "ゝ", "！", "？", ")",  "]",  ".",  ",",  "!",  "?",  "”"}) {
    INFO(cluster);
    CHECK_FALSE(may_start_line(cluster));
    CHECK(may_end_line(cluster));
  }
  for (const char* cluster : {"「", "『", "（", "【", "〔", "(", "[", "“"}) {
    INFO(cluster);
    CHECK(may_start_line(cluster));
    CHECK_FALSE(may_end_line(cluster));
  }
  for (const char* cluster : {"あ", "つ", "ツ", "漢", "a", "1", "ｶ", "😀", "\xff"}) {
    INFO(cluster);
    CHECK(may_start_line(cluster));
    CHECK(may_end_line(cluster));
  }
}

TEST_CASE("line breaking: Japanese text breaks where the rules allow", "[cli][width][kinsoku]") {
  // Five characters fill 10 columns; the full stop may not start the next line, so the last
  // character goes down with it.
  CHECK(wrap_text("あいうえお。かきく", 10) == Lines{"あいうえ", "お。かきく"});
  CHECK(wrap_text("あいうえお、かきく", 10) == Lines{"あいうえ", "お、かきく"});
  CHECK(wrap_text("あいうえお」かきく", 10) == Lines{"あいうえ", "お」かきく"});
  // A small kana stays with the character before it.
  CHECK(wrap_text("あいうえおっと", 10) == Lines{"あいうえ", "おっと"});
  // An opening bracket goes down with what it opens.
  CHECK(wrap_text("あいうえ「お」かき", 10) == Lines{"あいうえ", "「お」かき"});
  // The prolonged sound mark and the small ュ both stay with their kana.
  CHECK(wrap_text("コンピューター", 10) == Lines{"コンピュー", "ター"});
  CHECK(wrap_text("コンピューター", 8) == Lines{"コンピュー", "ター"});  // 8 is taken as 10
  // Latin text after Japanese goes down whole rather than being cut in a word.
  CHECK(wrap_text("日本語abcde", 10) == Lines{"日本語", "abcde"});
  // A full stop after Japanese stays with it.
  CHECK(wrap_text("あいうえお.", 10) == Lines{"あいうえ", "お."});
  // Nothing the rules allow: the line breaks where it is full.
  CHECK(wrap_text("。。。。。。。", 10) == Lines{"。。。。。", "。。"});
  // Latin text is as before: at spaces, and a word longer than a line where the line is full.
  CHECK(wrap_text("the quick brown fox jumps", 10) == Lines{"the quick", "brown fox", "jumps"});
  CHECK(wrap_text("abcdefghijklmnop", 10) == Lines{"abcdefghij", "klmnop"});
}

namespace {

// Whether `line` has a break opportunity inside it: a space, or two clusters side by side, one
// of them wide, that the rules let part.
bool can_break(const std::string& line) {
  const std::vector<std::string_view> clusters = kioku::grapheme_clusters(line);
  for (std::size_t index = 1; index < clusters.size(); ++index) {
    const auto before = kioku::cli::break_cell(clusters[index - 1]);
    const auto after = kioku::cli::break_cell(clusters[index]);
    if (before.space || after.space) return true;
    if ((before.wide || after.wide) && !after.no_start && !before.no_end) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("line breaking: at every width, nothing lost, nothing too wide, no forbidden edge",
          "[cli][width][kinsoku]") {
  const std::string text =
      "勾配チェックポイント（gradient checkpointing）は、順伝播の活性化を一部だけ保存し、"
      "逆伝播のときに「再計算」する。メモリーは減るが、計算は約３３％増える。"
      "ちょっと待って！本当？　はい、そうです。";
  for (int width = 10; width <= 60; ++width) {
    const Lines lines = wrap_text(text, width);
    std::string joined;
    for (std::size_t index = 0; index < lines.size(); ++index) {
      const std::string& line = lines[index];
      INFO("width " << width << ", line " << index << ": " << line);
      CHECK(kioku::display_width(line) <= width);
      REQUIRE_FALSE(line.empty());
      const std::vector<std::string_view> clusters = kioku::grapheme_clusters(line);
      // A forbidden edge only where the line before had nowhere else to break ("checkpointing）"
      // at 13 columns: a word as wide as the line, then its bracket).
      if (index > 0 && !may_start_line(clusters.front())) CHECK_FALSE(can_break(lines[index - 1]));
      if (index + 1 < lines.size() && !may_end_line(clusters.back())) CHECK_FALSE(can_break(line));
      // A line broken at a space lost that space; put it back to compare.
      if (index > 0 && text[joined.size()] == ' ') joined += ' ';
      joined += line;
    }
    CHECK(joined == text);
  }
}

TEST_CASE("line breaking: styled text follows the same rules across its styles",
          "[cli][width][kinsoku]") {
  using kioku::cli::StyledPiece;
  // The closing bracket is a piece of its own, in another style: it still may not start a line.
  const std::vector<StyledPiece> pieces = {
      {"あいうえ", 0}, {"お", kioku::cli::kStyleBold}, {"」", 0}, {"かき", 0}};
  const auto lines = kioku::cli::wrap_styled(pieces, 10);
  REQUIRE(lines.size() == 2);
  CHECK(kioku::cli::styled_line(lines[0], false) == "あいうえ");
  CHECK(kioku::cli::styled_line(lines[1], false) == "お」かき");
  CHECK(lines[1].front().style == kioku::cli::kStyleBold);
}
