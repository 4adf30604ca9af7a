#include "daemon/methods/typed_grading.hpp"

#include <algorithm>

#include "core/card_generation.hpp"

namespace kioku::daemon {

namespace {

std::vector<protocol::DiffSegmentView> segments_view(const std::vector<DiffSegment>& segments) {
  std::vector<protocol::DiffSegmentView> views;
  for (const DiffSegment& segment : segments) {
    views.push_back({.kind = std::string(to_string(segment.kind)), .text = segment.text});
  }
  return views;
}

// The language a card is shown in: the one asked for when the card asks something in it, else
// the first it asks something in (core/card_generation.hpp, GeneratedCard::languages).
std::string shown_language(const GeneratedCard& card, const std::string& language) {
  if (card.languages.empty()) return language;
  const bool has =
      std::find(card.languages.begin(), card.languages.end(), language) != card.languages.end();
  return has ? language : card.languages.front();
}

}  // namespace

std::optional<TypedAnswerComparison> compare_typed(Collection& collection, const CardRecord& card,
                                                   const std::optional<std::string>& typed,
                                                   const std::string& language) {
  if (card.kind != "typed" || !typed) return std::nullopt;
  const Note note = collection.notes().note(card.note_id).note;
  for (const GeneratedCard& generated : generate_cards(note)) {
    if (generated.key != card.template_key) continue;
    return compare_typed_answer(note.text("back", shown_language(generated, language)), *typed);
  }
  return compare_typed_answer("", *typed);
}

protocol::TypedComparisonView typed_view(const TypedAnswerComparison& comparison) {
  std::string expected_text;
  for (const DiffSegment& segment : comparison.expected) expected_text += segment.text;
  return protocol::TypedComparisonView{.right = comparison.right,
                                       .expected_text = expected_text,
                                       .given = segments_view(comparison.given),
                                       .expected = segments_view(comparison.expected)};
}

}  // namespace kioku::daemon
