// kioku suspend CARD... and kioku unsuspend CARD...: keeps cards out of the queue by hand, and
// lets them back (docs/undo-and-suspend.md). All the cards change in one request, or none.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/messages.hpp"
#include "cli/note_arguments.hpp"
#include "cli/suspend_messages.hpp"
#include "core/error.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/suspend_types.hpp"

namespace kioku::cli {

namespace {

struct SuspendArgs {
  std::vector<std::string> cards;
};

using SuspendMethod =
    protocol::MethodType<protocol::CardSuspendParams, protocol::CardSuspendResult>;

void print_suspended(const protocol::CardSuspendResult& result, const SuspendMessages& words,
                     std::ostream& out) {
  out << fill_in_count(static_cast<std::int64_t>(result.cards.size()), words.suspended_one,
                       words.suspended_many)
      << '\n';
}

// How many came back, then each card that stays suspended for a reason of its own.
void print_unsuspended(const protocol::CardSuspendResult& result, const SuspendMessages& words,
                       std::ostream& out) {
  std::int64_t back = 0;
  for (const protocol::CardSuspension& card : result.cards) back += card.suspended ? 0 : 1;
  out << fill_in_count(back, words.unsuspended_one, words.unsuspended_many) << '\n';
  for (const protocol::CardSuspension& card : result.cards) {
    if (card.suspended) {
      out << fill_in(words.still_suspended, {{"card", std::to_string(card.card)}}) << '\n';
    }
  }
}

// The cards kiokud said it does not have (its error's `data.cards`), or, from a daemon that does
// not say, every card the command named.
std::string unknown_cards(const Error& error, const std::string& named) {
  const auto* detailed = dynamic_cast<const protocol::ErrorWithData*>(&error);
  const boost::json::value* cards = detailed ? detailed->data().if_contains("cards") : nullptr;
  if (!cards || !cards->is_array() || cards->as_array().empty()) return named;
  std::string unknown;
  for (const boost::json::value& card : cards->as_array()) {
    if (!card.is_int64()) return named;
    unknown += (unknown.empty() ? "" : ", ") + std::to_string(card.as_int64());
  }
  return unknown;
}

void run(CliContext& context, const SuspendArgs& args, const SuspendMethod& method,
         void (*print)(const protocol::CardSuspendResult&, const SuspendMessages&, std::ostream&)) {
  const SuspendMessages& words = suspend_messages_for(context.language);
  boost::json::array ids;
  std::string named;
  for (const std::string& argument : args.cards) {
    const std::optional<std::int64_t> card = card_id_of(argument);
    if (!card)
      throw Error(ErrorCode::kInvalidParams, fill_in(words.not_a_card, {{"card", argument}}));
    ids.push_back(*card);
    named += (named.empty() ? "" : ", ") + std::to_string(*card);
  }
  boost::json::value result;
  try {
    result = context.daemon().call(method.name, boost::json::object{{"cards", std::move(ids)}});
  } catch (const Error& error) {
    if (error.code() != ErrorCode::kNotFound) throw;
    throw Error(ErrorCode::kNotFound,
                fill_in(words.no_such_cards, {{"cards", unknown_cards(error, named)}}));
  }
  show_result(context, method, result,
              [&](const protocol::CardSuspendResult& reply, std::ostream& out) {
                print(reply, words, out);
              });
}

}  // namespace

CommandGroup suspend_commands() {
  const Help cards_help{"cards' ids: N or card:N", "カードの ID: N または card:N"};
  return {Command<SuspendArgs>("suspend", {"Suspend cards: kept out of reviews until unsuspended",
                                           "カードを保留にする（解除するまで復習に出ない）"})
              .option(&SuspendArgs::cards, "CARD", cards_help, required())
              .shows(protocol::kCardSuspend,
                     [](const protocol::CardSuspendResult& result, std::ostream& out) {
                       print_suspended(result, suspend_messages_for("en"), out);
                     })
              .runs([](CliContext& context, const SuspendArgs& args) {
                run(context, args, protocol::kCardSuspend, print_suspended);
              }),
          Command<SuspendArgs>("unsuspend", {"Let suspended cards back into reviews",
                                             "保留にしたカードを復習に戻す"})
              .option(&SuspendArgs::cards, "CARD", cards_help, required())
              .shows(protocol::kCardUnsuspend,
                     [](const protocol::CardSuspendResult& result, std::ostream& out) {
                       print_unsuspended(result, suspend_messages_for("en"), out);
                     })
              .runs([](CliContext& context, const SuspendArgs& args) {
                run(context, args, protocol::kCardUnsuspend, print_unsuspended);
              })};
}

}  // namespace kioku::cli
