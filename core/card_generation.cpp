#include "core/card_generation.hpp"

#include <map>
#include <set>
#include <utility>

#include "core/note_validation.hpp"
#include "core/templated_cards.hpp"

namespace kioku {

namespace {

// The languages in which field `name` of `note` has text, in code order.
std::vector<std::string> languages_with_text(const Note& note, const std::string& name) {
  std::vector<std::string> languages;
  if (const LocalizedText* texts = note.field(name)) {
    for (const auto& [language, text] : *texts) {
      if (!text.empty()) languages.push_back(language);
    }
  }
  return languages;
}

GeneratedCard one_way(const Note& note, std::string key, const std::string& question,
                      const std::string& answer) {
  GeneratedCard card;
  card.key = std::move(key);
  card.question_fields = {question};
  card.answer_fields = {answer};
  card.languages = languages_with_text(note, question);
  return card;
}

// A card per number that any language's text has: the union, so that a language missing a
// deletion does not take the card away from the others (docs/decisions.md).
std::vector<GeneratedCard> cloze_cards(const std::map<std::string, ClozeText>& clozes) {
  std::map<ClozeNumber, std::vector<std::string>> languages_by_number;
  for (const auto& [language, text] : clozes) {
    for (ClozeNumber number : cloze_numbers(text)) languages_by_number[number].push_back(language);
  }
  std::vector<GeneratedCard> cards;
  for (auto& [number, languages] : languages_by_number) {
    GeneratedCard card;
    card.key = "c" + std::to_string(number);
    card.question_fields = {"text"};
    card.answer_fields = {"extra"};
    card.cloze_number = number;
    card.languages = std::move(languages);
    cards.push_back(std::move(card));
  }
  return cards;
}

}  // namespace

std::vector<GeneratedCard> generate_cards(const Note& note) {
  return generate_cards(note, check_note_shape(note));
}

std::vector<GeneratedCard> generate_cards(const Note& note,
                                          const std::map<std::string, ClozeText>& clozes) {
  switch (note.kind) {
    case NoteKind::kBasic:
      return {one_way(note, "card", "front", "back")};
    case NoteKind::kReverse:
      return {one_way(note, "forward", "front", "back"),
              one_way(note, "backward", "back", "front")};
    case NoteKind::kBasicOptionalReverse: {
      std::vector<GeneratedCard> cards{one_way(note, "forward", "front", "back")};
      if (note.has_text("add_reverse")) cards.push_back(one_way(note, "backward", "back", "front"));
      return cards;
    }
    case NoteKind::kCloze:
      return cloze_cards(clozes);
    case NoteKind::kTyped: {
      GeneratedCard card = one_way(note, "card", "front", "back");
      card.typed_answer = true;
      return {card};
    }
    case NoteKind::kChoice:
      return {one_way(note, "card", "question", "explanation")};
    case NoteKind::kAnki:
      return templated_cards(note);
  }
  throw Error(ErrorCode::kInternal, "a note kind card generation does not know");
}

}  // namespace kioku
