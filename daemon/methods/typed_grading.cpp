#include "daemon/methods/typed_grading.hpp"

#include "core/card_generation.hpp"
#include "core/card_sides.hpp"
#include "core/templated_cards.hpp"

namespace kioku::daemon {

namespace {

std::vector<protocol::DiffSegmentView> segments_view(const std::vector<DiffSegment>& segments) {
  std::vector<protocol::DiffSegmentView> views;
  for (const DiffSegment& segment : segments) {
    views.push_back({.kind = std::string(to_string(segment.kind)), .text = segment.text});
  }
  return views;
}

}  // namespace

std::optional<TypedAnswerComparison> compare_typed(Collection& collection, const CardRecord& card,
                                                   const std::optional<std::string>& typed,
                                                   const std::string& language) {
  if (card.kind != "typed" || !typed) return std::nullopt;
  const Note note = collection.notes().note(card.note_id).note;
  for (const GeneratedCard& generated : generate_cards(note)) {
    if (generated.key != card.template_key) continue;
    if (note.kind == NoteKind::kAnki) {
      // What its template's {{type:F}} names.
      return compare_typed_answer(templated_typed_answer(note, generated, language).value_or(""),
                                  *typed);
    }
    // What the answer side shows is what the typed text is compared with.
    return compare_typed_answer(field_text(note, "back", side_language(generated, language)),
                                *typed);
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
