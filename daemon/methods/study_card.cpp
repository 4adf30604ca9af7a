#include "daemon/methods/study_card.hpp"

#include <algorithm>

#include "core/card_generation.hpp"
#include "core/card_sides.hpp"
#include "core/field_markup.hpp"
#include "core/scheduler.hpp"
#include "core/templated_cards.hpp"
#include "core/time_format.hpp"
#include "daemon/methods/wire_views.hpp"
#include "daemon/store/card_content.hpp"
#include "daemon/store/note_codec.hpp"
#include "protocol/rich_text_view.hpp"

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
                              .preview = preview_view(card, now, context, options),
                              .question_side = {},
                              .answer_side = {},
                              .language = language,
                              .flag = card.flag};
  if (card.kind == "choice") {
    // Read from the card's own row, as before notes: the answer path reads nothing more.
    const CardContent content = content_from_json(card.content_json);
    study.question = pick_language(content.question, language);
    study.choices = pick_language(content.choices, language);
    study.explanation = pick_language(content.explanation, language);
    study.question_side = protocol::rich_text_view(parse_field_markup(study.question));
    return study;
  }
  const Note note = context.collection.notes().note(card.note_id).note;
  for (const GeneratedCard& generated : generate_cards(note)) {
    if (generated.key != card.template_key) continue;
    // An Anki note's templates may show its deck and card id.
    const CardSides sides =
        note.kind == NoteKind::kAnki
            ? render_templated_sides(
                  note, generated, language,
                  TemplatedCardPlace{.deck = deck_name, .card_id = card.id, .flag = card.flag})
            : render_card_sides(note, generated, language);
    study.language = sides.language;
    study.question = rich_text_plain(sides.question);
    study.question_side = protocol::rich_text_view(sides.question);
    if (card.kind != "typed") {
      study.explanation = rich_text_plain(sides.answer);
      study.answer_side = protocol::rich_text_view(sides.answer);
    }
  }
  return study;
}

}  // namespace kioku::daemon
