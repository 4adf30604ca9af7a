// review.undo: the latest standing answer taken back. The log keeps the answer and gains an
// entry that voids it; the card's state is the replay of its other answers and the day's
// roll-up loses the answer's share, all in one write through the group commit, so the reply
// comes only once the undo is durable, as an answer's does (docs/undo-and-suspend.md).
#include "core/error.hpp"
#include "core/time_format.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/methods/rebuild.hpp"
#include "daemon/methods/wire_views.hpp"
#include "protocol/undo_types.hpp"

namespace kioku::daemon {

namespace {

protocol::ReviewUndoResult undo_result(const StandingAnswer& answer, std::int64_t undo_id,
                                       const CardState& state, bool already_undone) {
  return protocol::ReviewUndoResult{.review_id = answer.review_id,
                                    .undo_id = undo_id,
                                    .card = answer.card_id,
                                    .rating = std::string(to_string(answer.logged.rating)),
                                    .reviewed_ms = answer.logged.reviewed,
                                    .reviewed = format_rfc3339_utc(answer.logged.reviewed),
                                    .state = state_view(state),
                                    .already_undone = already_undone};
}

protocol::ReviewUndoResult undo(const protocol::ReviewUndoParams& params, MethodContext& context) {
  Collection& collection = context.collection;
  std::optional<std::int64_t> card = params.card;
  // An unknown card is an error of its own, not "nothing to undo".
  if (card) collection.cards().card(*card);
  if (params.review_id) {
    const std::optional<StandingAnswer> named =
        collection.review_log().logged_answer(*params.review_id);
    if (!named) {
      throw Error(ErrorCode::kNotFound,
                  bilingual("no answer with id {answer}", "ID が {answer} の回答はありません",
                            {{"answer", std::to_string(*params.review_id)}}));
    }
    if (card && *card != named->card_id) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("answer {answer} is card {owner}'s, not card {card}'s",
                            "回答 {answer} はカード {card} ではなくカード {owner} のものです",
                            {{"answer", std::to_string(named->review_id)},
                             {"owner", std::to_string(named->card_id)},
                             {"card", std::to_string(*card)}}));
    }
    // Sent again after a reply that was lost: the undo it asked for is there already.
    if (const std::optional<std::int64_t> void_id =
            collection.review_log().void_of(named->review_id)) {
      return undo_result(*named, *void_id, collection.cards().card(named->card_id).state, true);
    }
    card = named->card_id;
  }
  const TimestampMs now = context.clock.now();
  // What doctor.rebuild would store for the card, so that a rebuild after an undo changes
  // nothing: its standing answers replayed through its deck's options, and the suspension its
  // note or the user keeps on it.
  const auto replay = [&](const CardRecord& record) {
    return replayed_state(collection, record.id, collection.cards().withdrawn(record.id),
                          deck_options_from_json(record.deck_options_json), context.calendar);
  };
  const std::optional<UndoneAnswer> undone =
      collection.undo_answer(card, params.review_id, now, context.calendar, replay);
  if (!undone) {
    throw Error(ErrorCode::kConflict,
                card ? bilingual("nothing to undo: card {card} has no answer left to undo",
                                 "取り消せるものはありません: カード {card} "
                                 "には取り消せる回答が残っていません",
                                 {{"card", std::to_string(*card)}})
                     : bilingual("nothing to undo: no answer is left to undo",
                                 "取り消せるものはありません: 取り消せる回答が残っていません"));
  }
  return undo_result(undone->answer, undone->void_id, undone->state, false);
}

}  // namespace

std::vector<Method> undo_methods() {
  return {method_row(protocol::kReviewUndo, undo)};
}

}  // namespace kioku::daemon
