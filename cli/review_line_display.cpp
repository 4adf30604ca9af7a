// The line screen: everything is printed as it is said, in order, so the output is a
// transcript a script (or a person scrolling back) can read.
#include <iostream>

#include "cli/review_display.hpp"
#include "cli/terminal/text_width.hpp"

namespace kioku::cli {

namespace {

class LineDisplay : public ReviewDisplay {
 public:
  LineDisplay(const Messages& text, const Style& style, int width)
      : text_(text), style_(style), width_(width) {}

  void begin_card(const std::string& deck, const protocol::Counts& counts) override {
    const std::string header = deck + " · " + text_.new_cards + " " + std::to_string(counts.new_) +
                               " · " + text_.learning + " " + std::to_string(counts.learning) +
                               " · " + text_.review + " " + std::to_string(counts.review);
    std::cout << '\n' << style_.dim(truncate_to_width(header, width_)) << '\n';
  }
  void write(const std::string& text) override { std::cout << text; }
  void notice(const std::string& text) override { std::cout << style_.dim(text) << '\n'; }
  void lines(Layout layout) override {
    for (const std::string& line : layout(width_)) std::cout << line << '\n';
  }
  void prompt(const std::string& text) override { std::cout << text << std::flush; }
  void echo(const std::string& text) override { std::cout << text; }
  void typing(const std::string&) override {}
  int width() const override { return width_; }
  void leave() override { std::cout.flush(); }

 private:
  const Messages& text_;
  Style style_;
  int width_;
};

}  // namespace

std::unique_ptr<ReviewDisplay> line_display(const Messages& text, const Style& style, int width) {
  return std::make_unique<LineDisplay>(text, style, width);
}

}  // namespace kioku::cli
