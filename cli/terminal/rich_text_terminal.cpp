#include "cli/terminal/rich_text_terminal.hpp"

#include <algorithm>
#include <utility>

#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/styled_wrap.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/rich_text.hpp"
#include "protocol/rich_text_view.hpp"

namespace kioku::cli {

namespace {

// Columns of text a line keeps however deep its list is nested, so a narrow terminal still
// shows words.
constexpr int kMinTextWidth = 10;
const std::string kCodeIndent = "    ";

unsigned style_of(const Span& span) {
  unsigned style = 0;
  if (span.emphasis) style |= kStyleItalic;
  if (span.strong) style |= kStyleBold;
  if (span.code) style |= kStyleCode;
  if (span.kind != Span::Kind::kText) style |= kStyleCloze | kStyleBold;
  return style;
}

// The spans as pieces of safe text. Without colour a revealed deletion is bracketed, once for a
// run of revealed spans (its own marks split it); a blank always is.
std::vector<StyledPiece> pieces_of(const Block& block, bool colour) {
  std::vector<StyledPiece> pieces;
  const unsigned block_style = block.kind == Block::Kind::kCode ? kStyleCode : 0;
  bool in_revealed = false;
  for (const Span& span : block.spans) {
    const unsigned style = style_of(span) | block_style;
    const bool revealed = span.kind == Span::Kind::kRevealed;
    if (!colour && in_revealed && !revealed) pieces.push_back({"]", 0});
    if (!colour && !in_revealed && revealed) pieces.push_back({"[", 0});
    in_revealed = revealed;
    if (span.kind == Span::Kind::kBlank) {
      const std::string hint = span.hint && !span.hint->empty() ? *span.hint : "...";
      pieces.push_back({"[" + safe_line(hint) + "]", style});
    } else {
      pieces.push_back({safe_text(span.text), style});
    }
  }
  if (!colour && in_revealed) pieces.push_back({"]", 0});
  return pieces;
}

bool is_item(const Block& block) {
  return block.kind == Block::Kind::kBulletItem || block.kind == Block::Kind::kNumberedItem;
}

// What the block's first line starts with, and its other lines.
std::pair<std::string, std::string> prefixes(const Block& block) {
  if (block.kind == Block::Kind::kCode) return {kCodeIndent, kCodeIndent};
  if (!is_item(block)) return {"", ""};
  const std::string indent(static_cast<std::size_t>(std::max(0, block.level)) * 2, ' ');
  const std::string marker =
      block.kind == Block::Kind::kBulletItem ? "- " : std::to_string(block.number) + ". ";
  return {indent + marker, indent + std::string(marker.size(), ' ')};
}

}  // namespace

std::vector<std::string> rich_text_lines(const protocol::RichTextView& view, int width,
                                         const Style& style) {
  const RichText text = protocol::rich_text_from_view(view);
  std::vector<std::string> lines;
  const Block* previous = nullptr;
  for (const Block& block : text.blocks) {
    if (previous != nullptr && !(is_item(*previous) && is_item(block))) lines.emplace_back();
    previous = &block;
    const auto [first, rest] = prefixes(block);
    const int text_width = std::max(kMinTextWidth, width - display_width(rest));
    bool first_line = true;
    for (const std::vector<StyledPiece>& line :
         wrap_styled(pieces_of(block, style.enabled), text_width)) {
      lines.push_back((first_line ? first : rest) + styled_line(line, style.enabled));
      first_line = false;
    }
  }
  return lines;
}

}  // namespace kioku::cli
