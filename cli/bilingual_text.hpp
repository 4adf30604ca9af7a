// The review screen's texts under --lang both (docs/review-screen.md, "Both languages"): each
// text in the screen's language, then its English in a dimmer colour. What pairs the two and
// how the second is drawn, for the session and both of its screens.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/terminal/terminal.hpp"
#include "protocol/review_types.hpp"

namespace kioku::cli {

// A text in the screen's language and, under --lang both, its English, shown after it in a
// dimmer colour. `second` is empty when there is no second language or it would say the same.
struct Bilingual {
  Bilingual(std::string text) : first(std::move(text)) {}  // NOLINT: one language is a text
  Bilingual(const char* text) : first(text) {}             // NOLINT
  Bilingual(std::string text, std::string english)
      : first(std::move(text)), second(english == first ? std::string() : std::move(english)) {}
  // The English, or the first text where the English says the same (a deck's name).
  const std::string& second_or_first() const { return second.empty() ? first : second; }
  std::string first;
  std::string second;
};

// A prompt from the session without the line screen's layout around it: the blank line before
// it and the space after it.
std::string trimmed_prompt(const std::string& text);

// `lines` in the dimmer colour of the second language, their own styles kept inside it.
std::vector<std::string> dimmed(std::vector<std::string> lines, const Style& style);

// `english` (card.get's card in English) when it says something `card` does not: nullopt for a
// card with English alone, whose two are the same.
std::optional<protocol::CardToStudy> english_if_different(const protocol::CardToStudy& card,
                                                          protocol::CardToStudy english);

}  // namespace kioku::cli
