// review.* and due.counts: what to study next, and recording answers durably.
#include <algorithm>

#include "core/error.hpp"
#include "core/grading.hpp"
#include "core/scheduler.hpp"
#include "core/time_format.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/due_watchers.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/review_queue.hpp"
#include "daemon/methods/study_card.hpp"
#include "daemon/methods/typed_grading.hpp"
#include "daemon/methods/wire_views.hpp"
#include "daemon/store/card_content.hpp"
#include "protocol/review_types.hpp"

namespace kioku::daemon {

namespace {

// Answer times above this count as this much, as in Anki, so a card left on screen while the
// user walked away does not inflate "time spent".
constexpr std::int64_t kMaxAnswerDurationMs = 60'000;

// The siblings an answer in a deck with `options` buries.
SiblingBurial sibling_burial(const DeckOptions& options) {
  return SiblingBurial{options.bury_new_siblings, options.bury_review_siblings,
                       options.bury_interday_learning_siblings};
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
                bilingual("parameter 'answer_id' must be 1 to 64 ASCII letters, digits, '-' or '_'",
                          "パラメータ 'answer_id' は ASCII の英字、数字、'-'、'_' の 1 から 64 "
                          "文字でなければなりません"));
  }
}

// The refusal of a duration below 0, by review.answer and review.choose.
BilingualMessage negative_duration() {
  return bilingual("parameter 'duration_ms' must be >= 0",
                   "パラメータ 'duration_ms' は 0 以上でなければなりません");
}

// What grading the card needs of it: its kind and the right choice among how many.
AnswerKey answer_key(const CardRecord& card, const CardContent& content) {
  const auto choice_count = static_cast<std::int64_t>(
      content.choices.empty() ? 0 : content.choices.begin()->second.size());
  return AnswerKey{card.kind, choice_count, content.answer};
}

// What the daemon makes of a response to `card`: the card's answer key, whether the response is
// right (nullopt: the card is not graded, the user rates it), and a typed answer's comparison.
// `card` must outlive it (the key's kind is a view of it).
struct Judgement {
  AnswerKey key;
  std::optional<bool> correct;
  std::optional<TypedAnswerComparison> typed;
};

Judgement judge(MethodContext& context, const CardRecord& card, const CardContent& content,
                const std::optional<std::int64_t>& choice, const std::optional<std::string>& typed,
                const std::string& language) {
  Judgement judgement{.key = answer_key(card, content),
                      .correct = std::nullopt,
                      .typed = compare_typed(context.collection, card, typed, language)};
  judgement.correct = judgement.typed ? std::optional(judgement.typed->right)
                                      : grade(judgement.key, Response{choice});
  return judgement;
}

// A typed answer's comparison as replies carry it; left out for every other response.
protocol::Omissible<protocol::TypedComparisonView> typed_reply(const Judgement& judgement) {
  if (!judgement.typed) return {};
  return typed_view(*judgement.typed);
}

// Whether a choice is right, with the answer and the explanation: review.check's reply, and the
// part of review.choose's every reply shares.
protocol::ReviewCheckResult verdict(std::int64_t card_id, const CardContent& content,
                                    std::optional<bool> correct, const std::string& language) {
  return protocol::ReviewCheckResult{.card = card_id,
                                     .correct = correct,
                                     .answer = content.answer,
                                     .explanation = pick_language(content.explanation, language),
                                     .typed = {}};
}

// The reply to an answer: what was recorded (or found in the log) and the card's state now,
// with the wait until it is due again from `now` by kiokud's clock.
protocol::ReviewAnswerResult answer_result(std::int64_t review_id, std::int64_t card_id,
                                           const CardContent& content, std::optional<bool> correct,
                                           Rating rating, const CardState& state,
                                           const std::string& language, bool already_recorded,
                                           TimestampMs now) {
  protocol::ReviewAnswerResult result{.review_id = review_id,
                                      .card = card_id,
                                      .correct = correct,
                                      .answer = content.answer,
                                      .explanation = pick_language(content.explanation, language),
                                      .rating = std::string(to_string(rating)),
                                      .state = state_view(state),
                                      .wait = {},
                                      .already_recorded = already_recorded,
                                      .typed = {}};
  // As review.next's preview words a wait; none for a card that is not scheduled (new).
  if (state.phase != Phase::kNew) {
    result.wait = format_span(std::max<std::int64_t>(state.due - now, 0));
  }
  return result;
}

// The reply to an answer sent again: what the log holds, and the card's state now.
protocol::ReviewAnswerResult already_recorded(const RecordedAnswer& recorded,
                                              const CardRecord& card, const std::string& answer_id,
                                              const std::string& language, TimestampMs now) {
  if (recorded.card_id != card.id) {
    throw Error(ErrorCode::kConflict,
                bilingual("answer_id '{answer_id}' was already recorded for card {recorded}, not "
                          "card {card}",
                          "answer_id '{answer_id}' はカード {card} ではなくカード {recorded} "
                          "の回答として記録済みです",
                          {{"answer_id", answer_id},
                           {"recorded", std::to_string(recorded.card_id)},
                           {"card", std::to_string(card.id)}}));
  }
  return answer_result(recorded.review_id, card.id,
                       content_from_json(card.content_json, ContentParts::kGrading),
                       recorded.correct, recorded.rating, card.state, language, true, now);
}

// review.next's and due.counts' choice of cards: a limit below 0 or an empty tag is a mistake,
// not "none" or "every card".
void check_new_limit_and_tag(const std::optional<std::int64_t>& new_limit,
                             const std::optional<std::string>& tag) {
  if (new_limit && *new_limit < 0) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'new_limit' must be >= 0, got {value}",
                          "パラメータ 'new_limit' は 0 以上でなければなりません（{value} でした）",
                          {{"value", std::to_string(*new_limit)}}));
  }
  if (tag && tag->empty()) {
    throw Error(ErrorCode::kInvalidParams, bilingual("parameter 'tag' must not be empty",
                                                     "パラメータ 'tag' は空にできません"));
  }
}

protocol::ReviewNextResult next(const protocol::ReviewNextParams& params, MethodContext& context) {
  const std::string language = checked_language(params.lang);
  check_new_limit_and_tag(params.new_limit, params.tag);
  if (params.cram_after && !params.cram.value_or(false)) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'cram_after' needs 'cram': true",
                          "パラメータ 'cram_after' には 'cram': true が必要です"));
  }
  const TimestampMs now = context.clock.now();
  const DueBounds bounds = due_bounds(now, context.calendar);
  const auto decks =
      queue_decks(context.collection, bounds.today, chosen_decks(context.collection, params.deck),
                  params.new_limit, params.tag);
  protocol::ReviewNextResult result;
  result.now_ms.emplace(now);
  const auto by_deck = due_counts_by_deck(context.collection, decks, bounds);
  result.counts = counts_view(sum_counts(by_deck));
  std::optional<std::int64_t> card_id;
  if (params.cram.value_or(false)) {
    std::optional<DueCard> after;
    if (params.cram_after) {
      const CardRecord shown = context.collection.cards().card(*params.cram_after);
      after = DueCard{shown.id, shown.state.due};
    }
    const CramNext cram = next_cram_card(context.collection, decks, bounds.today, after);
    card_id = cram.card;
    result.cram_left.emplace(cram.left);
  } else {
    card_id = next_card(context.collection, by_deck, bounds);
  }
  if (!card_id) {
    const auto next_due = next_due_time(context.collection, decks, bounds);
    // Both present, null when nothing is scheduled.
    result.next_due_ms.emplace(next_due);
    result.next_due.emplace(next_due ? std::optional(format_rfc3339_utc(*next_due)) : std::nullopt);
    return result;
  }
  const CardRecord card = context.collection.cards().card(*card_id);
  const auto deck = std::find_if(decks.begin(), decks.end(),
                                 [&](const QueueDeck& d) { return d.deck.id == card.deck_id; });
  result.card = study_card(card, pick_language(deck->deck.name, language), deck->options, now,
                           context, language);
  return result;
}

// The verdict review.answer would give, with nothing written: for a client that asks for a
// rating only after a right choice.
protocol::ReviewCheckResult check(const protocol::ReviewCheckParams& params,
                                  MethodContext& context) {
  const std::string language = checked_language(params.lang);
  const CardRecord card = context.collection.cards().card(params.card);
  const CardContent content = content_from_json(card.content_json, ContentParts::kGrading);
  const Judgement judgement = judge(context, card, content, params.choice, params.typed, language);
  protocol::ReviewCheckResult result = verdict(card.id, content, judgement.correct, language);
  result.typed = typed_reply(judgement);
  return result;
}

void check_not_suspended(const CardRecord& card) {
  if (card.state.suspended) {
    throw Error(ErrorCode::kConflict,
                // Deleting a note and retiring a card suspend it too (card_store.cpp).
                bilingual("card {card} is out of the reviews: suspended, or its note deleted",
                          "カード {card} は復習の対象外です（保留中か、ノートが削除されています）",
                          {{"card", std::to_string(card.id)}}));
  }
}

// What the graded answer to `card` records; every parameter is checked before anything is
// written: an error after the commit would make a client retry an answer that was already
// recorded.
AnswerRecord graded_record(const protocol::ReviewAnswerParams& params, const CardRecord& card,
                           const Judgement& judgement, MethodContext& context) {
  const std::optional<bool>& correct = judgement.correct;
  const std::optional<std::int64_t>& choice = params.choice;
  const std::optional<std::string>& answer_id = params.answer_id;
  std::optional<Rating> given_rating;
  if (params.rating) {
    given_rating = parse_rating(*params.rating);
    if (!given_rating) {
      throw Error(
          ErrorCode::kInvalidParams,
          bilingual("parameter 'rating' must be again, hard, good or easy, got \"{rating}\"",
                    "パラメータ 'rating' は again、hard、good、easy "
                    "のいずれかでなければなりません（\"{rating}\" でした）",
                    {{"rating", *params.rating}}));
    }
  }
  Rating rating = rating_for(judgement.key, correct, given_rating);
  const std::int64_t duration = params.duration_ms.value_or(0);
  if (duration < 0) throw Error(ErrorCode::kInvalidParams, negative_duration());

  const TimestampMs now = context.clock.now();
  // The deck's options came with the card: answering needs neither the deck's counts nor its
  // daily tallies, and looking them up cost more than the rest of an answer under load.
  const DeckOptions options = deck_options_from_json(card.deck_options_json);
  std::optional<int> quality;
  if (const auto& given = params.quality) {
    if (options.algorithm != Algorithm::kSm2Classic) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("parameter 'quality' is only for sm2-classic decks; this deck uses "
                            "{algorithm}",
                            "パラメータ 'quality' は sm2-classic "
                            "のデッキ専用です。このデッキは {algorithm} を使っています",
                            {{"algorithm", std::string(to_string(options.algorithm))}}));
    }
    if (*given < 0 || *given > 5) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("parameter 'quality' must be between 0 and 5, got {value}",
                            "パラメータ 'quality' は 0 から 5 まででなければなりません（{value} "
                            "でした）",
                            {{"value", std::to_string(*given)}}));
    }
    quality = static_cast<int>(*given);
    check_quality(judgement.key, correct, *quality);
    // The log's rating column keeps the button a quality corresponds to, for statistics.
    if (!params.rating) rating = rating_for_quality(*quality);
  }
  // A cram answer is graded and rated as any, and leaves the card as it was.
  const bool cram = params.cram.value_or(false);
  const CardState after = cram ? card.state
                               : next_state(card.state, Answer{rating, quality},
                                            AnswerContext{now, context.calendar, card.id}, options);
  AnswerRecord record;
  record.card_id = card.id;
  record.deck_id = card.deck_id;
  record.reviewed = now;
  record.day = context.calendar.day_number(now);
  record.rating = rating;
  record.correct = correct;
  if (choice) record.chosen = static_cast<int>(*choice);
  record.before = card.state;
  record.after = after;
  record.duration_ms = std::min(duration, kMaxAnswerDurationMs);
  record.scheduler = std::string(to_string(options.algorithm));
  record.quality = quality;
  record.bury_siblings = sibling_burial(options);  // store_answer() buries none for cram
  record.answer_id = answer_id;
  record.cram = cram;
  return record;
}

// Records the graded answer to `card`, read once by the handler.
protocol::ReviewAnswerResult record_graded(const protocol::ReviewAnswerParams& params,
                                           const CardRecord& card, const CardContent& content,
                                           const Judgement& judgement, const std::string& language,
                                           MethodContext& context) {
  const AnswerRecord record = graded_record(params, card, judgement, context);
  const std::int64_t review_id = context.collection.record_answer(record);
  return answer_result(review_id, card.id, content, judgement.correct, record.rating, record.after,
                       language, false, record.reviewed);
}

protocol::ReviewAnswerResult answer(const protocol::ReviewAnswerParams& params,
                                    MethodContext& context) {
  const std::string language = checked_language(params.lang);
  if (params.answer_id) check_answer_id(*params.answer_id);
  std::optional<protocol::ReviewAnswerResult> result;
  const auto decide = [&](const CardRecord& card) -> std::optional<AnswerRecord> {
    // Before the other checks: the first sending may have changed what they see (an answer
    // that made the card a leech suspends it), and its reply is what this one must repeat.
    if (params.answer_id) {
      if (const auto recorded = context.collection.review_log().answer_by_id(*params.answer_id)) {
        result =
            already_recorded(*recorded, card, *params.answer_id, language, context.clock.now());
        return std::nullopt;
      }
    }
    check_not_suspended(card);
    const CardContent content = content_from_json(card.content_json, ContentParts::kGrading);
    const Judgement judgement =
        judge(context, card, content, params.choice, params.typed, language);
    AnswerRecord record = graded_record(params, card, judgement, context);
    result = answer_result(0, card.id, content, judgement.correct, record.rating, record.after,
                           language, false, record.reviewed);
    result->typed = typed_reply(judgement);
    return record;
  };
  std::optional<std::int64_t> review_id;
  try {
    review_id = context.collection.answer_card(params.card, decide);
  } catch (const Error& error) {
    // Refused while an import writes (kBusy): an answer sent again after a lost reply may be
    // recorded already, and its client must hear so, not that it was not.
    if (error.code() != ErrorCode::kBusy || !params.answer_id) throw;
    const auto recorded = context.collection.review_log().answer_by_id(*params.answer_id);
    if (!recorded) throw;
    return already_recorded(*recorded, context.collection.cards().card(params.card),
                            *params.answer_id, language, context.clock.now());
  }
  if (review_id) result->review_id = *review_id;
  return std::move(*result);
}

// A choice taken before its rating is known: only the daemon knows whether it is right. A wrong
// one is recorded at once, as review.answer records it; a right one is held, nothing written,
// so that the user can rate it knowing it was right.
protocol::ReviewChooseResult choose(const protocol::ReviewChooseParams& params,
                                    MethodContext& context) {
  const auto recorded_reply = [&](protocol::ReviewAnswerResult recorded) {
    protocol::ReviewChooseResult reply;
    static_cast<protocol::ReviewCheckResult&>(reply) = {.card = recorded.card,
                                                        .correct = recorded.correct,
                                                        .answer = recorded.answer,
                                                        .explanation = recorded.explanation,
                                                        .typed = recorded.typed};
    reply.recorded = std::move(recorded);
    return reply;
  };
  if (params.answer_id) check_answer_id(*params.answer_id);
  const std::string language = checked_language(params.lang);
  // Sent again after a lost reply: a wrong choice the log holds is answered from it, as
  // review.answer answers a resend.
  const auto recorded = params.answer_id
                            ? context.collection.review_log().answer_by_id(*params.answer_id)
                            : std::nullopt;
  if (!recorded && params.duration_ms && *params.duration_ms < 0) {
    throw Error(ErrorCode::kInvalidParams, negative_duration());
  }
  const CardRecord card = context.collection.cards().card(params.card);
  if (recorded) {
    return recorded_reply(
        already_recorded(*recorded, card, *params.answer_id, language, context.clock.now()));
  }
  const CardContent content = content_from_json(card.content_json, ContentParts::kGrading);
  const Judgement judgement = judge(context, card, content, params.choice, std::nullopt, language);
  check_not_suspended(card);
  if (judgement.correct == false) {
    const protocol::ReviewAnswerParams as_answer{.card = params.card,
                                                 .choice = params.choice,
                                                 .typed = std::nullopt,
                                                 .rating = std::nullopt,
                                                 .quality = std::nullopt,
                                                 .duration_ms = params.duration_ms,
                                                 .answer_id = params.answer_id,
                                                 .lang = params.lang,
                                                 .cram = params.cram};
    return recorded_reply(record_graded(as_answer, card, content, judgement, language, context));
  }
  protocol::ReviewChooseResult held;
  static_cast<protocol::ReviewCheckResult&>(held) =
      verdict(card.id, content, judgement.correct, language);
  held.held = true;
  return held;
}

protocol::DueCountsResult due_counts_now(const protocol::DueCountsParams& params,
                                         MethodContext& context) {
  check_new_limit_and_tag(params.new_limit, params.tag);
  return current_due_counts(params.deck, context, params.tag, params.new_limit);
}

// Keeps the caller's connection among the watchers: it hears due.changed until it leaves.
protocol::DueCountsResult due_watch(const protocol::DueWatchParams& params,
                                    MethodContext& context) {
  if (context.session == nullptr || context.due_watchers == nullptr) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("due.watch needs a connection to kiokud to push to",
                          "due.watch には通知を送る先となる kiokud への接続が必要です"));
  }
  return context.due_watchers->watch(*context.session, params.deck, context);
}

}  // namespace

std::vector<Method> review_methods() {
  return {method_row(protocol::kReviewNext, next), method_row(protocol::kReviewCheck, check),
          method_row(protocol::kReviewChoose, choose), method_row(protocol::kReviewAnswer, answer)};
}

std::vector<Method> due_methods() {
  return {method_row(protocol::kDueCounts, due_counts_now),
          method_row(protocol::kDueWatch, due_watch)};
}

}  // namespace kioku::daemon
