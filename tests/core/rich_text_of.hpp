// Short ways to write the rich text a test expects, and a printing of it for Catch's messages.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/rich_text.hpp"

namespace kioku {

inline Span text_span(std::string text) {
  Span span;
  span.text = std::move(text);
  return span;
}
inline Span emphasis_span(std::string text) {
  Span span = text_span(std::move(text));
  span.emphasis = true;
  return span;
}
inline Span strong_span(std::string text) {
  Span span = text_span(std::move(text));
  span.strong = true;
  return span;
}
inline Span code_span(std::string text) {
  Span span = text_span(std::move(text));
  span.code = true;
  return span;
}
inline Span blank_span(std::optional<std::string> hint = std::nullopt) {
  Span span;
  span.kind = Span::Kind::kBlank;
  span.hint = std::move(hint);
  return span;
}
inline Span revealed_span(std::string text) {
  Span span = text_span(std::move(text));
  span.kind = Span::Kind::kRevealed;
  return span;
}
inline Span with_emphasis(Span span) {
  span.emphasis = true;
  return span;
}
inline Span with_strong(Span span) {
  span.strong = true;
  return span;
}
inline Span with_code(Span span) {
  span.code = true;
  return span;
}

inline Block paragraph(std::vector<Span> spans) {
  return Block{Block::Kind::kParagraph, std::move(spans), 0, 0, {}};
}
inline Block bullet(int level, std::vector<Span> spans) {
  return Block{Block::Kind::kBulletItem, std::move(spans), level, 0, {}};
}
inline Block numbered(int level, int number, std::vector<Span> spans) {
  return Block{Block::Kind::kNumberedItem, std::move(spans), level, number, {}};
}
inline Block code_block(std::string language, std::vector<Span> spans) {
  return Block{Block::Kind::kCode, std::move(spans), 0, 0, std::move(language)};
}

inline std::ostream& operator<<(std::ostream& out, const Span& span) {
  static const char* const kKinds[] = {"text", "blank", "revealed"};
  out << kKinds[static_cast<int>(span.kind)];
  if (span.emphasis) out << "+em";
  if (span.strong) out << "+strong";
  if (span.code) out << "+code";
  out << "\"" << span.text << "\"";
  if (span.hint) out << "[hint \"" << *span.hint << "\"]";
  return out;
}

inline std::ostream& operator<<(std::ostream& out, const Block& block) {
  static const char* const kKinds[] = {"paragraph", "code", "bullet", "numbered"};
  out << kKinds[static_cast<int>(block.kind)] << "(level " << block.level << ", number "
      << block.number << ", language \"" << block.language << "\"){";
  for (const Span& span : block.spans) out << " " << span;
  return out << " }";
}

inline std::ostream& operator<<(std::ostream& out, const RichText& text) {
  out << "RichText{";
  for (const Block& block : text.blocks) out << "\n  " << block;
  return out << "\n}";
}

}  // namespace kioku
