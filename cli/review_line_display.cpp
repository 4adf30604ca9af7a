// The line screen: everything is printed as it is said, in order, so the output is a
// transcript a script (or a person scrolling back) can read.
#include <algorithm>
#include <iostream>

#include "cli/review_display.hpp"
#include "cli/terminal/text_width.hpp"

namespace kioku::cli {

namespace {

class LineDisplay : public ReviewDisplay {
 public:
  LineDisplay(const Messages& text, const Messages* english, const Style& style, int width)
      : text_(text), english_(english), style_(style), width_(width) {}

  void begin_card(const Bilingual& deck, const std::optional<protocol::Counts>& counts) override {
    const auto header = [&](const std::string& deck_name, const Messages& words) {
      const std::string text = counts ? deck_name + " · " + counts_text(words, *counts) : deck_name;
      return style_.dim(truncate_to_width(text, width_));
    };
    std::cout << '\n' << header(deck.first, text_) << '\n';
    if (english_ != nullptr) std::cout << header(deck.second_or_first(), *english_) << '\n';
  }
  void write(const std::string& text) override { std::cout << text; }
  void ratings_only() override {}
  void notice(const Bilingual& text) override {
    std::cout << style_.dim(text.first) << '\n';
    if (!text.second.empty()) std::cout << style_.dim(text.second) << '\n';
  }
  void lines(Layout layout) override {
    for (const std::string& line : layout(width_)) std::cout << line << '\n';
  }
  // Under --lang both the Japanese line, then the English one dimmed, where the key is typed.
  void prompt(const Bilingual& text) override {
    if (text.second.empty()) {
      std::cout << text.first << std::flush;
      return;
    }
    const std::size_t start = std::min(text.first.find_first_not_of('\n'), text.first.size());
    std::cout << text.first.substr(0, start) << trimmed_prompt(text.first) << '\n'
              << style_.dim(trimmed_prompt(text.second)) << ' ' << std::flush;
  }
  void echo(const std::string& text) override { std::cout << text; }
  void typing(const std::string&) override {}
  int width() const override { return width_; }
  void leave() override { std::cout.flush(); }

 private:
  const Messages& text_;
  const Messages* english_;
  Style style_;
  int width_;
};

}  // namespace

std::string counts_text(const Messages& text, const protocol::Counts& counts) {
  return std::string(text.new_cards) + " " + std::to_string(counts.new_) + " · " + text.learning +
         " " + std::to_string(counts.learning) + " · " + text.review + " " +
         std::to_string(counts.review);
}

std::unique_ptr<ReviewDisplay> line_display(const Messages& text, const Messages* english,
                                            const Style& style, int width) {
  return std::make_unique<LineDisplay>(text, english, style, width);
}

}  // namespace kioku::cli
