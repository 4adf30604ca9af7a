// Language fallback for deck and note text.
#include "core/localized_text.hpp"

namespace kioku {

const std::string& pick_language(const LocalizedText& text, const std::string& language) {
  static const std::string kEmpty;
  if (auto found = text.find(language); found != text.end()) return found->second;
  if (auto english = text.find("en"); english != text.end()) return english->second;
  return text.empty() ? kEmpty : text.begin()->second;
}

}  // namespace kioku
