// card.suspend, card.unsuspend and card.flag. A suspension by hand is a fact about the card
// (cards.suspended_ms), not something its answers give, so a rebuild or an undo keeps it as
// they keep a retired card suspended (docs/undo-and-suspend.md); a flag (cards.flag) likewise.
#include "core/error.hpp"
#include "daemon/methods/method_table.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/suspend_types.hpp"

namespace kioku::daemon {

namespace {

// The most cards one request may name: one write, all of them or none.
constexpr std::size_t kMostCards = 10'000;

// Fails with every card of `cards` the collection does not have, named in the message and in
// `data.cards` (for the client to say in its own language), before anything is written.
void check_cards_exist(const std::vector<std::int64_t>& cards, MethodContext& context) {
  const std::vector<std::int64_t> missing = context.collection.cards().missing(cards);
  if (missing.empty()) return;
  boost::json::array listed;
  std::string named;
  for (const std::int64_t card : missing) {
    listed.push_back(card);
    named += (named.empty() ? "" : ", ") + std::to_string(card);
  }
  throw protocol::ErrorWithData(ErrorCode::kNotFound,
                                bilingual("no card with id {cards}",
                                          "ID が {cards} のカードはありません", {{"cards", named}}),
                                {{"cards", std::move(listed)}});
}

void check_card_count(const std::vector<std::int64_t>& cards) {
  if (cards.empty() || cards.size() > kMostCards) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'cards' must hold 1 to {most} card ids",
                          "パラメータ 'cards' にはカードの ID を 1 から {most} 個入れてください",
                          {{"most", std::to_string(kMostCards)}}));
  }
}

// Sets or lifts the user's suspension of every card in `params`, in one write; an unknown card
// fails the whole request before anything is written.
protocol::CardSuspendResult set_suspension(const protocol::CardSuspendParams& params,
                                           MethodContext& context, bool suspend) {
  check_card_count(params.cards);
  const TimestampMs now = context.clock.now();
  protocol::CardSuspendResult result;
  const std::int64_t only_card = params.cards.size() == 1 ? params.cards.front() : 0;
  // The check and the reading back inside the write's transaction: they see the cards as the
  // write leaves them. An unknown card throws before anything is written, and the write is
  // undone whole. Each step is one statement over the whole list (CardStore::missing).
  context.collection.write(Write{WriteKind::kOther, 0, only_card}, [&] {
    check_cards_exist(params.cards, context);
    CardStore& cards = context.collection.cards();
    const std::vector<bool> before = cards.suspended(params.cards);
    cards.set_suspended_by_user(params.cards, suspend ? std::optional(now) : std::nullopt);
    const std::vector<bool> suspended = cards.suspended(params.cards);
    for (std::size_t i = 0; i < params.cards.size() && i < suspended.size(); ++i) {
      protocol::CardSuspension& card = result.cards.emplace_back();
      card.card = params.cards[i];
      card.suspended = suspended[i];
      card.changed.emplace(i < before.size() && before[i] != suspended[i]);
    }
  });
  return result;
}

protocol::CardSuspendResult suspend(const protocol::CardSuspendParams& params,
                                    MethodContext& context) {
  return set_suspension(params, context, true);
}

protocol::CardSuspendResult unsuspend(const protocol::CardSuspendParams& params,
                                      MethodContext& context) {
  return set_suspension(params, context, false);
}

// Gives every card in `params` its flag, in one write; an unknown card or flag fails the whole
// request before anything is written.
protocol::CardFlagResult set_flag(const protocol::CardFlagParams& params, MethodContext& context) {
  check_card_count(params.cards);
  if (params.flag < 0 || params.flag > 7) {
    throw Error(ErrorCode::kInvalidParams,
                bilingual("parameter 'flag' must be 0 (none) to 7, not {flag}",
                          "パラメータ 'flag' は 0（なし）から 7 まででなければなりません（{flag} "
                          "でした）",
                          {{"flag", std::to_string(params.flag)}}));
  }
  const std::int64_t only_card = params.cards.size() == 1 ? params.cards.front() : 0;
  // Checked inside the write, as set_suspension() does.
  context.collection.write(Write{WriteKind::kOther, 0, only_card}, [&] {
    check_cards_exist(params.cards, context);
    context.collection.cards().set_flag(params.cards, static_cast<int>(params.flag));
  });
  protocol::CardFlagResult result;
  for (const std::int64_t card : params.cards) result.cards.push_back({card, params.flag});
  return result;
}

}  // namespace

std::vector<Method> suspend_methods() {
  return {method_row(protocol::kCardSuspend, suspend),
          method_row(protocol::kCardUnsuspend, unsuspend),
          method_row(protocol::kCardFlag, set_flag)};
}

}  // namespace kioku::daemon
