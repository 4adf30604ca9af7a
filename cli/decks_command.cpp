// kioku decks: the decks with their card and due counts.
#include <ostream>

#include "cli/commands.hpp"
#include "cli/overview_messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

void print_decks(const protocol::DeckListResult& result, const OverviewMessages& words,
                 std::ostream& out) {
  if (result.decks.empty()) {
    out << words.no_decks << '\n';
    return;
  }
  // Ids and names as the terminal shows them, so that the columns are measured on that.
  int id_width = std::max(4, display_width(words.column_id));
  int name_width = std::max(4, display_width(words.column_name));
  for (const protocol::DeckSummary& deck : result.decks) {
    id_width = std::max(id_width, display_width(safe_line(deck.id)));
    name_width = std::max(name_width, display_width(safe_line(deck.name)));
  }
  out << pad_after(words.column_id, id_width) << "  " << pad_after(words.column_name, name_width)
      << pad_before(words.column_cards, 7) << pad_before(words.column_due, 7)
      << pad_before(words.column_new, 7) << pad_before(words.column_learning, 7)
      << pad_before(words.column_review, 8) << '\n';
  for (const protocol::DeckSummary& deck : result.decks) {
    out << pad_after(safe_line(deck.id), id_width) << "  "
        << pad_after(safe_line(deck.name), name_width) << pad_before(std::to_string(deck.cards), 7)
        << pad_before(std::to_string(deck.due), 7) << pad_before(std::to_string(deck.new_), 7)
        << pad_before(std::to_string(deck.learning), 7)
        << pad_before(std::to_string(deck.review), 8) << '\n';
  }
}

}  // namespace

CommandGroup decks_commands() {
  return {Command<>("decks", {"List decks with card and due counts",
                              "デッキの一覧をカード数と復習待ちの数とともに表示"})
              .shows(protocol::kDeckList,
                     [](const protocol::DeckListResult& result, std::ostream& out) {
                       print_decks(result, overview_messages_for("en"), out);
                     })
              .runs([](CliContext& context, const NoArgs&) {
                const boost::json::value result = context.daemon().call(
                    protocol::kDeckList.name, boost::json::object{{"lang", context.language}});
                const auto decks = protocol::decode_result<protocol::DeckListResult>(
                    protocol::kDeckList.name, result);
                if (context.json) {
                  // The list alone, as kioku has always printed it.
                  print_json(result.as_object().at("decks"));
                  return;
                }
                print_decks(decks, overview_messages_for(context.language), std::cout);
              })};
}

}  // namespace kioku::cli
