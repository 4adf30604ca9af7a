// Deck-file texts shared by the tests of deck errors on the parser (tests/core) and through
// kiokud and kioku (tests/e2e), so that both tiers speak of the same file and the same lines.
#pragma once

#include <string>

namespace kioku::test {

// One valid card, seven lines.
inline const std::string kOneCard = R"([[cards]]
id = "c-1"
kind = "choice"
question.en = "Q1?"
choices.en = ["a", "b"]
answer = 1
explanation.en = "Because."
)";

// The deck "broken": its head (lines 1 to 7), kOneCard (lines 8 to 14), a blank line, then
// `cards` from line 16.
inline std::string deck_with(const std::string& cards) {
  return "format = 1\nlanguages = [\"en\"]\n\n[deck]\nid = \"broken\"\nname.en = \"Broken\"\n\n" +
         kOneCard + "\n" + cards;
}

}  // namespace kioku::test
