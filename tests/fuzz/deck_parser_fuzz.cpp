// libFuzzer target for the TOML deck parser: any bytes a deck file may hold. Besides the
// parser's contract it checks the shape scan's promise (core/deck_parser_shape.hpp): toml++
// never builds a tree deeper or larger than the scan counted for its part.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/card_generation.hpp"
#include "core/deck.hpp"
#include "core/deck_notes.hpp"
#include "core/deck_parser.hpp"
#include "core/deck_parser_shape.hpp"
#include "core/error.hpp"
#include "core/note_validation.hpp"
#include "core/toml.hpp"

namespace {

constexpr const char* kSourceName = "fuzz.toml";

// A broken promise of parse_deck's contract: abort, so libFuzzer records the input.
void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "deck_parser_fuzz: broken invariant: %s\n", what);
  std::abort();
}

// What parse_deck promises about a deck it accepts (docs/deck-format.md).
void check_cards(const kioku::Deck& deck) {
  check(!deck.cards.empty(), "at least one card");
  check(deck.notes.empty(), "no notes in format 1");
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

void check_notes(const kioku::Deck& deck) {
  check(!deck.notes.empty(), "at least one note");
  check(deck.cards.empty(), "no cards in format 2");
  for (const kioku::DeckNote& entry : deck.notes) {
    check(entry.line > 0 && entry.column > 0, "a note knows its line and column");
    check(entry.note.deck == deck.id, "a note is of its deck");
    for (const kioku::NoteField& field : entry.note.fields) {
      check(field.text.size() == deck.languages.size(), "a field in every language");
    }
    // Valid notes make cards: generate_cards, which checks the note's shape again, may not throw.
    check(!kioku::generate_cards(entry.note).empty(), "a valid note makes a card");
  }
}

void check_deck(const kioku::Deck& deck) {
  check(deck.format == 1 || deck.format == kioku::kDeckFormatVersion, "format is 1 or 2");
  check(!deck.languages.empty(), "at least one language");
  check(!deck.id.empty() && deck.id.size() <= 64, "deck id is a slug");
  for (const std::string& language : deck.languages) {
    check(deck.name.count(language) == 1, "a name in every language");
  }
  if (deck.format == 1) {
    check_cards(deck);
    // Every card is a valid choice note.
    for (const kioku::DeckNote& entry : kioku::deck_notes(deck)) kioku::validate_note(entry.note);
  } else {
    check_notes(deck);
  }
}

// The depth and the number of nodes below the root of what toml++ built, without recursing.
kioku::TomlShape measure(const toml::table& root) {
  kioku::TomlShape shape;
  std::vector<std::pair<const toml::node*, int>> pending{{&root, 0}};
  while (!pending.empty()) {
    const auto [node, depth] = pending.back();
    pending.pop_back();
    shape.depth = std::max(shape.depth, depth);
    if (depth > 0) ++shape.values;
    if (const toml::table* table = node->as_table()) {
      for (const auto& [key, child] : *table) pending.emplace_back(&child, depth + 1);
    } else if (const toml::array* array = node->as_array()) {
      for (const toml::node& child : *array) pending.emplace_back(&child, depth + 1);
    }
  }
  return shape;
}

void check_shapes(std::string_view text) {
  kioku::DeckFileLayout layout;
  try {
    layout = kioku::scan_deck_layout(text, kSourceName);
  } catch (const kioku::InputError&) {
    return;  // refused before toml++ sees it
  }
  std::vector<const kioku::DeckFilePart*> parts{&layout.head};
  for (const kioku::DeckFilePart& part : layout.entries) parts.push_back(&part);
  for (const kioku::DeckFilePart* part : parts) {
    toml::table tree;
    try {
      tree = toml::parse(part->text, std::string_view(kSourceName));
    } catch (const toml::parse_error&) {
      continue;
    }
    const kioku::TomlShape built = measure(tree);
    check(built.depth <= part->shape.depth, "toml++ built no deeper than the scan counted");
    check(built.values <= part->shape.values, "toml++ built no more nodes than the scan counted");
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
    check(error.column() >= 0, "the column is not negative");
  }
  check_shapes(text);
  // Anything else (another exception, a sanitizer report) escapes and crashes the fuzzer.
  return 0;
}
