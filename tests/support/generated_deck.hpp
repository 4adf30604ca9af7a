// Decks of any size for the crash, load and benchmark runs.
#pragma once

#include <string>

namespace kioku::test {

// A deck `slug` of `cards` choice cards with 2 to 5 choices each, in deck format v1. Card i
// (from 0) has 2 + i % 4 choices and its right one is 1 + i % (2 + i % 4).
std::string generated_deck(const std::string& slug, int cards);

}  // namespace kioku::test
