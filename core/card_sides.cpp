#include "core/card_sides.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/cloze.hpp"
#include "core/cloze_side.hpp"
#include "core/field_markup.hpp"
#include "core/templated_cards.hpp"

namespace kioku {

namespace {

void append_blocks(RichText& into, RichText from) {
  for (Block& block : from.blocks) into.blocks.push_back(std::move(block));
}

void append_fields(RichText& into, const Note& note, const std::vector<std::string>& fields,
                   const std::string& language) {
  for (const std::string& name : fields) {
    append_blocks(into, parse_field_markup(field_text(note, name, language)));
  }
}

// One side of the cloze text: the runs cloze_side makes, put back into one text with a byte
// standing for each blank or revealed run, so that markup around a deletion (a paragraph, a
// list item, emphasis, inline code) holds it. Marks pair on one side of a deletion's edge: a
// "**" inside a deletion never pairs with one outside it, and shows as written.
RichText cloze_side_text(const ClozeText& text, ClozeNumber number, CardSide side) {
  std::string joined;
  std::vector<MarkupInsert> inserts;
  for (ClozeRun& run : cloze_side(text, number, side)) {
    if (run.kind == ClozeRun::Kind::kText) {
      joined += run.text;
      continue;
    }
    Span span;
    if (run.kind == ClozeRun::Kind::kBlank) {
      span.kind = Span::Kind::kBlank;
      span.hint = std::move(run.hint);
    } else {
      span.kind = Span::Kind::kRevealed;
      span.text = std::move(run.text);
    }
    inserts.push_back(MarkupInsert{joined.size(), std::move(span)});
    joined += ' ';  // any byte: the parser reads an insert's place as a letter
  }
  return parse_field_markup(joined, inserts);
}

}  // namespace

std::string side_language(const GeneratedCard& card, const std::string& language) {
  if (card.languages.empty()) return language;
  const bool asks_in_it =
      std::find(card.languages.begin(), card.languages.end(), language) != card.languages.end();
  return asks_in_it ? language : card.languages.front();
}

const std::string& field_text(const Note& note, const std::string& name,
                              const std::string& language) {
  static const std::string kNone;
  const LocalizedText* texts = note.field(name);
  return texts == nullptr ? kNone : pick_language(*texts, language);
}

std::string source_line(const Note& note, const std::string& language) {
  const std::string& source = field_text(note, std::string(kSourceField), language);
  if (source.empty()) return {};
  return (language == "ja" ? "出典: " : "Source: ") + source;
}

CardSides render_card_sides(const Note& note, const GeneratedCard& card,
                            const std::string& language) {
  if (note.kind == NoteKind::kAnki) return render_templated_sides(note, card, language, {});
  CardSides sides;
  sides.language = side_language(card, language);
  if (note.kind != NoteKind::kCloze) {
    append_fields(sides.question, note, card.question_fields, sides.language);
    append_fields(sides.answer, note, card.answer_fields, sides.language);
    append_blocks(sides.answer, parse_field_markup(source_line(note, sides.language)));
    return sides;
  }
  for (const std::string& name : card.question_fields) {
    const ClozeText text = parse_cloze_text(field_text(note, name, sides.language));
    append_blocks(sides.question, cloze_side_text(text, card.cloze_number, CardSide::kQuestion));
    append_blocks(sides.answer, cloze_side_text(text, card.cloze_number, CardSide::kAnswer));
  }
  append_fields(sides.answer, note, card.answer_fields, sides.language);
  append_blocks(sides.answer, parse_field_markup(source_line(note, sides.language)));
  return sides;
}

}  // namespace kioku
