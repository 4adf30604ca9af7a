// review.* and due.counts: what to study next, and recording answers durably.
#include <algorithm>

#include "core/error.hpp"
#include "core/scheduler.hpp"
#include "core/time_format.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/json_helpers.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/review_queue.hpp"
#include "daemon/store/card_content.hpp"

namespace kioku::daemon {

namespace json = boost::json;

namespace {

// Answer times above this count as this much, as in Anki, so a card left on screen while the
// user walked away does not inflate "time spent".
constexpr std::int64_t kMaxAnswerDurationMs = 60'000;

json::object counts_to_json(const DueCounts& counts) {
  return json::object{{"new", counts.new_cards},
                      {"learning", counts.all_learning()},
                      {"review", counts.review},
                      {"total", counts.total()}};
}

// The siblings an answer in a deck with `options` buries.
SiblingBurial sibling_burial(const DeckOptions& options) {
  return SiblingBurial{options.bury_new_siblings, options.bury_review_siblings,
                       options.bury_interday_learning_siblings};
}

json::array split_tags(const std::string& tags) {
  json::array list;
  std::size_t start = 0;
  while (start < tags.size()) {
    const std::size_t end = std::min(tags.find(' ', start), tags.size());
    if (end > start) list.emplace_back(tags.substr(start, end - start));
    start = end + 1;
  }
  return list;
}

// Client-made ids: long enough for 128 random bits in hex or a UUID, and plain enough to appear
// in a log or an error message as they are.
constexpr std::size_t kMaxAnswerIdBytes = 64;

void check_answer_id(const std::string& answer_id) {
  const bool plain = std::all_of(answer_id.begin(), answer_id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  });
  if (answer_id.empty() || answer_id.size() > kMaxAnswerIdBytes || !plain) {
    throw Error(ErrorCode::kInvalidParams,
                "parameter 'answer_id' must be 1 to 64 ASCII letters, digits, '-' or '_'");
  }
}

// The reply to an answer sent again: what the log holds, and the card's state now.
json::object already_recorded(const RecordedAnswer& recorded, const CardRecord& card,
                              const std::string& answer_id, const std::string& language) {
  if (recorded.card_id != card.id) {
    throw Error(ErrorCode::kConflict,
                "answer_id '" + answer_id + "' was already recorded for card " +
                    std::to_string(recorded.card_id) + ", not card " + std::to_string(card.id));
  }
  const CardContent content = content_from_json(card.content_json);
  return json::object{
      {"review_id", recorded.review_id},
      {"card", card.id},
      {"correct", recorded.correct ? json::value(*recorded.correct) : json::value(nullptr)},
      {"answer", content.answer},
      {"explanation", pick_language(content.explanation, language)},
      {"rating", to_string(recorded.rating)},
      {"state", state_to_json(card.state)},
      {"already_recorded", true}};
}

json::object preview_to_json(const CardRecord& card, TimestampMs now, const MethodContext& context,
                             const DeckOptions& options) {
  const CardState& state = card.state;
  const AnswerContext time{now, context.calendar, card.id};
  const auto outcomes = preview(state, time, options);
  json::object preview;
  for (int rating = 1; rating <= 4; ++rating) {
    const CardState& next = outcomes[static_cast<std::size_t>(rating - 1)];
    preview[to_string(static_cast<Rating>(rating))] =
        json::object{{"phase", to_string(next.phase)},
                     {"interval_days", next.interval_days},
                     {"due_ms", next.due},
                     {"wait", format_span(std::max<std::int64_t>(next.due - now, 0))}};
  }
  return preview;
}

}  // namespace

json::value handle_review_next(const json::object& params, MethodContext& context) {
  const std::string language = language_param(params);
  const TimestampMs now = context.clock.now();
  const DueBounds bounds = due_bounds(now, context.calendar);
  const auto decks = queue_decks(context.collection, context.calendar.day_number(now),
                                 optional_string(params, "deck"));
  json::object result;
  const auto by_deck = due_counts_by_deck(context.collection, decks, bounds);
  result["counts"] = counts_to_json(sum_counts(by_deck));
  const auto card_id = next_card(context.collection, by_deck, bounds);
  if (!card_id) {
    result["card"] = nullptr;
    const auto next_due = next_due_time(context.collection, decks, bounds);
    result["next_due_ms"] = next_due ? json::value(*next_due) : json::value(nullptr);
    result["next_due"] =
        next_due ? json::value(format_rfc3339_utc(*next_due)) : json::value(nullptr);
    return result;
  }
  const CardRecord card = context.collection.cards().card(*card_id);
  const CardContent content = content_from_json(card.content_json);
  const auto deck = std::find_if(decks.begin(), decks.end(),
                                 [&](const QueueDeck& d) { return d.deck.id == card.deck_id; });
  json::array choices;
  const auto found = content.choices.find(language);
  const auto& list = found != content.choices.end() ? found->second
                     : content.choices.count("en")  ? content.choices.at("en")
                                                    : content.choices.begin()->second;
  for (const std::string& choice : list) choices.emplace_back(choice);
  result["card"] = json::object{{"id", card.id},
                                {"deck", card.deck_slug},
                                {"deck_name", pick_language(deck->deck.name, language)},
                                {"external_id", card.external_id},
                                {"kind", card.kind},
                                {"question", pick_language(content.question, language)},
                                {"choices", std::move(choices)},
                                {"answer", content.answer},
                                {"explanation", pick_language(content.explanation, language)},
                                {"tags", split_tags(card.tags)},
                                {"state", state_to_json(card.state)},
                                {"preview", preview_to_json(card, now, context, deck->options)}};
  return result;
}

json::value handle_review_answer(const json::object& params, MethodContext& context) {
  // Every parameter is checked before anything is written: an error after the commit would
  // make a client retry an answer that was already recorded.
  const std::string language = language_param(params);
  const std::int64_t card_id = *optional_integer(params, "card");
  const auto answer_id = optional_string(params, "answer_id");
  if (answer_id) check_answer_id(*answer_id);
  const CardRecord card = context.collection.cards().card(card_id);
  // Before the other checks: the first sending may have changed what they see (an answer that
  // made the card a leech suspends it), and its reply is what this one must repeat.
  if (answer_id) {
    if (const auto recorded = context.collection.review_log().answer_by_id(*answer_id)) {
      return already_recorded(*recorded, card, *answer_id, language);
    }
  }
  if (card.state.suspended) {
    throw Error(ErrorCode::kConflict, "card " + std::to_string(card_id) + " is suspended");
  }
  const CardContent content = content_from_json(card.content_json);
  const auto choice = optional_integer(params, "choice");
  std::optional<bool> correct;
  if (card.kind == "choice") {
    const auto choice_count = static_cast<std::int64_t>(
        content.choices.empty() ? 0 : content.choices.begin()->second.size());
    if (!choice) {
      throw Error(ErrorCode::kInvalidParams, "parameter 'choice' is required for a choice card");
    }
    if (*choice < 1 || *choice > choice_count) {
      throw Error(ErrorCode::kInvalidParams, "parameter 'choice' must be between 1 and " +
                                                 std::to_string(choice_count) + ", got " +
                                                 std::to_string(*choice));
    }
    correct = *choice == content.answer;
  }
  Rating rating = correct.value_or(true) ? Rating::kGood : Rating::kAgain;
  if (const auto rating_text = optional_string(params, "rating")) {
    const auto parsed = parse_rating(*rating_text);
    if (!parsed) {
      throw Error(
          ErrorCode::kInvalidParams,
          "parameter 'rating' must be again, hard, good or easy, got \"" + *rating_text + "\"");
    }
    if (correct == false && *parsed != Rating::kAgain) {
      throw Error(ErrorCode::kInvalidParams, "a wrong choice is always rated again");
    }
    rating = *parsed;
  }
  const std::int64_t duration = optional_integer(params, "duration_ms").value_or(0);
  if (duration < 0) throw Error(ErrorCode::kInvalidParams, "parameter 'duration_ms' must be >= 0");

  const TimestampMs now = context.clock.now();
  // The deck's options came with the card: answering needs neither the deck's counts nor its
  // daily tallies, and looking them up cost more than the rest of an answer under load.
  const DeckOptions options = deck_options_from_json(card.deck_options_json);
  std::optional<int> quality;
  if (const auto given = optional_integer(params, "quality")) {
    if (options.algorithm != Algorithm::kSm2Classic) {
      throw Error(ErrorCode::kInvalidParams,
                  "parameter 'quality' is only for sm2-classic decks; this deck uses " +
                      std::string(to_string(options.algorithm)));
    }
    if (*given < 0 || *given > 5) {
      throw Error(ErrorCode::kInvalidParams,
                  "parameter 'quality' must be between 0 and 5, got " + std::to_string(*given));
    }
    if (correct == false && *given >= 3) {
      throw Error(ErrorCode::kInvalidParams, "a wrong choice has a quality below 3");
    }
    quality = static_cast<int>(*given);
    // The log's rating column keeps the button a quality corresponds to, for statistics.
    if (!optional_string(params, "rating")) rating = rating_for_quality(*quality);
  }
  const CardState after = next_state(card.state, Answer{rating, quality},
                                     AnswerContext{now, context.calendar, card.id}, options);
  AnswerRecord answer;
  answer.card_id = card.id;
  answer.deck_id = card.deck_id;
  answer.reviewed = now;
  answer.day = context.calendar.day_number(now);
  answer.rating = rating;
  answer.correct = correct;
  if (choice) answer.chosen = static_cast<int>(*choice);
  answer.before = card.state;
  answer.after = after;
  answer.duration_ms = std::min(duration, kMaxAnswerDurationMs);
  answer.scheduler = std::string(to_string(options.algorithm));
  answer.quality = quality;
  answer.bury_siblings = sibling_burial(options);
  answer.answer_id = answer_id;
  const std::int64_t review_id = context.collection.record_answer(answer);

  return json::object{{"review_id", review_id},
                      {"card", card.id},
                      {"correct", correct ? json::value(*correct) : json::value(nullptr)},
                      {"answer", content.answer},
                      {"explanation", pick_language(content.explanation, language)},
                      {"rating", to_string(rating)},
                      {"state", state_to_json(after)},
                      {"already_recorded", false}};
}

json::value handle_due_counts(const json::object& params, MethodContext& context) {
  const TimestampMs now = context.clock.now();
  const DueBounds bounds = due_bounds(now, context.calendar);
  const auto decks = queue_decks(context.collection, context.calendar.day_number(now),
                                 optional_string(params, "deck"));
  json::object result = counts_to_json(due_counts(context.collection, decks, bounds));
  const auto next_due = next_due_time(context.collection, decks, bounds);
  result["next_due_ms"] = next_due ? json::value(*next_due) : json::value(nullptr);
  result["next_due"] = next_due ? json::value(format_rfc3339_utc(*next_due)) : json::value(nullptr);
  return result;
}

}  // namespace kioku::daemon
