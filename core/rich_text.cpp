#include "core/rich_text.hpp"

namespace kioku {

std::string rich_text_plain(const RichText& text) {
  std::string plain;
  for (const Block& block : text.blocks) {
    if (!plain.empty()) plain += '\n';
    for (const Span& span : block.spans) {
      if (span.kind == Span::Kind::kBlank) {
        plain += "[" + (span.hint ? *span.hint : std::string("...")) + "]";
      } else {
        plain += span.text;
      }
    }
  }
  return plain;
}

}  // namespace kioku
