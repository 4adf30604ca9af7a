// CommonMark's inline rules, cut down to escapes, code spans and emphasis: its delimiter runs,
// flanking and "process emphasis" with the openers' floor (so unmatched runs are not searched
// again) and the rule of three. One deliberate difference: only ASCII punctuation counts as
// punctuation, so "**「強調」**です" is strong, as Japanese writers mean it (CommonMark's Unicode
// punctuation refuses to close there).
#include "core/markup_inline.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "core/unicode.hpp"
#include "core/utf8.hpp"

namespace kioku {

namespace {

bool is_ascii_punctuation(unsigned char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
         (c >= '{' && c <= '~');
}

enum class CharClass { kWhitespace, kPunctuation, kOther };

// The character that starts at `at`; the start and the end of the text read as whitespace.
CharClass class_at(std::string_view text, std::size_t at) {
  if (at >= text.size()) return CharClass::kWhitespace;
  const unsigned char byte = static_cast<unsigned char>(text[at]);
  if (byte < 0x80) {
    if (byte == ' ' || (byte >= '\t' && byte <= '\r')) return CharClass::kWhitespace;
    return is_ascii_punctuation(byte) ? CharClass::kPunctuation : CharClass::kOther;
  }
  const CodePoint code = decode_utf8(text, at);
  if (code.length != 0 && is_unicode_whitespace(code.code)) return CharClass::kWhitespace;
  return CharClass::kOther;
}

// The character that ends just before `at`.
CharClass class_before(std::string_view text, std::size_t at) {
  if (at == 0) return CharClass::kWhitespace;
  std::size_t start = at - 1;
  // Back over at most three continuation bytes to where a sequence may start.
  for (int step = 0;
       step < 3 && start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80; ++step) {
    --start;
  }
  const CodePoint code = decode_utf8(text, start);
  if (code.length == 0 || start + code.length != at) {
    return class_at(text, at - 1);  // not UTF-8: a byte of its own
  }
  return class_at(text, start);
}

struct Token {
  enum class Kind { kText, kInsert, kCode, kDelimiter };
  Kind kind = Kind::kText;
  std::size_t begin = 0;  // kText, kCode: the bytes; kInsert: its index; kDelimiter: the run
  std::size_t end = 0;
  std::string literal;  // kText from an escape: the character itself
  // kDelimiter: the run's character, what is left of it, and the marks it opens and closes.
  char mark = 0;
  std::size_t remaining = 0;
  int opens_emphasis = 0;
  int opens_strong = 0;
  int closes_emphasis = 0;
  int closes_strong = 0;
};

struct Delimiter {
  std::size_t token;
  std::size_t length;  // the run as written, for the rule of three
  bool can_open;
  bool can_close;
  bool active = true;
  std::ptrdiff_t previous;  // the active delimiters around it: a list, so removal is O(1)
  std::ptrdiff_t next;
};

// Where each run of backticks starts, by its length: a code span's closing run is the first
// run of the same length after the opening one.
class BacktickRuns {
 public:
  explicit BacktickRuns(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
      if (text[at] != '`') {
        ++at;
        continue;
      }
      std::size_t end = at;
      while (end < text.size() && text[end] == '`') ++end;
      starts_[end - at].push_back(at);
      at = end;
    }
  }

  // The start of the first run of `length` backticks that starts at or after `from`.
  std::optional<std::size_t> find(std::size_t length, std::size_t from) const {
    const auto found = starts_.find(length);
    if (found == starts_.end()) return std::nullopt;
    const auto start = std::lower_bound(found->second.begin(), found->second.end(), from);
    if (start == found->second.end()) return std::nullopt;
    return *start;
  }

 private:
  std::map<std::size_t, std::vector<std::size_t>> starts_;
};

class InlineParser {
 public:
  InlineParser(std::string_view text, std::span<const MarkupInsert> inserts)
      : text_(text), inserts_(inserts), backticks_(text) {}

  std::vector<Span> parse() {
    tokenize();
    match_emphasis();
    return emit();
  }

 private:
  bool insert_at(std::size_t at) const {
    return next_insert_ < inserts_.size() && inserts_[next_insert_].offset == at;
  }

  void add_text(std::size_t begin, std::size_t end) {
    if (begin == end) return;
    Token token;
    token.begin = begin;
    token.end = end;
    tokens_.push_back(std::move(token));
  }

  void tokenize() {
    std::size_t text_start = 0;
    std::size_t at = 0;
    while (at < text_.size()) {
      const char c = text_[at];
      if (insert_at(at)) {
        add_text(text_start, at);
        Token token;
        token.kind = Token::Kind::kInsert;
        token.begin = next_insert_++;
        tokens_.push_back(std::move(token));
        text_start = ++at;
      } else if (c == '\\' && at + 1 < text_.size() && !insert_at(at + 1) &&
                 is_ascii_punctuation(static_cast<unsigned char>(text_[at + 1]))) {
        add_text(text_start, at);
        Token token;
        token.literal = std::string(1, text_[at + 1]);
        tokens_.push_back(std::move(token));
        at += 2;
        text_start = at;
      } else if (c == '`') {
        std::size_t run_end = at;
        while (run_end < text_.size() && text_[run_end] == '`') ++run_end;
        const std::optional<std::size_t> closing = backticks_.find(run_end - at, run_end);
        if (!closing) {
          at = run_end;  // no span: the backticks are text
          continue;
        }
        add_text(text_start, at);
        Token token;
        token.kind = Token::Kind::kCode;
        token.begin = run_end;
        token.end = *closing;
        tokens_.push_back(std::move(token));
        at = *closing + (run_end - at);
        text_start = at;
        // The inserts inside the span are the span's.
        while (next_insert_ < inserts_.size() && inserts_[next_insert_].offset < at) {
          ++next_insert_;
        }
      } else if (c == '*' || c == '_') {
        add_text(text_start, at);
        std::size_t run_end = at;
        while (run_end < text_.size() && text_[run_end] == c) ++run_end;
        add_delimiter(c, at, run_end);
        at = run_end;
        text_start = at;
      } else {
        ++at;
      }
    }
    add_text(text_start, text_.size());
  }

  void add_delimiter(char mark, std::size_t begin, std::size_t end) {
    const CharClass before = class_before(text_, begin);
    const CharClass after = class_at(text_, end);
    const bool left_flanking = after != CharClass::kWhitespace &&
                               (after != CharClass::kPunctuation || before != CharClass::kOther);
    const bool right_flanking = before != CharClass::kWhitespace &&
                                (before != CharClass::kPunctuation || after != CharClass::kOther);
    bool can_open = left_flanking;
    bool can_close = right_flanking;
    if (mark == '_') {  // no emphasis inside words: snake_case_names stay as written
      can_open = left_flanking && (!right_flanking || before == CharClass::kPunctuation);
      can_close = right_flanking && (!left_flanking || after == CharClass::kPunctuation);
    }
    Token token;
    token.kind = Token::Kind::kDelimiter;
    token.begin = begin;
    token.end = end;
    token.mark = mark;
    token.remaining = end - begin;
    if (can_open || can_close) {
      const auto index = static_cast<std::ptrdiff_t>(delimiters_.size());
      delimiters_.push_back(
          Delimiter{tokens_.size(), end - begin, can_open, can_close, true, index - 1, index + 1});
    }
    tokens_.push_back(std::move(token));
  }

  void remove(std::ptrdiff_t index) {
    Delimiter& delimiter = delimiters_[static_cast<std::size_t>(index)];
    delimiter.active = false;
    if (delimiter.previous >= 0) {
      delimiters_[static_cast<std::size_t>(delimiter.previous)].next = delimiter.next;
    }
    if (delimiter.next < static_cast<std::ptrdiff_t>(delimiters_.size())) {
      delimiters_[static_cast<std::size_t>(delimiter.next)].previous = delimiter.previous;
    }
  }

  // CommonMark's rule of three: "*foo**bar*" pairs the outer single runs.
  static bool may_pair(const Delimiter& opener, const Delimiter& closer) {
    if (!opener.can_close && !closer.can_open) return true;
    if ((opener.length + closer.length) % 3 != 0) return true;
    return opener.length % 3 == 0 && closer.length % 3 == 0;
  }

  // The floor of a search for an opener: the same mark, the closer's length modulo 3 and
  // whether it can open decide which openers may pair, so each kind keeps its own floor.
  static std::size_t floor_key(const Token& token, const Delimiter& closer) {
    return (token.mark == '*' ? 0 : 6) + (closer.length % 3) * 2 + (closer.can_open ? 1 : 0);
  }

  void match_emphasis() {
    std::array<std::ptrdiff_t, 12> floors;
    floors.fill(-1);
    for (std::size_t index = 0; index < delimiters_.size(); ++index) {
      Delimiter& closer = delimiters_[index];
      if (!closer.active || !closer.can_close) continue;
      Token& closing = tokens_[closer.token];
      const std::size_t key = floor_key(closing, closer);
      while (closing.remaining > 0) {
        std::ptrdiff_t candidate = closer.previous;
        while (candidate > floors[key]) {
          const Delimiter& opener = delimiters_[static_cast<std::size_t>(candidate)];
          const Token& opening = tokens_[opener.token];
          if (opener.can_open && opening.mark == closing.mark && opening.remaining > 0 &&
              may_pair(opener, closer)) {
            break;
          }
          candidate = opener.previous;
        }
        if (candidate <= floors[key]) {
          floors[key] = closer.previous;
          if (!closer.can_open) remove(static_cast<std::ptrdiff_t>(index));
          break;
        }
        pair(candidate, static_cast<std::ptrdiff_t>(index));
      }
    }
  }

  void pair(std::ptrdiff_t opener_index, std::ptrdiff_t closer_index) {
    Delimiter& opener = delimiters_[static_cast<std::size_t>(opener_index)];
    Token& opening = tokens_[opener.token];
    Token& closing = tokens_[delimiters_[static_cast<std::size_t>(closer_index)].token];
    const bool strong = opening.remaining >= 2 && closing.remaining >= 2;
    const std::size_t used = strong ? 2 : 1;
    opening.remaining -= used;
    closing.remaining -= used;
    (strong ? opening.opens_strong : opening.opens_emphasis) += 1;
    (strong ? closing.closes_strong : closing.closes_emphasis) += 1;
    // The runs between them can no longer pair: "*a _b* c_" has one emphasis.
    for (std::ptrdiff_t between = opener.next; between < closer_index;) {
      const std::ptrdiff_t next = delimiters_[static_cast<std::size_t>(between)].next;
      remove(between);
      between = next;
    }
    if (opening.remaining == 0) remove(opener_index);
    if (closing.remaining == 0) remove(closer_index);
  }

  Span marked(Span span) const {
    span.emphasis = span.emphasis || emphasis_ > 0;
    span.strong = span.strong || strong_ > 0;
    return span;
  }

  void emit_text(std::vector<Span>& spans, std::string text, bool code = false) const {
    Span span;
    span.text = std::move(text);
    span.code = code;
    append_span(spans, marked(std::move(span)));
  }

  void emit_insert(std::vector<Span>& spans, const Span& insert, bool in_code) const {
    if (insert.kind != Span::Kind::kRevealed || in_code) {
      Span span = marked(insert);
      span.code = span.code || in_code;
      if (span.kind == Span::Kind::kBlank) {
        spans.push_back(std::move(span));  // a blank is never joined to another
      } else {
        append_span(spans, std::move(span));
      }
      return;
    }
    // Its own markup, read alone: one level down, with no inserts, so no deeper.
    for (Span span : InlineParser(insert.text, {}).parse()) {
      span.kind = Span::Kind::kRevealed;
      append_span(spans, marked(std::move(span)));
    }
  }

  // CommonMark's code span content: line breaks as spaces, and one space off each end when
  // both ends have one (so "`` `a` ``" shows "`a`").
  static std::string code_text(std::string_view content) {
    std::string text(content);
    std::replace(text.begin(), text.end(), '\n', ' ');
    if (text.size() >= 2 && text.front() == ' ' && text.back() == ' ' &&
        text.find_first_not_of(' ') != std::string::npos) {
      text = text.substr(1, text.size() - 2);
    }
    return text;
  }

  void emit_code(std::vector<Span>& spans, const Token& token) {
    // The inserts in [begin, end) split the span; each keeps the code mark.
    std::size_t from = token.begin;
    const auto first = std::lower_bound(
        inserts_.begin(), inserts_.end(), token.begin,
        [](const MarkupInsert& insert, std::size_t offset) { return insert.offset < offset; });
    std::vector<std::pair<std::string, const Span*>> pieces;
    for (auto insert = first; insert != inserts_.end() && insert->offset < token.end; ++insert) {
      pieces.emplace_back(std::string(text_.substr(from, insert->offset - from)), &insert->span);
      from = insert->offset + 1;
    }
    pieces.emplace_back(std::string(text_.substr(from, token.end - from)), nullptr);
    if (pieces.size() == 1) {
      emit_text(spans, code_text(pieces.front().first), true);
      return;
    }
    // With deletions inside, the spaces at the ends are kept: they may be what is asked.
    for (auto& [text, insert] : pieces) {
      std::replace(text.begin(), text.end(), '\n', ' ');
      emit_text(spans, std::move(text), true);
      if (insert != nullptr) emit_insert(spans, *insert, true);
    }
  }

  std::vector<Span> emit() {
    std::vector<Span> spans;
    for (const Token& token : tokens_) {
      switch (token.kind) {
        case Token::Kind::kText:
          emit_text(spans, token.literal.empty()
                               ? std::string(text_.substr(token.begin, token.end - token.begin))
                               : token.literal);
          break;
        case Token::Kind::kInsert:
          emit_insert(spans, inserts_[token.begin].span, false);
          break;
        case Token::Kind::kCode:
          emit_code(spans, token);
          break;
        case Token::Kind::kDelimiter:
          emphasis_ -= token.closes_emphasis;
          strong_ -= token.closes_strong;
          emit_text(spans, std::string(token.remaining, token.mark));
          emphasis_ += token.opens_emphasis;
          strong_ += token.opens_strong;
          break;
      }
    }
    return spans;
  }

  std::string_view text_;
  std::span<const MarkupInsert> inserts_;
  BacktickRuns backticks_;
  std::size_t next_insert_ = 0;
  std::vector<Token> tokens_;
  std::vector<Delimiter> delimiters_;
  int emphasis_ = 0;
  int strong_ = 0;
};

}  // namespace

void append_span(std::vector<Span>& spans, Span span) {
  if (span.kind != Span::Kind::kBlank && span.text.empty()) return;
  if (!spans.empty() && span.kind != Span::Kind::kBlank) {
    Span& last = spans.back();
    if (last.kind == span.kind && last.emphasis == span.emphasis && last.strong == span.strong &&
        last.code == span.code) {
      last.text += span.text;
      return;
    }
  }
  spans.push_back(std::move(span));
}

std::vector<Span> parse_inline_markup(std::string_view text,
                                      std::span<const MarkupInsert> inserts) {
  return InlineParser(text, inserts).parse();
}

std::vector<Span> code_block_spans(std::string_view text, std::span<const MarkupInsert> inserts) {
  std::vector<Span> spans;
  std::size_t from = 0;
  for (const MarkupInsert& insert : inserts) {
    Span span;
    span.text = std::string(text.substr(from, insert.offset - from));
    append_span(spans, std::move(span));
    Span inserted = insert.span;
    if (inserted.kind == Span::Kind::kBlank) {
      spans.push_back(std::move(inserted));
    } else {
      append_span(spans, std::move(inserted));
    }
    from = insert.offset + 1;
  }
  Span rest;
  rest.text = std::string(text.substr(from));
  append_span(spans, std::move(rest));
  return spans;
}

}  // namespace kioku
