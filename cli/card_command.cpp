// kioku card show ID: one card's content, state and every answer it has had (docs/stats.md
// "Card history"); with --json the two results as one object.
#include <iostream>
#include <optional>

#include "cli/card_messages.hpp"
#include "cli/card_printing.hpp"
#include "cli/commands.hpp"
#include "cli/messages.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct ShowArgs {
  std::optional<std::string> card;
};

// The one error for a card that is not there, whether the argument is not an id or the daemon
// has no such card.
Error no_such_card(const std::string& argument, const CardMessages& words) {
  return Error(ErrorCode::kNotFound, fill_in(words.no_such_card, {{"card", argument}}));
}

// The card's id from the argument: N or card:N, as the note commands take it.
std::int64_t card_id(const std::string& argument, const CardMessages& words) {
  const std::string digits = argument.rfind("card:", 0) == 0 ? argument.substr(5) : argument;
  if (digits.empty() || digits.size() > 18 ||
      digits.find_first_not_of("0123456789") != std::string::npos) {
    throw no_such_card(argument, words);
  }
  return std::stoll(digits);
}

void run_show(CliContext& context, const ShowArgs& args) {
  const CardMessages& words = card_messages_for(context.language);
  const std::string argument = args.card.value_or("");
  const std::int64_t card = card_id(argument, words);
  boost::json::value content;
  boost::json::value history;
  try {
    content = context.daemon().call(
        protocol::kCardGet.name, boost::json::object{{"card", card}, {"lang", context.language}});
    history =
        context.daemon().call(protocol::kCardHistory.name, boost::json::object{{"card", card}});
  } catch (const Error& error) {
    if (error.code() != ErrorCode::kNotFound) throw;
    throw no_such_card(argument, words);
  }
  if (context.json) {
    print_json(boost::json::object{{"content", content}, {"history", history}});
    return;
  }
  const auto lines = card_show_lines(
      protocol::decode_result<protocol::CardGetResult>(protocol::kCardGet.name, content),
      protocol::decode_result<protocol::CardHistoryResult>(protocol::kCardHistory.name, history),
      context.language, Style::for_stdout(context.color), std::min(terminal_width() - 1, 100));
  for (const std::string& line : lines) std::cout << line << '\n';
}

}  // namespace

CommandGroup card_commands() {
  return {
      noun("card", {"Look at one card", "カードを1枚表示する"},
           {Command<ShowArgs>("show", {"Show a card's content, state and every answer it "
                                       "has had (--json: both as the daemon gives them)",
                                       "カードの内容、状態、すべての解答履歴を表示（--json: "
                                       "デーモンの結果そのまま）"})
                .option(&ShowArgs::card, "ID",
                        {"the card's id: N or card:N", "カードの ID: N または card:N"}, required())
                .runs(run_show)})};
}

}  // namespace kioku::cli
