// The words come from the vocabulary the choice decks use (bench/generator/vocabulary.hpp).
#include "bench/generator/synthetic_notes.hpp"

#include <random>
#include <string_view>

#include "bench/generator/vocabulary.hpp"

namespace kioku::bench {

namespace {

// A sentence of 6 to 14 words with `clozes` deletions, numbered 1.., every third with a hint.
std::string cloze_text(std::mt19937_64& random, const auto& vocabulary, int clozes,
                       std::string_view separator) {
  const int length = 6 + static_cast<int>(random() % 9);
  std::string text;
  int next_cloze = 1;
  for (int i = 0; i < length; ++i) {
    if (i > 0) text += separator;
    const std::string_view word = vocabulary[random() % vocabulary.size()];
    // Deletions at the start of the sentence's thirds, so every number gets one.
    if (next_cloze <= clozes && i >= (next_cloze - 1) * length / clozes) {
      text += "{{c" + std::to_string(next_cloze) + "::" + std::string(word);
      if (random() % 3 == 0) text += "::" + std::string(vocabulary[random() % vocabulary.size()]);
      text += "}}";
      ++next_cloze;
    } else {
      text += word;
    }
  }
  return text;
}

NoteField field(std::string name, std::string english, std::string japanese) {
  return NoteField{.name = std::move(name),
                   .text = {{"en", std::move(english)}, {"ja", std::move(japanese)}}};
}

}  // namespace

std::vector<Note> synthetic_notes(const std::string& slug, NoteKind kind, std::int64_t count,
                                  std::uint64_t seed, const std::string& id_prefix) {
  std::mt19937_64 random(seed ^ (0xc2b2ae3d27d4eb4full * (static_cast<std::uint64_t>(kind) + 1)));
  std::vector<Note> notes;
  notes.reserve(static_cast<std::size_t>(count));
  for (std::int64_t number = 1; number <= count; ++number) {
    Note note;
    note.id = id_prefix + std::to_string(number);
    note.deck = slug;
    note.kind = kind;
    note.tags = {"bench", "topic" + std::to_string(random() % 50)};
    if (kind == NoteKind::kCloze) {
      const int clozes = 1 + static_cast<int>(random() % 3);
      // One seed for both languages' deletions, so that they have the same numbers.
      const std::uint64_t sentence = random();
      std::mt19937_64 english(sentence);
      std::mt19937_64 japanese(sentence);
      note.fields = {field("text", cloze_text(english, kEnglishWords, clozes, " ") + ".",
                           cloze_text(japanese, kJapaneseWords, clozes, "の") + "。"),
                     field("extra", words(random, kEnglishWords, 3, " "),
                           words(random, kJapaneseWords, 3, "と"))};
    } else {
      const int question = 4 + static_cast<int>(random() % 9);
      const int answer = kind == NoteKind::kTyped ? 1 + static_cast<int>(random() % 2)
                                                  : 1 + static_cast<int>(random() % 6);
      note.fields = {field("front", "What is " + words(random, kEnglishWords, question, " ") + "?",
                           words(random, kJapaneseWords, question, "の") + "とは？"),
                     field("back", words(random, kEnglishWords, answer, " "),
                           words(random, kJapaneseWords, answer, "・"))};
    }
    notes.push_back(std::move(note));
  }
  return notes;
}

}  // namespace kioku::bench
