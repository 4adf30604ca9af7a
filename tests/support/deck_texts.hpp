// Deck-file texts shared by the tests of deck errors on the parser (tests/core) and through
// kiokud and kioku (tests/e2e), so that both tiers speak of the same file and the same lines.
#pragma once

#include <cstddef>
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

// `text` `times` times, `between` between them: the long values and deep nestings of the files
// that go past the parser's limits.
inline std::string repeated(const std::string& text, std::size_t times,
                            const std::string& between = "") {
  std::string result;
  for (std::size_t i = 0; i < times; ++i) result += (i ? between : "") + text;
  return result;
}

// A dotted key of `parts` parts: a.a.a
inline std::string dotted_key(int parts, const std::string& part = "a") {
  return repeated(part, static_cast<std::size_t>(parts), ".");
}

}  // namespace kioku::test

namespace kioku::test {

// A choice note of three options, the second right, with an explanation in Japanese given.
inline std::string recomputation_choice_note(const std::string& explanation_ja) {
  return R"([[notes]]
id = "choice-1"
kind = "choice"
question.en = "Which pass recomputes activations?"
question.ja = "どのパスで活性化を再計算しますか？"
choices.en = ["Forward", "Backward", "Neither"]
choices.ja = ["順伝播", "逆伝播", "どちらでもない"]
answer = 2
explanation.en = "The backward pass."
explanation.ja = ")" +
         explanation_ja + "\"\n";
}

// A format 2 deck in two languages with a note of every kind, written the ways docs/deck-format.md
// shows: dotted keys per language, a sub-table ([notes.back]) and a multi-line string. The line
// of each [[notes]] header is in the comment before it.
inline const std::string kBilingualNotes = R"(format = 2
languages = ["en", "ja"]

[deck]
id = "every-kind"
name.en = "Every kind"
name.ja = "すべての種類"

# line 10
[[notes]]
id = "basic-1"
kind = "basic"
tags = ["geography", "capitals"]
front.en = "Capital of Japan?"
front.ja = "日本の首都は？"
back.en = "Tokyo"
back.ja = "東京"

# line 20
[[notes]]
id = "reverse-1"
kind = "reverse"
front.en = "dog"
front.ja = "犬"
[notes.back]
en = "inu"
ja = "いぬ"

# line 30
[[notes]]
id = "optional-1"
kind = "basic-optional-reverse"
front.en = "cat"
front.ja = "猫"
back.en = "neko"
back.ja = "ねこ"
add_reverse.en = "y"
add_reverse.ja = "y"

# line 41
[[notes]]
id = "cloze-1"
kind = "cloze"
text.en = """
{{c1::Tokyo}} is the capital
of {{c2::Japan::country}}."""
text.ja = "{{c1::東京}}は{{c2::日本::国}}の首都です。"
extra.en = "Since 1868."
extra.ja = "1868年から。"

# line 52
[[notes]]
id = "typed-1"
kind = "typed"
front.en = "Water, in Japanese?"
front.ja = "「水」を英語で？"
back.en = "mizu"
back.ja = "water"

# line 61
)" + recomputation_choice_note("逆伝播です。");

// A format 2 deck in one language: plain strings for fields and choices, and note ids as Anki
// makes them (its guids, with punctuation).
inline const std::string kOneLanguageNotes = R"(format = 2
languages = ["en"]

[deck]
id = "one-language"
name = "One language"

[[notes]]
id = "Ab3$x/9!"
kind = "basic"
front = "Capital of France?"
back = "Paris"

[[notes]]
id = "r{2}"
kind = "reverse"
front = "red"
back = "rouge"

[[notes]]
id = "o-1"
kind = "basic-optional-reverse"
front = "blue"
back = "bleu"

[[notes]]
id = "c-1"
kind = "cloze"
text = "{{c1::Paris}} lies on the {{c2::Seine}}; {{c1::it}} is the capital."

[[notes]]
id = "t-1"
kind = "typed"
front = "Green, in French?"
back = "vert"

[[notes]]
id = "ch-1"
kind = "choice"
tags = ["colours"]
question = "Which is a colour?"
choices = ["Green", "Seven"]
answer = 1
)";

// A format 2 deck in English of `count` (1 to 4) basic notes "one" to "four", fronts "one?" to
// "four?" and backs "1" to "4": the plain cards the due counts, reminders and session options are
// counted on.
inline std::string basic_notes_deck(const std::string& id, const std::string& name, int count) {
  static const char* const kWords[] = {"one", "two", "three", "four"};
  std::string text = "format = 2\nlanguages = [\"en\"]\n\n[deck]\nid = \"" + id +
                     "\"\nname.en = \"" + name + "\"\n";
  for (int note = 0; note < count && note < 4; ++note) {
    const std::string word = kWords[note];
    text += "\n[[notes]]\nid = \"" + word + "\"\nkind = \"basic\"\nfront.en = \"" + word +
            "?\"\nback.en = \"" + std::to_string(note + 1) + "\"\n";
  }
  return text;
}

}  // namespace kioku::test

namespace kioku::test {

// The review screen's tests (tests/e2e/review_*_test.cpp) show these decks and look for their
// texts on the screen.

// A format 2 deck's head in English and Japanese, ending in a blank line: its notes follow.
inline std::string two_language_deck(const std::string& id, const std::string& name_en,
                                     const std::string& name_ja) {
  return "format = 2\nlanguages = [\"en\", \"ja\"]\n\n[deck]\nid = \"" + id + "\"\nname.en = \"" +
         name_en + "\"\nname.ja = \"" + name_ja + "\"\n\n";
}

// A basic note, the capital of Japan.
inline const std::string kCapitalNote = R"([[notes]]
id = "basic-1"
kind = "basic"
front.en = "Capital of Japan?"
front.ja = "日本の首都は？"
back.en = "Tokyo"
back.ja = "東京都"
)";

// The choice note above, as the review screen's tests show it.
inline const std::string kRecomputationChoiceNote = recomputation_choice_note("逆伝播のときです。");

}  // namespace kioku::test
