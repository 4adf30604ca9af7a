#include "core/bilingual_message.hpp"

#include <utility>

#include "core/fill_in.hpp"

namespace kioku {

BilingualMessage bilingual(std::string_view english, std::string_view japanese,
                           std::initializer_list<std::pair<std::string_view, std::string>> values) {
  return {fill_in(english, values), fill_in(japanese, values)};
}

BilingualMessage bilingual_with(
    std::string_view english, std::string_view japanese, std::string_view name,
    const BilingualMessage& value,
    std::initializer_list<std::pair<std::string_view, std::string>> values) {
  // In two passes: `value`'s own text is put in as it is, whatever "{...}" it holds.
  const BilingualMessage others = bilingual(english, japanese, values);
  return {
      fill_in(others.english, {{name, value.english}}),
      fill_in(others.japanese, {{name, value.japanese.empty() ? value.english : value.japanese}})};
}

BilingualMessage same_in_both(std::string text) {
  return {text, std::move(text)};
}

const std::string& text_in(const BilingualMessage& message, const std::string& language) {
  return language == "ja" && !message.japanese.empty() ? message.japanese : message.english;
}

}  // namespace kioku
