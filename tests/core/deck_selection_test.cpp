// Tests for choosing decks by id or name with their subdecks (core/deck_selection.hpp).
#include "core/deck_selection.hpp"

#include <catch2/catch.hpp>
#include <vector>

namespace kioku {
namespace {

const std::vector<DeckNaming> kDecks = {
    {"japanese", {{"en", "Japanese"}, {"ja", "日本語"}}},                     // 0
    {"japanese-vocab", {{"en", "Japanese::Vocab"}, {"ja", "日本語::語彙"}}},  // 1
    {"japanese-vocab-n5", {{"en", "Japanese::Vocab::N5"}}},                   // 2
    {"japanese-kanji", {{"en", "Japanese::Kanji"}}},                          // 3
    {"japanesex", {{"en", "JapaneseX"}}},  // 4: not under Japanese
    {"spanish-a", {{"en", "Spanish"}}},    // 5
    {"spanish-b", {{"en", "spanish"}}},    // 6: same name, other case
    {"vocab", {{"en", "Anki::Vocab"}}},    // 7: parent not a deck
    {"vocab-2", {{"en", "Anki::Verbs"}}},  // 8
};

std::vector<std::size_t> chosen(std::string_view query, DeckSelectionOutcome outcome) {
  const DeckSelection selection = select_decks(query, kDecks);
  CHECK(selection.outcome == outcome);
  return selection.decks;
}

using Outcome = DeckSelectionOutcome;
using Indices = std::vector<std::size_t>;

TEST_CASE("deck selection: an id takes the deck and every deck under its names",
          "[core][deck_selection]") {
  CHECK(chosen("japanese", Outcome::kFound) == Indices{0, 1, 2, 3});
  CHECK(chosen("japanese-vocab", Outcome::kFound) == Indices{1, 2});
  CHECK(chosen("japanese-vocab-n5", Outcome::kFound) == Indices{2});
  // An id is compared exactly: "Japanese" is the deck's name, and chooses the same decks.
  CHECK(chosen("Japanese", Outcome::kFound) == Indices{0, 1, 2, 3});
}

TEST_CASE("deck selection: a name in any language, without case, with its subdecks",
          "[core][deck_selection]") {
  CHECK(chosen("japanese::vocab", Outcome::kFound) == Indices{1, 2});
  CHECK(chosen("JAPANESE::VOCAB::n5", Outcome::kFound) == Indices{2});
  CHECK(chosen("日本語", Outcome::kFound) == Indices{0, 1, 2, 3});
  CHECK(chosen("日本語::語彙", Outcome::kFound) == Indices{1, 2});
  // "JapaneseX" starts with "Japanese" but is not under it.
  CHECK(chosen("JapaneseX", Outcome::kFound) == Indices{4});
}

TEST_CASE("deck selection: a parent that is no deck of its own takes its subdecks",
          "[core][deck_selection]") {
  CHECK(chosen("Anki", Outcome::kFound) == Indices{7, 8});
  CHECK(chosen("anki", Outcome::kFound) == Indices{7, 8});
}

TEST_CASE("deck selection: two decks of one name are ambiguous, a name of none is unknown",
          "[core][deck_selection]") {
  CHECK(chosen("SPANISH", Outcome::kAmbiguous) == Indices{5, 6});
  // By id the same deck is not ambiguous.
  CHECK(chosen("spanish-b", Outcome::kFound) == Indices{6});
  CHECK(chosen("French", Outcome::kUnknown).empty());
  CHECK(chosen("Japanese::", Outcome::kUnknown).empty());
  CHECK(chosen("Vocab", Outcome::kUnknown).empty());  // a child's last part is not its name
  CHECK(chosen("", Outcome::kUnknown).empty());
}

TEST_CASE("deck selection: subdeck names", "[core][deck_selection]") {
  CHECK(is_subdeck_name("A::B::C", "A::B"));
  CHECK(is_subdeck_name("a::b::c", "A::B"));
  CHECK_FALSE(is_subdeck_name("A::B", "A::B"));
  CHECK_FALSE(is_subdeck_name("A::BC", "A::B"));
  CHECK_FALSE(is_subdeck_name("A::B::", "A::B"));
  CHECK(is_subdeck_name("Ärger::x", "ärger"));
}

}  // namespace
}  // namespace kioku
