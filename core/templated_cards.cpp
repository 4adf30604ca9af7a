#include "core/templated_cards.hpp"

#include <set>
#include <utility>

#include "core/anki_cloze.hpp"
#include "core/anki_html_text.hpp"
#include "core/field_markup.hpp"
#include "core/templated_note_type.hpp"

namespace kioku {

namespace {

// The languages any field of the note has text in, in code order: an Anki note has one.
std::vector<std::string> note_languages(const Note& note) {
  std::set<std::string> languages;
  for (const NoteField& field : note.fields) {
    for (const auto& [language, text] : field.text) {
      if (!text.empty()) languages.insert(language);
    }
  }
  return {languages.begin(), languages.end()};
}

AnkiCardContext card_context(const Note& note, const std::string& language) {
  AnkiCardContext context;
  for (const std::string& name : note.note_type->fields()) {
    context.fields.emplace_back(name, field_text(note, name, language));
  }
  return context;
}

RichText html_side(std::string html, const std::vector<AnkiTypeAnswer>& type_answers) {
  for (const AnkiTypeAnswer& answer : type_answers) {
    for (std::size_t at = html.find(answer.marker); at != std::string::npos;
         at = html.find(answer.marker, at)) {
      html.erase(at, answer.marker.size());
    }
  }
  return parse_field_markup(anki_html_to_text(html));
}

// The note's fields one after the other: what a side whose template does not read shows.
RichText fields_side(const AnkiCardContext& context, std::size_t first, std::size_t end) {
  std::string html;
  for (std::size_t at = first; at < end && at < context.fields.size(); ++at) {
    if (!is_anki_field_empty(context.fields[at].second)) {
      html += "<div>" + context.fields[at].second + "</div>";
    }
  }
  return parse_field_markup(anki_html_to_text(html));
}

}  // namespace

std::vector<GeneratedCard> templated_cards(const Note& note) {
  const TemplatedNoteType& type = *note.note_type;
  const std::vector<std::string> languages = note_languages(note);
  const AnkiCardContext context = card_context(note, languages.empty() ? "" : languages.front());
  const AnkiFieldMap fields(context);
  std::vector<GeneratedCard> cards;
  for (const int ordinal : type.card_ordinals(fields, note.kept_cards)) {
    GeneratedCard card;
    card.key = templated_card_key(type.cloze(), ordinal);
    card.anki_ordinal = ordinal;
    card.cloze_number = type.cloze() ? static_cast<ClozeNumber>(ordinal + 1) : 0;
    const TemplatedNoteType::Template* shown = type.template_of(ordinal);
    card.typed_answer = shown != nullptr && shown->asks_typed;
    card.languages = languages;
    cards.push_back(std::move(card));
  }
  return cards;
}

CardSides render_templated_sides(const Note& note, const GeneratedCard& card,
                                 const std::string& language, const TemplatedCardPlace& place) {
  const TemplatedNoteType& type = *note.note_type;
  CardSides sides;
  sides.language = side_language(card, language);
  AnkiCardContext context = card_context(note, sides.language);
  context.card_ordinal = card.anki_ordinal;
  context.tags = note.tags;
  context.deck = place.deck;
  context.card_name = type.card_name(card.anki_ordinal);
  context.note_type_name = type.name();
  context.flag = place.flag;
  if (place.card_id != 0) context.card_id = std::to_string(place.card_id);
  const AnkiFieldMap fields(context);
  const TemplatedNoteType::Template* shown = type.template_of(card.anki_ordinal);
  if (shown != nullptr && shown->question) {
    const AnkiRenderedSide question =
        render_anki_side(*shown->question, fields, CardSide::kQuestion, "");
    sides.question = html_side(question.html, question.type_answers);
  }
  // A card Anki would show as blank (its template asks no field the note fills, or does not
  // read) shows the note's first field: a question is never empty.
  if (sides.question.empty()) {
    sides.question = fields_side(context, 0, 1);
  }
  if (shown != nullptr && shown->answer) {
    const AnkiRenderedSide answer = render_anki_side(*shown->answer, fields, CardSide::kAnswer, "");
    sides.answer = html_side(answer.html, answer.type_answers);
  } else {
    sides.answer = fields_side(context, 1, context.fields.size());
  }
  return sides;
}

std::optional<std::string> templated_typed_answer(const Note& note, const GeneratedCard& card,
                                                  const std::string& language) {
  const TemplatedNoteType& type = *note.note_type;
  const TemplatedNoteType::Template* shown = type.template_of(card.anki_ordinal);
  if (shown == nullptr || !shown->question || !shown->asks_typed) return std::nullopt;
  AnkiCardContext context = card_context(note, side_language(card, language));
  context.card_ordinal = card.anki_ordinal;
  const AnkiFieldMap fields(context);
  const AnkiRenderedSide question =
      render_anki_side(*shown->question, fields, CardSide::kQuestion, "");
  if (question.type_answers.empty()) return std::string();
  const AnkiTypeAnswer& asked = question.type_answers.front();
  const std::string* text = fields.find(asked.field);
  if (text == nullptr) return std::string();
  if (asked.kind == AnkiTypeAnswer::Kind::kCloze) {
    return anki_html_to_text(anki_cloze_answer_for_typing(*text, card.anki_ordinal + 1));
  }
  return anki_html_to_text(*text);
}

}  // namespace kioku
