// kioku suspend CARD... and kioku unsuspend CARD...: keeps cards out of the queue by hand, and
// lets them back (docs/undo-and-suspend.md); kioku flag FLAG CARD...: Anki's coloured flags.
// All the cards change in one request, or none.
#include <iostream>
#include <set>
#include <vector>

#include "cli/card_messages.hpp"
#include "cli/card_printing.hpp"
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

struct FlagArgs {
  std::string flag;
  std::vector<std::string> cards;
};

using SuspendMethod =
    protocol::MethodType<protocol::CardSuspendParams, protocol::CardSuspendResult>;

// Each card once, however often it was named (`kioku unsuspend 98 98` is one card).
std::vector<protocol::CardSuspension> distinct(const protocol::CardSuspendResult& result) {
  std::vector<protocol::CardSuspension> cards;
  std::set<std::int64_t> seen;
  for (const protocol::CardSuspension& card : result.cards) {
    if (seen.insert(card.card).second) cards.push_back(card);
  }
  return cards;
}

// What changed; from a kiokud that does not say, every card named.
bool changed(const protocol::CardSuspension& card) {
  return card.changed.value_or(true);
}

// How many were suspended, then how many were so already.
void print_suspended(const protocol::CardSuspendResult& result, const SuspendMessages& words,
                     std::ostream& out) {
  std::int64_t now = 0;
  std::int64_t before = 0;
  for (const protocol::CardSuspension& card : distinct(result)) ++(changed(card) ? now : before);
  out << fill_in_count(now, words.suspended_one, words.suspended_many) << '\n';
  if (before > 0) {
    out << fill_in_count(before, words.already_suspended_one, words.already_suspended_many) << '\n';
  }
}

// How many came back and how many were not suspended, then each card that stays suspended for
// a reason of its own.
void print_unsuspended(const protocol::CardSuspendResult& result, const SuspendMessages& words,
                       std::ostream& out) {
  const std::vector<protocol::CardSuspension> cards = distinct(result);
  std::int64_t back = 0;
  std::int64_t not_suspended = 0;
  for (const protocol::CardSuspension& card : cards) {
    if (!card.suspended) ++(changed(card) ? back : not_suspended);
  }
  out << fill_in_count(back, words.unsuspended_one, words.unsuspended_many) << '\n';
  if (not_suspended > 0) {
    out << fill_in_count(not_suspended, words.not_suspended_one, words.not_suspended_many) << '\n';
  }
  for (const protocol::CardSuspension& card : cards) {
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

// Calls `method` with `params` and the cards `arguments` name; a card kiokud does not have is
// said in the user's language.
boost::json::value call_on_cards(CliContext& context, std::string_view method,
                                 boost::json::object params,
                                 const std::vector<std::string>& arguments,
                                 const SuspendMessages& words) {
  boost::json::array ids;
  std::string named;
  for (const std::string& argument : arguments) {
    const std::optional<std::int64_t> card = card_id_of(argument);
    if (!card)
      throw Error(ErrorCode::kInvalidParams, fill_in(words.not_a_card, {{"card", argument}}));
    ids.push_back(*card);
    named += (named.empty() ? "" : ", ") + std::to_string(*card);
  }
  params["cards"] = std::move(ids);
  try {
    return context.daemon().call(method, std::move(params));
  } catch (const Error& error) {
    if (error.code() != ErrorCode::kNotFound) throw;
    throw Error(ErrorCode::kNotFound,
                fill_in(words.no_such_cards, {{"cards", unknown_cards(error, named)}}));
  }
}

void print_flagged(const protocol::CardFlagResult& result, const SuspendMessages& words,
                   const CardMessages& card_words, std::ostream& out) {
  const auto count = static_cast<std::int64_t>(result.cards.size());
  const std::int64_t flag = result.cards.empty() ? 0 : result.cards.front().flag;
  if (flag == 0) {
    out << fill_in_count(count, words.unflagged_one, words.unflagged_many) << '\n';
    return;
  }
  out << fill_in(fill_in_count(count, words.flagged_one, words.flagged_many),
                 {{"flag", flag_name(flag, card_words)}})
      << '\n';
}

void run_flag(CliContext& context, const FlagArgs& args) {
  const SuspendMessages& words = suspend_messages_for(context.language);
  const std::optional<int> flag = parse_flag(args.flag);
  if (!flag) {
    throw Error(ErrorCode::kInvalidParams, fill_in(words.not_a_flag, {{"flag", args.flag}}));
  }
  const boost::json::value result =
      call_on_cards(context, protocol::kCardFlag.name, {{"flag", *flag}}, args.cards, words);
  show_result(context, protocol::kCardFlag, result,
              [&](const protocol::CardFlagResult& reply, std::ostream& out) {
                print_flagged(reply, words, card_messages_for(context.language), out);
              });
}

void run(CliContext& context, const SuspendArgs& args, const SuspendMethod& method,
         void (*print)(const protocol::CardSuspendResult&, const SuspendMessages&, std::ostream&)) {
  const SuspendMessages& words = suspend_messages_for(context.language);
  const boost::json::value result = call_on_cards(context, method.name, {}, args.cards, words);
  show_result(context, method, result,
              [&](const protocol::CardSuspendResult& reply, std::ostream& out) {
                print(reply, words, out);
              });
}

}  // namespace

CommandGroup suspend_commands() {
  const Help cards_help{"cards' ids: N or card:N", "カードの ID: N または card:N"};
  return {
      Command<SuspendArgs>("suspend", {"Suspend cards: kept out of reviews until unsuspended",
                                       "カードを保留にする（解除するまで復習に出ない）"})
          .option(&SuspendArgs::cards, "CARD", cards_help, required())
          .shows(protocol::kCardSuspend,
                 [](const protocol::CardSuspendResult& result, std::ostream& out) {
                   print_suspended(result, suspend_messages_for("en"), out);
                 })
          .runs([](CliContext& context, const SuspendArgs& args) {
            run(context, args, protocol::kCardSuspend, print_suspended);
          }),
      Command<SuspendArgs>(
          "unsuspend", {"Let suspended cards back into reviews", "保留にしたカードを復習に戻す"})
          .option(&SuspendArgs::cards, "CARD", cards_help, required())
          .shows(protocol::kCardUnsuspend,
                 [](const protocol::CardSuspendResult& result, std::ostream& out) {
                   print_unsuspended(result, suspend_messages_for("en"), out);
                 })
          .runs([](CliContext& context, const SuspendArgs& args) {
            run(context, args, protocol::kCardUnsuspend, print_unsuspended);
          }),
      Command<FlagArgs>("flag", {"Flag cards with one of Anki's colours, or take the flag off",
                                 "カードに Anki の色のフラグを付ける（外す）"})
          .option(&FlagArgs::flag, "FLAG",
                  {"red, orange, green, blue, pink, turquoise, purple, none, or 0 to 7",
                   "赤、オレンジ、緑、青、ピンク、ターコイズ、紫、なし、または 0 から 7"},
                  required())
          .option(&FlagArgs::cards, "CARD", cards_help, required())
          .shows(protocol::kCardFlag,
                 [](const protocol::CardFlagResult& result, std::ostream& out) {
                   print_flagged(result, suspend_messages_for("en"), card_messages_for("en"), out);
                 })
          .runs([](CliContext& context, const FlagArgs& args) { run_flag(context, args); })};
}

}  // namespace kioku::cli
