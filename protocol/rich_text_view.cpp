#include "protocol/rich_text_view.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace kioku::protocol {

namespace {

constexpr const char* kEmphasis = "emphasis";
constexpr const char* kStrong = "strong";
constexpr const char* kCode = "code";

std::string block_kind_name(Block::Kind kind) {
  switch (kind) {
    case Block::Kind::kParagraph:
      return "paragraph";
    case Block::Kind::kCode:
      return "code";
    case Block::Kind::kBulletItem:
      return "bullet";
    case Block::Kind::kNumberedItem:
      return "numbered";
  }
  return "paragraph";
}

Block::Kind block_kind(const std::string& name) {
  if (name == "code") return Block::Kind::kCode;
  if (name == "bullet") return Block::Kind::kBulletItem;
  if (name == "numbered") return Block::Kind::kNumberedItem;
  return Block::Kind::kParagraph;
}

std::string span_style_name(Span::Kind kind) {
  switch (kind) {
    case Span::Kind::kText:
      return "text";
    case Span::Kind::kBlank:
      return "blank";
    case Span::Kind::kRevealed:
      return "revealed";
  }
  return "text";
}

Span::Kind span_kind(const std::string& style) {
  if (style == "blank") return Span::Kind::kBlank;
  if (style == "revealed") return Span::Kind::kRevealed;
  return Span::Kind::kText;
}

SpanView span_view(const Span& span) {
  SpanView view;
  view.style = span_style_name(span.kind);
  view.text = span.text;
  if (span.kind == Span::Kind::kBlank && span.hint) view.hint = *span.hint;
  std::vector<std::string> marks;
  if (span.emphasis) marks.emplace_back(kEmphasis);
  if (span.strong) marks.emplace_back(kStrong);
  if (span.code) marks.emplace_back(kCode);
  if (!marks.empty()) view.marks = std::move(marks);
  return view;
}

Span span_from_view(const SpanView& view) {
  Span span;
  span.kind = span_kind(view.style);
  if (span.kind == Span::Kind::kBlank) {
    if (view.hint) span.hint = *view.hint;
  } else {
    span.text = view.text;
  }
  if (view.marks) {
    for (const std::string& mark : *view.marks) {
      span.emphasis = span.emphasis || mark == kEmphasis;
      span.strong = span.strong || mark == kStrong;
      span.code = span.code || mark == kCode;
    }
  }
  return span;
}

int clamped(std::int64_t value, std::int64_t low, std::int64_t high) {
  return static_cast<int>(std::clamp(value, low, high));
}

}  // namespace

RichTextView rich_text_view(const RichText& text) {
  RichTextView view;
  view.blocks.reserve(text.blocks.size());
  for (const Block& block : text.blocks) {
    BlockView block_view;
    block_view.kind = block_kind_name(block.kind);
    block_view.spans.reserve(block.spans.size());
    for (const Span& span : block.spans) block_view.spans.push_back(span_view(span));
    if (block.kind == Block::Kind::kBulletItem || block.kind == Block::Kind::kNumberedItem) {
      block_view.level = block.level;
    }
    if (block.kind == Block::Kind::kNumberedItem) block_view.number = block.number;
    if (block.kind == Block::Kind::kCode && !block.language.empty()) {
      block_view.language = block.language;
    }
    view.blocks.push_back(std::move(block_view));
  }
  return view;
}

RichText rich_text_from_view(const RichTextView& view) {
  RichText text;
  text.blocks.reserve(view.blocks.size());
  for (const BlockView& block_view : view.blocks) {
    Block block;
    block.kind = block_kind(block_view.kind);
    block.spans.reserve(block_view.spans.size());
    for (const SpanView& span : block_view.spans) block.spans.push_back(span_from_view(span));
    const bool item =
        block.kind == Block::Kind::kBulletItem || block.kind == Block::Kind::kNumberedItem;
    if (item && block_view.level) block.level = clamped(*block_view.level, 0, kMaxListLevel);
    if (block.kind == Block::Kind::kNumberedItem && block_view.number) {
      block.number = clamped(*block_view.number, std::numeric_limits<int>::min(),
                             std::numeric_limits<int>::max());
    }
    if (block.kind == Block::Kind::kCode && block_view.language) {
      block.language = *block_view.language;
    }
    text.blocks.push_back(std::move(block));
  }
  return text;
}

}  // namespace kioku::protocol
