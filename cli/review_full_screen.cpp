// The frame is composed anew (review_frame.hpp) whenever kioku waits for a key and something
// changed; only the rows that differ from the screen are written, except after a resize or
// `fg`, when the whole screen is cleared and written.
#include "cli/review_full_screen.hpp"

#include <chrono>
#include <iostream>
#include <variant>

#include "cli/review_frame.hpp"
#include "cli/terminal/full_screen.hpp"
#include "cli/terminal/screen_escapes.hpp"

namespace kioku::cli {

namespace {

constexpr int kClockTickMs = 1000;

std::string clock_text(std::chrono::steady_clock::duration elapsed) {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(elapsed).count();
  std::string text = std::to_string(seconds / 60) + ":";
  if (seconds % 60 < 10) text += "0";
  return text + std::to_string(seconds % 60);
}

class FullScreenDisplay : public ReviewDisplay {
 public:
  FullScreenDisplay(RawMode& terminal, const Messages& text,
                    const ReviewScreenMessages& screen_text, const Style& style,
                    const Messages* english, const ReviewScreenMessages* english_screen)
      : terminal_(terminal),
        screen_(terminal),
        text_(text),
        screen_text_(screen_text),
        english_(english),
        english_screen_(english_screen),
        style_(style),
        started_(std::chrono::steady_clock::now()) {
    terminal_.set_hooks([this] { on_wait(); }, [this](char key) { return on_key(key); },
                        kClockTickMs);
  }
  ~FullScreenDisplay() override {
    terminal_.set_hooks(nullptr, nullptr, -1);
    screen_.leave();
  }

  void begin_card(const Bilingual& deck, const std::optional<protocol::Counts>& counts) override {
    deck_ = deck;
    counts_ = counts;
    items_.clear();
    prompt_ = Bilingual(std::string());
    typed_.reset();
    ratings_only_ = false;
  }
  void write(const std::string& text) override { items_.emplace_back(text); }
  void notice(const Bilingual& text) override { notice_ = text; }
  void lines(Layout layout) override { items_.emplace_back(std::move(layout)); }
  void prompt(const Bilingual& text) override {
    prompt_ = Bilingual(trimmed_prompt(text.first));
    prompt_.second = trimmed_prompt(text.second);
    typed_.reset();
    ratings_only_ = false;
  }
  void ratings_only() override { ratings_only_ = true; }
  void echo(const std::string&) override {}
  void typing(const std::string& typed) override { typed_ = typed; }
  int width() const override { return terminal_width() - 1; }
  void leave() override {
    if (left_) return;
    left_ = true;
    std::cout.flush();
    screen_.leave();
  }

 private:
  // Before each wait for a key, after a signal and on the clock's tick.
  void on_wait() {
    if (left_) return;
    draw(screen_.needs_redraw());
  }

  bool on_key(char key) {
    if (overlay_) {  // any key closes the help
      overlay_ = false;
      return true;
    }
    if (key == '?' && !typed_) {
      overlay_ = true;
      return true;
    }
    return false;
  }

  // The card area's lines at `width` columns.
  // The card area's lines at `width` columns; `question_rows` is set to how many of them the
  // question (the first side shown) takes.
  std::vector<std::string> body(int width, std::size_t& question_rows) const {
    std::vector<std::string> rows;
    question_rows = 0;
    std::string pending;  // written text not yet ended by a newline
    for (const auto& item : items_) {
      if (const auto* text = std::get_if<std::string>(&item)) {
        pending += *text;
        for (std::size_t end = pending.find('\n'); end != std::string::npos;
             end = pending.find('\n')) {
          rows.push_back(pending.substr(0, end));
          pending.erase(0, end + 1);
        }
        continue;
      }
      if (!pending.empty()) rows.push_back(std::exchange(pending, std::string()));
      for (std::string& line : std::get<Layout>(item)(width)) rows.push_back(std::move(line));
      if (question_rows == 0) question_rows = rows.size();
    }
    if (!pending.empty()) rows.push_back(pending);
    return rows;
  }

  // The help; under --lang both each line's English under it.
  std::vector<std::string> help() const {
    std::vector<std::string> rows;
    const auto add = [&](const char* ReviewScreenMessages::*line, const std::string& indent) {
      rows.push_back(indent + screen_text_.*line);
      if (english_screen_ != nullptr) rows.push_back(indent + english_screen_->*line);
    };
    add(&ReviewScreenMessages::help_title, "");
    rows.emplace_back();
    for (const auto line : {&ReviewScreenMessages::help_reveal, &ReviewScreenMessages::help_rate,
                            &ReviewScreenMessages::help_choose, &ReviewScreenMessages::help_type,
                            &ReviewScreenMessages::help_undo, &ReviewScreenMessages::help_bury,
                            &ReviewScreenMessages::help_suspend, &ReviewScreenMessages::help_stop,
                            &ReviewScreenMessages::help_quit}) {
      add(line, "  ");
    }
    rows.emplace_back();
    return rows;
  }

  // The help's closing line (how to close it), which stays when the help is cut.
  std::vector<std::string> help_closing() const {
    std::vector<std::string> rows{screen_text_.help_close};
    if (english_screen_ != nullptr) rows.emplace_back(english_screen_->help_close);
    return rows;
  }

  // The key hints for what the prompt takes now.
  const char* keys_now(const ReviewScreenMessages& words) const {
    if (typed_) return words.typing_keys;
    return ratings_only_ ? words.rating_keys : words.keys;
  }

  void draw(bool from_scratch) {
    const int width = terminal_width();
    const int height = terminal_height();
    if (width != drawn_width_ || height != drawn_height_) from_scratch = true;
    FrameContent content;
    content.deck = deck_.first;
    if (counts_) {
      content.counts =
          fill_in(screen_text_.counts_left, {{"counts", counts_text(text_, *counts_)}});
    }
    content.clock = clock_text(std::chrono::steady_clock::now() - started_);
    content.body = body(width - 1, content.question_rows);
    content.notice = notice_.first;
    content.prompt = typed_ ? prompt_.first + " " + *typed_ + "_" : prompt_.first;
    content.keys = keys_now(screen_text_);
    if (english_ != nullptr && english_screen_ != nullptr) {
      content.deck_second = deck_.second_or_first();
      if (counts_) {
        content.counts_second =
            fill_in(english_screen_->counts_left, {{"counts", counts_text(*english_, *counts_)}});
      }
      content.notice_second = notice_.second;
      content.prompt_second = prompt_.second;
      content.keys_second = keys_now(*english_screen_);
    }
    if (overlay_) {
      content.overlay = help();
      content.overlay_closing = help_closing();
    }
    const std::vector<std::string> rows = compose_frame(content, width, height, style_.enabled);
    std::string out;
    if (from_scratch) out += std::string("\033[H") + escapes::kEraseScreenEnd;
    for (std::size_t row = 0; row < rows.size(); ++row) {
      if (!from_scratch && row < drawn_.size() && drawn_[row] == rows[row]) continue;
      out += escapes::cursor_to(static_cast<int>(row), 0) + rows[row] + escapes::kEraseLineEnd;
    }
    if (!out.empty()) std::cout << out << std::flush;
    drawn_ = rows;
    drawn_width_ = width;
    drawn_height_ = height;
  }

  RawMode& terminal_;
  FullScreen screen_;
  const Messages& text_;
  const ReviewScreenMessages& screen_text_;
  const Messages* english_;                     // under --lang both
  const ReviewScreenMessages* english_screen_;  // under --lang both
  Style style_;
  std::chrono::steady_clock::time_point started_;
  Bilingual deck_{std::string()};
  std::optional<protocol::Counts> counts_;  // none in a cram session
  std::vector<std::variant<std::string, Layout>> items_;
  Bilingual prompt_{std::string()};
  Bilingual notice_{std::string()};
  std::optional<std::string> typed_;
  bool ratings_only_ = false;  // the prompt takes ratings alone (ReviewDisplay::ratings_only)
  bool overlay_ = false;
  bool left_ = false;
  std::vector<std::string> drawn_;
  int drawn_width_ = 0;
  int drawn_height_ = 0;
};

}  // namespace

std::unique_ptr<ReviewDisplay> full_screen_display(RawMode& terminal, const Messages& text,
                                                   const ReviewScreenMessages& screen_text,
                                                   const Style& style, const Messages* english,
                                                   const ReviewScreenMessages* english_screen) {
  return std::make_unique<FullScreenDisplay>(terminal, text, screen_text, style, english,
                                             english_screen);
}

}  // namespace kioku::cli
