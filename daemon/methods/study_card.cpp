#include "daemon/methods/study_card.hpp"

#include <algorithm>

#include "core/card_generation.hpp"
#include "core/scheduler.hpp"
#include "core/time_format.hpp"
#include "daemon/methods/wire_views.hpp"
#include "daemon/store/card_content.hpp"
#include "daemon/store/note_codec.hpp"

namespace kioku::daemon {

namespace {

protocol::Preview preview_view(const CardRecord& card, TimestampMs now,
                               const MethodContext& context, const DeckOptions& options) {
  const CardState& state = card.state;
  const AnswerContext time{now, context.calendar, card.id};
  const auto outcomes = preview(state, time, options);
  const auto entry = [&](Rating rating) {
    const CardState& next = outcomes[static_cast<std::size_t>(rating) - 1];
    return protocol::PreviewEntry{.phase = std::string(to_string(next.phase)),
                                  .interval_days = next.interval_days,
                                  .due_ms = next.due,
                                  .wait = format_span(std::max<std::int64_t>(next.due - now, 0))};
  };
  return protocol::Preview{.again = entry(Rating::kAgain),
                           .hard = entry(Rating::kHard),
                           .good = entry(Rating::kGood),
                           .easy = entry(Rating::kEasy)};
}

const std::vector<std::string>& choices_in(const LocalizedChoices& choices,
                                           const std::string& language) {
  static const std::vector<std::string> kNone;
  if (choices.empty()) return kNone;
  const auto found = choices.find(language);
  if (found != choices.end()) return found->second;
  const auto english = choices.find("en");
  return english != choices.end() ? english->second : choices.begin()->second;
}

// The texts of `fields` of `note` in `language`, one paragraph each.
std::string field_texts(const Note& note, const std::vector<std::string>& fields,
                        const std::string& language) {
  std::string text;
  for (const std::string& name : fields) {
    const LocalizedText* field = note.field(name);
    if (field == nullptr) continue;
    const std::string& part = pick_language(*field, language);
    if (part.empty()) continue;
    text += (text.empty() ? "" : "\n\n") + part;
  }
  return text;
}

}  // namespace

protocol::CardToStudy study_card(const CardRecord& card, const std::string& deck_name,
                                 const DeckOptions& options, TimestampMs now,
                                 MethodContext& context, const std::string& language) {
  protocol::CardToStudy study{.id = card.id,
                              .deck = card.deck_slug,
                              .deck_name = deck_name,
                              .external_id = card.external_id,
                              .kind = card.kind,
                              .question = {},
                              .choices = {},
                              .explanation = {},
                              .tags = split_tags(card.tags),
                              .state = state_view(card.state),
                              .preview = preview_view(card, now, context, options)};
  if (card.kind == "choice") {
    const CardContent content = content_from_json(card.content_json);
    study.question = pick_language(content.question, language);
    study.choices = choices_in(content.choices, language);
    study.explanation = pick_language(content.explanation, language);
    return study;
  }
  const Note note = context.collection.notes().note(card.note_id).note;
  for (const GeneratedCard& generated : generate_cards(note)) {
    if (generated.key != card.template_key) continue;
    study.question = field_texts(note, generated.question_fields, language);
    study.explanation = field_texts(note, generated.answer_fields, language);
  }
  return study;
}

}  // namespace kioku::daemon
