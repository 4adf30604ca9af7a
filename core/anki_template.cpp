// The template's tags, found the way Anki finds them: at each place, a "{{" with a "}}" somewhere
// after it is a tag, else a "<!--" with a "-->" after it is a comment, else the byte is text. The
// searches for the closing marks remember their last answer, so the whole read stays linear.
#include "core/anki_template.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "core/bilingual_message.hpp"
#include "core/fill_in.hpp"
#include "core/next_place.hpp"
#include "core/unicode.hpp"
#include "core/utf8.hpp"

namespace kioku {

namespace {

constexpr std::string_view kAltDirective = "{{=<% %>=}}";
constexpr std::string_view kCommentStart = "<!--";
constexpr std::string_view kCommentEnd = "-->";
constexpr std::string_view kFrontSide = "FrontSide";

std::size_t leading_whitespace(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size()) {
    const CodePoint point = decode_utf8(text, at);
    if (point.length == 0 || !is_unicode_whitespace(point.code)) break;
    at += point.length;
  }
  return at;
}

// Each name once, in the order it first appears; the set keeps a template of many distinct
// names linear.
void add_unknown_filters(const AnkiTemplateNode& node, std::vector<std::string>& unknown,
                         std::set<std::string, std::less<>>& seen) {
  if (node.text == kFrontSide) return;  // Anki ignores FrontSide's filters
  for (std::string& filter : effective_anki_filters(node.filters)) {
    if (!is_known_anki_filter(filter) && seen.insert(filter).second) {
      unknown.push_back(std::move(filter));
    }
  }
}

class TemplateReader {
 public:
  explicit TemplateReader(std::string_view source) : source_(source) {}

  void read(std::vector<AnkiTemplateNode>& nodes, std::vector<std::string>& unknown);

 private:
  void tag(std::string_view content, std::size_t offset);
  std::vector<AnkiTemplateNode>& current() {
    return open_.empty() ? *root_ : open_.back().children;
  }
  [[noreturn]] void fail(AnkiTemplateError::Kind kind, std::size_t offset, std::string name,
                         std::string open_name = "") const {
    throw AnkiTemplateError(kind, text_place_at(source_, offset), std::move(name),
                            std::move(open_name));
  }

  std::string_view source_;
  std::vector<AnkiTemplateNode>* root_ = nullptr;
  std::vector<std::string>* unknown_ = nullptr;
  std::set<std::string, std::less<>> seen_unknown_;
  std::vector<AnkiTemplateNode> open_;  // the sections open now, outermost first
};

void TemplateReader::tag(std::string_view content, std::size_t offset) {
  // Anki: leading '{' go ("{{{Field}}}" is Field, the last '}' text), then the whitespace.
  while (!content.empty() && content.front() == '{') content.remove_prefix(1);
  content = trim_unicode_whitespace(content);
  AnkiTemplateNode node;
  node.offset = offset;
  const char lead = content.size() >= 2 ? content.front() : '\0';
  if (lead == '#' || lead == '^' || lead == '/') {
    const std::string_view name = trim_unicode_whitespace(content.substr(1));
    if (lead == '/') {
      if (open_.empty()) fail(AnkiTemplateError::Kind::kSectionNotOpen, offset, std::string(name));
      if (open_.back().text != name) {
        fail(AnkiTemplateError::Kind::kWrongSectionClosed, offset, std::string(name),
             open_.back().text);
      }
      AnkiTemplateNode closed = std::move(open_.back());
      open_.pop_back();
      current().push_back(std::move(closed));
      return;
    }
    if (open_.size() == static_cast<std::size_t>(kMaxAnkiSectionDepth)) {
      fail(AnkiTemplateError::Kind::kTooDeep, offset, std::string(name));
    }
    node.kind =
        lead == '#' ? AnkiTemplateNode::Kind::kSection : AnkiTemplateNode::Kind::kInvertedSection;
    node.text = std::string(name);
    open_.push_back(std::move(node));
    return;
  }
  // "a:b:F": the field is after the last ':', the filters apply from the nearest one out.
  node.kind = AnkiTemplateNode::Kind::kReplacement;
  std::size_t end = content.size();
  std::size_t colon = content.rfind(':');
  node.text = std::string(content.substr(colon == std::string_view::npos ? 0 : colon + 1));
  while (colon != std::string_view::npos) {
    end = colon;
    colon = end == 0 ? std::string_view::npos : content.rfind(':', end - 1);
    const std::size_t start = colon == std::string_view::npos ? 0 : colon + 1;
    node.filters.emplace_back(content.substr(start, end - start));
  }
  add_unknown_filters(node, *unknown_, seen_unknown_);
  current().push_back(std::move(node));
}

void TemplateReader::read(std::vector<AnkiTemplateNode>& nodes, std::vector<std::string>& unknown) {
  root_ = &nodes;
  unknown_ = &unknown;
  // Anki's legacy directive counts only at the start; repeated, it is taken off each time.
  std::size_t start = leading_whitespace(source_);
  std::string_view open_mark = "{{";
  std::string_view close_mark = "}}";
  if (source_.substr(start).starts_with(kAltDirective)) {
    while (source_.substr(start).starts_with(kAltDirective)) start += kAltDirective.size();
    open_mark = "<%";
    close_mark = "%>";
  }
  NextPlace opens(source_, open_mark);
  NextPlace closes(source_, close_mark);
  NextPlace comment_starts(source_, kCommentStart);
  NextPlace comment_ends(source_, kCommentEnd);
  constexpr std::size_t kNone = std::string_view::npos;
  std::size_t at = start;
  while (at < source_.size()) {
    std::size_t tag_at = opens.from(at);
    std::size_t tag_end = tag_at == kNone ? kNone : closes.from(tag_at + open_mark.size());
    if (tag_end == kNone) tag_at = kNone;
    std::size_t comment_at = comment_starts.from(at);
    std::size_t comment_end =
        comment_at == kNone ? kNone : comment_ends.from(comment_at + kCommentStart.size());
    if (comment_end == kNone) comment_at = kNone;
    const std::size_t next = std::min(tag_at, comment_at);
    if (next > at) {
      AnkiTemplateNode text;
      text.text = std::string(source_.substr(at, std::min(next, source_.size()) - at));
      text.offset = at;
      current().push_back(std::move(text));
    }
    if (next == kNone) break;
    if (next == tag_at) {
      const std::size_t content = tag_at + open_mark.size();
      tag(source_.substr(content, tag_end - content), tag_at);
      at = tag_end + close_mark.size();
    } else {
      AnkiTemplateNode comment;
      comment.kind = AnkiTemplateNode::Kind::kComment;
      const std::size_t content = comment_at + kCommentStart.size();
      comment.text = std::string(source_.substr(content, comment_end - content));
      comment.offset = comment_at;
      current().push_back(std::move(comment));
      at = comment_end + kCommentEnd.size();
    }
  }
  if (!open_.empty()) {
    // The innermost, as Anki names it.
    fail(AnkiTemplateError::Kind::kSectionNotClosed, open_.back().offset, open_.back().text);
  }
}

// The error's problem. The tags go in whole as values ({open}: "{{#A}}", {close}: "{{/A}}"),
// so that no pattern has braces of its own.
BilingualMessage describe(AnkiTemplateError::Kind kind, const std::string& name,
                          const std::string& open_name) {
  const std::string open = "{{#" + name + "}}";
  const std::string close = "{{/" + name + "}}";
  switch (kind) {
    case AnkiTemplateError::Kind::kSectionNotClosed:
      return bilingual("the section {open} is never closed (missing {close})",
                       "セクション {open} が閉じられていません（{close} がありません）",
                       {{"open", open}, {"close", close}});
    case AnkiTemplateError::Kind::kWrongSectionClosed:
      return bilingual("{close} closes a section that is not the open one, {open}",
                       "{close} が閉じているのは、開いているセクション {open} ではありません",
                       {{"close", close}, {"open", "{{#" + open_name + "}}"}});
    case AnkiTemplateError::Kind::kSectionNotOpen:
      return bilingual("{close} closes a section that was never opened",
                       "{close} は開かれていないセクションを閉じています", {{"close", close}});
    case AnkiTemplateError::Kind::kTooDeep:
      return bilingual("sections nested more than {most} deep",
                       "セクションの入れ子が {most} 段を超えています",
                       {{"most", std::to_string(kMaxAnkiSectionDepth)}});
  }
  return bilingual("template error", "テンプレートのエラーです");
}

// The whole message: describe_text_place's "line 2, column 3: " (in Japanese "2 行 3 列: "),
// then the problem in the card template.
BilingualMessage template_error_message(const TextPlace& place, const BilingualMessage& problem) {
  const BilingualMessage where = describe_text_place(place);
  return {fill_in("{place}card template: {problem}",
                  {{"place", where.english}, {"problem", problem.english}}),
          fill_in("{place}カードテンプレート: {problem}",
                  {{"place", where.japanese}, {"problem", problem.japanese}})};
}

}  // namespace

AnkiTemplate AnkiTemplate::parse(std::string_view source) {
  AnkiTemplate parsed;
  TemplateReader(source).read(parsed.nodes_, parsed.unknown_filters_);
  return parsed;
}

AnkiTemplateError::AnkiTemplateError(Kind kind, TextPlace place, std::string name,
                                     std::string open_name)
    : Error(ErrorCode::kInvalidInput,
            template_error_message(place, describe(kind, name, open_name))),
      kind_(kind),
      place_(place),
      name_(std::move(name)),
      open_name_(std::move(open_name)) {}

bool is_known_anki_filter(std::string_view name) {
  constexpr std::string_view kKnown[] = {"",     "text",  "furigana",   "kanji",
                                         "kana", "type",  "type-cloze", "type-nc",
                                         "hint", "cloze", "cloze-only"};
  return std::find(std::begin(kKnown), std::end(kKnown), name) != std::end(kKnown) ||
         name.starts_with("tts ");
}

std::vector<std::string> effective_anki_filters(const std::vector<std::string>& filters) {
  if (filters.size() == 2 && filters[1] == "type") {
    if (filters[0] == "cloze") return {"type-cloze"};
    if (filters[0] == "nc") return {"type-nc"};
  }
  if (!filters.empty() && filters.back() == "type") return {"type"};
  return filters;
}

}  // namespace kioku
