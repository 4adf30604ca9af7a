// libFuzzer target for field markup (core/field_markup.hpp) and what stands on it: a cloze
// card's sides (core/card_sides.hpp), the wire form (protocol/rich_text_view.hpp) and the
// terminal's lines (cli/terminal/rich_text_terminal.hpp). Input: any bytes, read as a field's
// markup and as a cloze note's text. What must hold, whatever the bytes:
// - nothing throws (a cloze note that does not validate is skipped), and reading is the same
//   twice;
// - no span of text or revealed text is empty, a list level is within 0..kMaxListLevel, only
//   numbered items have a number, only code blocks a language, and markup alone makes no blank,
//   no revealed span and no more bytes of text than it was given;
// - the wire form reads back as the same rich text;
// - a cloze card's question has a blank for each asked deletion and nothing revealed, its
//   answer no blank;
// - the terminal's lines without colour hold no byte that acts on a terminal.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "cli/terminal/rich_text_terminal.hpp"
#include "core/card_generation.hpp"
#include "core/card_sides.hpp"
#include "core/cloze.hpp"
#include "core/cloze_side.hpp"
#include "core/field_markup.hpp"
#include "core/note.hpp"
#include "core/note_validation.hpp"
#include "core/utf8.hpp"
#include "protocol/rich_text_view.hpp"

namespace {

using kioku::Block;
using kioku::RichText;
using kioku::Span;

void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "field_markup_fuzz: broken invariant: %s\n", what);
  std::abort();
}

struct Counts {
  std::size_t text_bytes = 0;
  int blanks = 0;
  int revealed = 0;
};

Counts check_shape(const RichText& text) {
  Counts counts;
  for (const Block& block : text.blocks) {
    check(block.level >= 0 && block.level <= kioku::kMaxListLevel, "a level in range");
    check(block.kind == Block::Kind::kBulletItem || block.kind == Block::Kind::kNumberedItem ||
              block.level == 0,
          "only items have a level");
    check(block.kind == Block::Kind::kNumberedItem || block.number == 0,
          "only numbered items have a number");
    check(block.number >= 0, "a number as written has no sign");
    check(block.kind == Block::Kind::kCode || block.language.empty(),
          "only code blocks have a language");
    for (const Span& span : block.spans) {
      if (span.kind == Span::Kind::kBlank) {
        ++counts.blanks;
        check(span.text.empty(), "a blank shows no text");
        continue;
      }
      check(!span.text.empty(), "no empty span of text");
      check(!span.hint.has_value(), "only a blank has a hint");
      check(block.kind != Block::Kind::kCode || !span.code, "no code mark inside a code block");
      if (span.kind == Span::Kind::kRevealed) ++counts.revealed;
      counts.text_bytes += span.text.size();
    }
  }
  return counts;
}

void check_terminal(const RichText& text) {
  const kioku::protocol::RichTextView view = kioku::protocol::rich_text_view(text);
  check(kioku::protocol::rich_text_from_view(view) == text, "the wire form reads back");
  for (const std::string& line : kioku::cli::rich_text_lines(view, 40, kioku::cli::Style{false})) {
    for (std::size_t at = 0; at < line.size();) {
      const kioku::CodePoint point = kioku::decode_utf8(line, at);
      check(point.length != 0, "terminal lines are UTF-8");
      check(!kioku::acts_on_terminal(point.code), "nothing acts on the terminal");
      at += point.length;
    }
  }
}

void check_cloze_sides(const std::string& source) {
  kioku::Note note;
  note.id = "fuzz";
  note.deck = "fuzz";
  note.kind = kioku::NoteKind::kCloze;
  note.fields = {{"text", {{"en", source}}}, {"extra", {{"en", source}}}};
  std::vector<kioku::GeneratedCard> cards;
  try {
    cards = kioku::generate_cards(note, kioku::validate_note(note));
  } catch (const kioku::NoteError&) {
    return;  // not a cloze note: the deck parser and note methods refuse it before any render
  }
  const kioku::ClozeText cloze = kioku::parse_cloze_text(source);
  int rendered = 0;
  for (const kioku::GeneratedCard& card : cards) {
    if (++rendered > 3) break;  // enough to catch a wrong side; all 500 would slow the search
    const kioku::CardSides sides = kioku::render_card_sides(note, card, "en");
    check(sides.language == "en", "the card's language");
    int asked = 0;
    for (const kioku::ClozeRun& run :
         kioku::cloze_side(cloze, card.cloze_number, kioku::CardSide::kQuestion)) {
      asked += run.kind == kioku::ClozeRun::Kind::kBlank ? 1 : 0;
    }
    const Counts question = check_shape(sides.question);
    check(question.blanks == asked, "a blank for each asked deletion");
    check(question.revealed == 0, "nothing revealed on the question side");
    check(check_shape(sides.answer).blanks == 0, "no blank on the answer side");
    check_terminal(sides.question);
    check_terminal(sides.answer);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string source(reinterpret_cast<const char*>(data), size);
  const RichText text = kioku::parse_field_markup(source);
  check(kioku::parse_field_markup(source) == text, "reading is the same twice");
  const Counts counts = check_shape(text);
  check(counts.blanks == 0 && counts.revealed == 0, "markup alone makes no deletion");
  check(counts.text_bytes <= source.size(), "no more text than was given");
  check_terminal(text);
  check_cloze_sides(source);
  return 0;
}
