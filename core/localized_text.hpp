// Text a deck or a note gives in several languages, and the rule that picks one language's text
// to show. Its own header so that the deck (core/deck.hpp) and the note (core/note.hpp) can both
// use it without including each other.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace kioku {

// Text keyed by language code ("en", "ja").
using LocalizedText = std::map<std::string, std::string>;
using LocalizedChoices = std::map<std::string, std::vector<std::string>>;

// The text in `language`, else in English, else in any language; empty when there is none.
const std::string& pick_language(const LocalizedText& text, const std::string& language);
// The choices in `language` by the same rule; empty when there are none.
const std::vector<std::string>& pick_language(const LocalizedChoices& choices,
                                              const std::string& language);

}  // namespace kioku
