// libFuzzer target for the TOML deck parser: any bytes a deck file may hold.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/deck.hpp"
#include "core/deck_parser.hpp"
#include "core/error.hpp"

namespace {

constexpr const char* kSourceName = "fuzz.toml";

// A broken promise of parse_deck's contract: abort, so libFuzzer records the input.
void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "deck_parser_fuzz: broken invariant: %s\n", what);
  std::abort();
}

// What parse_deck promises about a deck it accepts (docs/deck-format.md).
void check_deck(const kioku::Deck& deck) {
  check(deck.format == kioku::kDeckFormatVersion, "format is 1");
  check(!deck.languages.empty(), "at least one language");
  check(!deck.id.empty() && deck.id.size() <= 64, "deck id is a slug");
  check(!deck.cards.empty(), "at least one card");
  for (const std::string& language : deck.languages) {
    check(deck.name.count(language) == 1, "a name in every language");
  }
  for (const kioku::DeckCard& card : deck.cards) {
    check(!card.id.empty() && card.id.size() <= 64, "card id is a slug");
    check(card.kind == "choice", "kind is choice");
    check(card.line > 0, "a card knows its line");
    check(card.choices.size() == deck.languages.size(), "choices in every language");
    for (const std::string& language : deck.languages) {
      check(card.question.count(language) == 1, "a question in every language");
      check(card.explanation.count(language) == 1, "an explanation in every language");
      const auto choices = card.choices.find(language);
      check(choices != card.choices.end(), "choices in every language");
      check(choices->second.size() >= 2 && choices->second.size() <= 8, "2 to 8 choices");
      check(card.answer >= 1 && card.answer <= static_cast<int>(choices->second.size()),
            "the answer is one of the choices");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    check_deck(kioku::parse_deck(text, kSourceName));
  } catch (const kioku::InputError& error) {
    // The documented failure (core/deck_parser.hpp): it names the file, and a line when known.
    check(std::string_view(error.what()).starts_with(kSourceName), "the error names the file");
    check(error.file() == kSourceName, "file() is the source name");
    check(error.line() >= 0, "the line is not negative");
  }
  // Anything else (another exception, a sanitizer report) escapes and crashes the fuzzer.
  return 0;
}
