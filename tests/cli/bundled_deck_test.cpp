// The bundled deck (decks/gradient-checkpointing.toml) as a learner meets it: it parses, it has
// the notes and kinds issue 17 asks for, every note names its source, every card's sides fit a
// 60-column terminal in both languages, and the eight seed questions keep their ids, content and
// answers, so that progress made on them before the deck grew is kept.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "cli/terminal/rich_text_terminal.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/card_generation.hpp"
#include "core/card_sides.hpp"
#include "core/deck_notes.hpp"
#include "core/deck_parser.hpp"
#include "protocol/rich_text_view.hpp"

namespace kioku::cli {
namespace {

constexpr int kColumns = 60;

const Deck& bundled_deck() {
  static const Deck deck =
      read_deck_file(std::string(KIOKU_SOURCE_DIR) + "/decks/gradient-checkpointing.toml");
  return deck;
}

// The deck as it was before it grew: eight choice cards in format 1.
const Deck& format1_deck() {
  static const Deck deck = read_deck_file(std::string(KIOKU_SOURCE_DIR) +
                                          "/tests/fixtures/gradient-checkpointing-format1.toml");
  return deck;
}

// Text without the spaces and line breaks that wrapping adds or moves.
std::string squeezed(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c != ' ' && c != '\n') out += c;
  }
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

TEST_CASE("bundled deck: format 2, at least 40 notes, of every kind but one", "[cli][deck]") {
  const Deck& deck = bundled_deck();
  CHECK(deck.format == 2);
  CHECK(deck.id == "gradient-checkpointing");
  CHECK(deck.languages == std::vector<std::string>{"en", "ja"});
  CHECK(deck.cards.empty());
  CHECK(deck.notes.size() >= 40);
  std::map<NoteKind, int> kinds;
  for (const DeckNote& entry : deck.notes) ++kinds[entry.note.kind];
  // basic-optional-reverse is left out: a term and its definition always go both ways.
  for (NoteKind kind : {NoteKind::kChoice, NoteKind::kBasic, NoteKind::kReverse, NoteKind::kCloze,
                        NoteKind::kTyped}) {
    INFO(note_kind_name(kind));
    CHECK(kinds[kind] >= 4);
  }
}

TEST_CASE("bundled deck: every note names its source in both languages", "[cli][deck]") {
  for (const DeckNote& entry : bundled_deck().notes) {
    INFO(entry.note.id);
    for (const std::string language : {"en", "ja"}) {
      INFO(language);
      const std::string& source = entry.note.text("source", language);
      CHECK(source.find("https://") != std::string::npos);
    }
    CHECK_FALSE(entry.note.tags.empty());
  }
}

TEST_CASE("bundled deck: choice notes have four choices in both languages", "[cli][deck]") {
  std::set<int> answers;
  for (const DeckNote& entry : bundled_deck().notes) {
    if (entry.note.kind != NoteKind::kChoice) continue;
    answers.insert(entry.note.answer);
    INFO(entry.note.id);
    for (const std::string language : {"en", "ja"}) {
      REQUIRE(entry.note.choices.count(language) == 1);
      const std::vector<std::string>& choices = entry.note.choices.at(language);
      CHECK(choices.size() == 4);
      CHECK(std::set<std::string>(choices.begin(), choices.end()).size() == choices.size());
    }
  }
  // The right choice is not always in the same place in the file.
  CHECK(answers == std::set<int>{1, 2, 3, 4});
}

TEST_CASE("bundled deck: every card's sides fit 60 columns in both languages, the source last",
          "[cli][deck]") {
  const Style plain{false};
  int cards = 0;
  for (const DeckNote& entry : bundled_deck().notes) {
    const std::vector<GeneratedCard> generated = generate_cards(entry.note);
    REQUIRE_FALSE(generated.empty());
    for (const GeneratedCard& card : generated) {
      ++cards;
      for (const std::string language : {"en", "ja"}) {
        INFO(entry.note.id << " " << card.key << " " << language);
        // Every card asks in both languages: none falls back to the other one.
        CHECK(side_language(card, language) == language);
        const CardSides sides = render_card_sides(entry.note, card, language);
        const auto question =
            rich_text_lines(protocol::rich_text_view(sides.question), kColumns, plain);
        const auto answer =
            rich_text_lines(protocol::rich_text_view(sides.answer), kColumns, plain);
        CHECK_FALSE(question.empty());
        CHECK_FALSE(answer.empty());
        for (const auto* lines : {&question, &answer}) {
          for (const std::string& line : *lines) {
            INFO(line);
            CHECK(display_width(line) <= kColumns);
          }
        }
        const std::string source = source_line(entry.note, language);
        CHECK(source.starts_with(language == "ja" ? "出典: " : "Source: "));
        CHECK(squeezed(joined(answer)).ends_with(squeezed(source)));
      }
    }
  }
  CHECK(cards > 40);
}

struct Seed {
  const char* id;
  const char* question;  // the start of the English question
  int answer;
  const char* right;  // the right choice, in English
};

// The seed quiz (docs: seeds/000_0d68b94b55303d75.txt), in the deck's wording.
const std::vector<Seed> kSeeds = {
    {"gc-001", "What trade-off does gradient checkpointing mainly make", 1,
     "Extra computation (recomputation) for lower memory use"},
    {"gc-002", "Why are activations usually stored during the forward pass?", 2,
     "Backpropagation needs them to compute gradients"},
    {"gc-003", "In a simplified chain of N similarly sized layers", 3,
     "Activation storage on the order of sqrt(N) checkpoints"},
    {"gc-004", "What most determines gradient-checkpointing runtime overhead", 4,
     "Which ops are recomputed, checkpoint placement, graph structure, and hardware"},
    {"gc-005", "In PyTorch, which utility is commonly used", 1, "torch.utils.checkpoint"},
    {"gc-006", "What happens to operations inside a checkpointed region", 2,
     "Their forward computation is rerun to regenerate needed activations"},
    {"gc-007", "Which training techniques can be combined with activation checkpointing", 3,
     "FSDP for sharded model state and mixed precision for lower-precision tensors"},
    {"gc-008", "What is selective activation checkpointing intended to choose?", 4,
     "Which operations to save and which to recompute, based on memory and runtime costs"},
};

TEST_CASE("bundled deck: the seed questions come first, with their ids and right answers",
          "[cli][deck]") {
  const std::vector<DeckNote>& notes = bundled_deck().notes;
  REQUIRE(notes.size() >= kSeeds.size());
  for (std::size_t i = 0; i < kSeeds.size(); ++i) {
    const Seed& seed = kSeeds[i];
    const Note& note = notes[i].note;
    INFO(seed.id);
    CHECK(note.id == seed.id);
    CHECK(note.kind == NoteKind::kChoice);
    CHECK(note.text("question", "en").starts_with(seed.question));
    REQUIRE(note.answer == seed.answer);
    CHECK(note.choices.at("en").at(seed.answer - 1) == seed.right);
    // One card, made by the same template as a format 1 card: the card a user answered.
    const std::vector<GeneratedCard> cards = generate_cards(note);
    REQUIRE(cards.size() == 1);
    CHECK(cards[0].key == "card");
  }
  // That no other note takes a seed's id needs no check here: the parser refuses a deck with
  // an id twice.
}

TEST_CASE("bundled deck: the seed notes say what the format 1 cards said, and add a source",
          "[cli][deck]") {
  const std::vector<DeckNote> before = deck_notes(format1_deck());
  REQUIRE(before.size() == kSeeds.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    const Note& old_note = before[i].note;
    const Note& note = bundled_deck().notes[i].note;
    INFO(old_note.id);
    CHECK(note.id == old_note.id);
    CHECK(note.kind == old_note.kind);
    CHECK(*note.field("question") == *old_note.field("question"));
    CHECK(*note.field("explanation") == *old_note.field("explanation"));
    CHECK(note.choices == old_note.choices);
    CHECK(note.answer == old_note.answer);
    CHECK(note.tags == old_note.tags);
    CHECK(old_note.field("source") == nullptr);
    CHECK(note.has_text("source"));
  }
}

}  // namespace
}  // namespace kioku::cli
