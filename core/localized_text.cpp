// Language fallback for deck and note text.
#include "core/localized_text.hpp"

namespace kioku {

namespace {

template <class Value>
const Value& picked(const std::map<std::string, Value>& values, const std::string& language) {
  static const Value kEmpty{};
  if (auto found = values.find(language); found != values.end()) return found->second;
  if (auto english = values.find("en"); english != values.end()) return english->second;
  return values.empty() ? kEmpty : values.begin()->second;
}

}  // namespace

const std::string& pick_language(const LocalizedText& text, const std::string& language) {
  return picked(text, language);
}

const std::vector<std::string>& pick_language(const LocalizedChoices& choices,
                                              const std::string& language) {
  return picked(choices, language);
}

}  // namespace kioku
