// Rows are cut rather than wrapped here: the card's lines come laid out for the width already,
// and a cut only meets the header's deck name and text written before a resize narrowed the
// terminal, which the next card lays out anew.
#include "cli/review_frame.hpp"

#include <algorithm>

#include "cli/terminal/text_width.hpp"

namespace kioku::cli {

namespace {

// The pieces of a line: SGR sequences (ESC [ ... m) and the text between them.
struct Piece {
  std::string text;
  bool escape = false;
};

std::vector<Piece> pieces_of(const std::string& line) {
  std::vector<Piece> pieces;
  std::size_t at = 0;
  while (at < line.size()) {
    if (line[at] == '\033' && at + 1 < line.size() && line[at + 1] == '[') {
      std::size_t end = at + 2;
      while (end < line.size() && !(line[end] >= 0x40 && line[end] <= 0x7E)) ++end;
      end = std::min(end + 1, line.size());
      pieces.push_back({line.substr(at, end - at), true});
      at = end;
      continue;
    }
    const std::size_t next = line.find('\033', at + 1);
    const std::size_t end = next == std::string::npos ? line.size() : next;
    pieces.push_back({line.substr(at, end - at), false});
    at = end;
  }
  return pieces;
}

std::string styled(bool colour, const char* code, const std::string& text) {
  return colour && !text.empty() ? std::string("\033[") + code + "m" + text + "\033[0m" : text;
}

}  // namespace

int visible_width(const std::string& line) {
  int width = 0;
  for (const Piece& piece : pieces_of(line)) {
    if (!piece.escape) width += display_width(piece.text);
  }
  return width;
}

std::string fit_to_width(const std::string& line, int width) {
  if (visible_width(line) <= width) return line;
  std::string fitted;
  int used = 0;
  bool styled_text = false;
  for (const Piece& piece : pieces_of(line)) {
    if (piece.escape) {
      fitted += piece.text;
      styled_text = true;
      continue;
    }
    const int piece_width = display_width(piece.text);
    if (used + piece_width <= width - 1) {
      fitted += piece.text;
      used += piece_width;
      continue;
    }
    // truncate_to_width leaves a column for its "…" within the width it is given.
    fitted += truncate_to_width(piece.text, std::max(1, width - used));
    break;
  }
  if (styled_text) fitted += "\033[0m";
  return fitted;
}

std::vector<std::string> compose_frame(const FrameContent& content, int width, int height,
                                       bool colour) {
  height = std::max(1, height);
  const int columns = std::max(1, width - 1);
  std::vector<std::string> rows;

  // The header: the deck's name gives way first, then the clock, then the counts are cut.
  std::string right =
      content.counts.empty() ? content.clock : content.counts + "  " + content.clock;
  if (display_width(right) > columns) right = content.counts;
  const int right_width = display_width(right);
  std::string header;
  if (right_width + 2 <= columns) {
    const std::string deck = fit_to_width(content.deck, columns - right_width - 2);
    header = pad_after(deck, columns - right_width) + right;
  } else {
    header = fit_to_width(right, columns);
  }
  rows.push_back(styled(colour, "1", header));
  if (height == 1) return rows;
  // Under --lang both, the header's English under it: the deck and the counts, no clock.
  const bool second_header =
      (!content.deck_second.empty() || !content.counts_second.empty()) && height > 3;
  if (second_header) {
    const int counts_width = display_width(content.counts_second);
    std::string english;
    if (counts_width + 2 <= columns) {
      english = pad_after(fit_to_width(content.deck_second, columns - counts_width - 2),
                          columns - counts_width) +
                content.counts_second;
    } else {
      english = fit_to_width(content.counts_second, columns);
    }
    rows.push_back(styled(colour, "2", english));
  }

  // The footer: the notice, the prompt's lines, then the key hints; each with its English
  // after it under --lang both, dim.
  std::vector<std::string> footer;
  const auto add = [&](const std::string& text, bool dim) {
    for (const std::string& line : wrap_text(text, columns)) {
      footer.push_back(dim ? styled(colour, "2", fit_to_width(line, columns))
                           : fit_to_width(line, columns));
    }
  };
  if (!content.notice.empty()) add(content.notice, true);
  if (!content.notice_second.empty()) add(content.notice_second, true);
  if (!content.prompt.empty()) add(content.prompt, false);
  if (!content.prompt_second.empty()) add(content.prompt_second, true);
  add(content.keys, true);
  if (!content.keys_second.empty()) add(content.keys_second, true);
  // The rule and at least one row of the card come first when the terminal is very short.
  const int room_for_footer = std::max(0, height - 3 - (second_header ? 1 : 0));
  if (static_cast<int>(footer.size()) > room_for_footer) {
    footer.erase(footer.begin(),
                 footer.end() - std::min(static_cast<int>(footer.size()), room_for_footer));
  }

  std::string rule;
  for (int i = 0; i < columns; ++i) rule += "─";
  rows.push_back(styled(colour, "2", rule));

  const auto body_rows = static_cast<std::size_t>(
      std::max(0, height - static_cast<int>(rows.size()) - static_cast<int>(footer.size())));
  if (!content.overlay.empty()) {
    // The help from its top, wrapped; when it does not fit, cut with a "…" row above its
    // closing lines, which stay.
    const auto wrapped = [columns](const std::vector<std::string>& texts) {
      std::vector<std::string> lines;
      for (const std::string& text : texts) {
        for (const std::string& line : wrap_text(text, columns)) lines.push_back(line);
      }
      return lines;
    };
    std::vector<std::string> help = wrapped(content.overlay);
    std::vector<std::string> closing = wrapped(content.overlay_closing);
    if (help.size() + closing.size() > body_rows) {
      if (closing.size() + 1 < body_rows) {
        help.resize(body_rows - closing.size() - 1);
        help.emplace_back("…");
      } else {
        closing.clear();  // no room for both: the help's top
      }
    }
    help.insert(help.end(), closing.begin(), closing.end());
    help.resize(std::min(help.size(), body_rows));
    for (const std::string& line : help) rows.push_back(fit_to_width(line, columns));
  } else {
    // When the lines do not all fit: the question's first lines, then the latest (the verdict
    // and the rating matter most then), a "…" row between them.
    const std::vector<std::string>& body = content.body;
    std::size_t head = 0;
    if (body.size() > body_rows && body_rows >= 3) {
      head = std::min(content.question_rows, body_rows / 2);
    }
    for (std::size_t i = 0; i < head; ++i) rows.push_back(fit_to_width(body[i], columns));
    if (head > 0) rows.emplace_back("…");
    const std::size_t tail_rows = body_rows - head - (head > 0 ? 1 : 0);
    const std::size_t first = body.size() > tail_rows ? body.size() - tail_rows : 0;
    for (std::size_t i = std::max(first, head); i < body.size(); ++i) {
      rows.push_back(fit_to_width(body[i], columns));
    }
  }
  while (static_cast<int>(rows.size()) < height - static_cast<int>(footer.size())) {
    rows.emplace_back();
  }
  rows.insert(rows.end(), footer.begin(), footer.end());
  rows.resize(static_cast<std::size_t>(height));
  return rows;
}

}  // namespace kioku::cli
