// The block half of field markup: lines into paragraphs, list items and fenced code, each
// block's text then read by the inline half (core/markup_inline.hpp). One pass over the lines
// with a bounded stack of list indentations; nothing recurses.
#include "core/field_markup.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/markup_inline.hpp"

namespace kioku {

namespace {

// The neutral byte an insert's place reads as: a letter, so emphasis around it opens and closes
// as around a word, and no block rule (a marker, a fence, a blank line) sees it.
constexpr char kInsertByte = 'x';

// A numbered item's number has at most nine digits (CommonMark's limit), so it fits an int.
constexpr std::size_t kMaxItemDigits = 9;

struct Line {
  std::size_t begin;
  std::size_t end;     // before its "\n" and a "\r" ahead of it
  std::size_t indent;  // columns of leading spaces and tabs (a tab to the next multiple of 4)
  std::size_t first;   // the first byte that is not a space or a tab
  bool blank() const { return first == end; }
};

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  std::size_t begin = 0;
  while (true) {
    std::size_t end = text.find('\n', begin);
    const bool last = end == std::string_view::npos;
    if (last) end = text.size();
    std::size_t content_end = end;
    if (content_end > begin && text[content_end - 1] == '\r') --content_end;
    Line line{begin, content_end, 0, begin};
    while (line.first < content_end && (text[line.first] == ' ' || text[line.first] == '\t')) {
      line.indent = text[line.first] == '\t' ? (line.indent / 4 + 1) * 4 : line.indent + 1;
      ++line.first;
    }
    lines.push_back(line);
    if (last) break;
    begin = end + 1;
  }
  return lines;
}

struct Fence {
  char mark;
  std::size_t length;
  std::size_t indent;
  std::string language;
};

struct ListMarker {
  Block::Kind kind;
  int number = 0;
  std::size_t content;  // where the item's text starts
};

class BlockParser {
 public:
  BlockParser(std::string_view original, std::span<const MarkupInsert> inserts) {
    text_.assign(original);
    for (const MarkupInsert& insert : inserts) {
      if (insert.offset >= text_.size()) continue;
      if (!inserts_.empty() && insert.offset <= inserts_.back().offset) continue;
      inserts_.push_back(insert);
      text_[insert.offset] = kInsertByte;
    }
  }

  RichText parse() {
    for (const Line& line : split_lines(text_)) {
      if (fence_) {
        code_line(line);
      } else {
        line_outside_code(line);
      }
    }
    close_block();
    return std::move(result_);
  }

 private:
  bool has_insert(std::size_t begin, std::size_t end) const {
    const auto found = std::lower_bound(
        inserts_.begin(), inserts_.end(), begin,
        [](const MarkupInsert& insert, std::size_t offset) { return insert.offset < offset; });
    return found != inserts_.end() && found->offset < end;
  }

  // An opening fence: three or more backticks or tildes, then an info string whose first word
  // is the language (backticks in a backtick fence's info string make it text, as in CommonMark).
  std::optional<Fence> opening_fence(const Line& line) const {
    const std::string_view text(text_);
    const char mark = line.first < line.end ? text[line.first] : '\0';
    if (mark != '`' && mark != '~') return std::nullopt;
    std::size_t at = line.first;
    while (at < line.end && text[at] == mark) ++at;
    if (at - line.first < 3) return std::nullopt;
    const std::string_view info = text.substr(at, line.end - at);
    if (mark == '`' && info.find('`') != std::string_view::npos) return std::nullopt;
    if (has_insert(at, line.end)) return std::nullopt;  // a deletion is not a language
    const std::size_t word = info.find_first_not_of(" \t");
    std::string language;
    if (word != std::string_view::npos) {
      language = std::string(info.substr(word, info.find_first_of(" \t", word) - word));
    }
    return Fence{mark, at - line.first, line.indent, std::move(language)};
  }

  bool closes_fence(const Line& line) const {
    const std::string_view text(text_);
    std::size_t at = line.first;
    while (at < line.end && text[at] == fence_->mark) ++at;
    if (at - line.first < fence_->length) return false;
    return text.substr(at, line.end - at).find_first_not_of(" \t") == std::string_view::npos;
  }

  std::optional<ListMarker> list_marker(const Line& line) const {
    const std::string_view text(text_);
    std::size_t at = line.first;
    if (at >= line.end) return std::nullopt;
    ListMarker marker{Block::Kind::kBulletItem, 0, 0};
    if (text[at] == '-' || text[at] == '*' || text[at] == '+') {
      ++at;
    } else {
      const std::size_t digits = at;
      while (at < line.end && at - digits <= kMaxItemDigits && text[at] >= '0' && text[at] <= '9') {
        ++at;
      }
      if (at == digits || at - digits > kMaxItemDigits) return std::nullopt;
      for (std::size_t digit = digits; digit < at; ++digit) {
        marker.number = marker.number * 10 + (text[digit] - '0');
      }
      if (at >= line.end || (text[at] != '.' && text[at] != ')')) return std::nullopt;
      marker.kind = Block::Kind::kNumberedItem;
      ++at;
    }
    if (at < line.end && text[at] != ' ' && text[at] != '\t') return std::nullopt;
    while (at < line.end && (text[at] == ' ' || text[at] == '\t')) ++at;
    marker.content = at;
    return marker;
  }

  void code_line(const Line& line) {
    if (line.indent <= fence_->indent + 3 && closes_fence(line)) {
      fence_.reset();
      close_block();
      return;
    }
    // The fence's own indentation is taken off each line, the rest kept.
    std::size_t begin = line.begin;
    for (std::size_t column = 0; begin < line.end && column < fence_->indent; ++column) {
      if (text_[begin] != ' ') break;
      ++begin;
    }
    add_piece(begin, line.end);
  }

  void line_outside_code(const Line& line) {
    if (line.blank()) {
      close_block();
      after_blank_ = true;
      return;
    }
    const bool continues = open_ && !after_blank_;
    after_blank_ = false;
    if (std::optional<Fence> fence = opening_fence(line)) {
      close_block();
      list_indents_.clear();
      open_block(Block{Block::Kind::kCode, {}, 0, 0, fence->language});
      fence_ = std::move(fence);
      return;
    }
    if (std::optional<ListMarker> marker = list_marker(line)) {
      // A paragraph goes on over "2. " and an empty item, as in CommonMark, so that a line
      // that happens to start with a year and a full stop stays text.
      const bool in_paragraph = continues && block_.kind == Block::Kind::kParagraph;
      const bool empty = marker->content == line.end;
      if (!in_paragraph ||
          (!empty && (marker->kind == Block::Kind::kBulletItem || marker->number == 1))) {
        close_block();
        Block item{marker->kind, {}, list_level(line.indent), marker->number, {}};
        open_block(std::move(item));
        add_piece(marker->content, line.end);
        return;
      }
    }
    if (continues) {
      add_piece(line.first, line.end);
      return;
    }
    close_block();
    list_indents_.clear();
    open_block(Block{Block::Kind::kParagraph, {}, 0, 0, {}});
    add_piece(line.first, line.end);
  }

  // An item indented more than the one before it is nested one level deeper; one indented as
  // much as an outer item is at that item's level. Deeper than kMaxListLevel stays there.
  int list_level(std::size_t indent) {
    while (!list_indents_.empty() && indent < list_indents_.back()) list_indents_.pop_back();
    if (list_indents_.empty() || indent > list_indents_.back()) {
      if (list_indents_.size() <= static_cast<std::size_t>(kMaxListLevel)) {
        list_indents_.push_back(indent);
      }
    }
    return static_cast<int>(list_indents_.size()) - 1;
  }

  void open_block(Block block) {
    block_ = std::move(block);
    open_ = true;
    pieces_.clear();
  }

  void add_piece(std::size_t begin, std::size_t end) { pieces_.emplace_back(begin, end); }

  // The block's lines joined with "\n", its inserts moved to their places in the joined text.
  void close_block() {
    if (!open_) return;
    open_ = false;
    std::string joined;
    std::vector<MarkupInsert> inserts;
    for (std::size_t index = 0; index < pieces_.size(); ++index) {
      const auto [begin, end] = pieces_[index];
      if (index > 0) joined += '\n';
      auto insert = std::lower_bound(
          inserts_.begin(), inserts_.end(), begin,
          [](const MarkupInsert& each, std::size_t offset) { return each.offset < offset; });
      for (; insert != inserts_.end() && insert->offset < end; ++insert) {
        inserts.push_back(MarkupInsert{joined.size() + (insert->offset - begin), insert->span});
      }
      joined.append(text_, begin, end - begin);
    }
    block_.spans = block_.kind == Block::Kind::kCode ? code_block_spans(joined, inserts)
                                                     : parse_inline_markup(joined, inserts);
    result_.blocks.push_back(std::move(block_));
  }

  std::string text_;
  std::vector<MarkupInsert> inserts_;
  RichText result_;
  Block block_;
  bool open_ = false;
  bool after_blank_ = false;
  std::vector<std::pair<std::size_t, std::size_t>> pieces_;
  std::optional<Fence> fence_;
  std::vector<std::size_t> list_indents_;
};

}  // namespace

RichText parse_field_markup(std::string_view text) {
  return BlockParser(text, {}).parse();
}

RichText parse_field_markup(std::string_view text, std::span<const MarkupInsert> inserts) {
  return BlockParser(text, inserts).parse();
}

}  // namespace kioku
