// kioku decks: the decks with their card and due counts.
#include <iomanip>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

void print_decks(const protocol::DeckListResult& result, std::ostream& out) {
  if (result.decks.empty()) {
    out << "No decks yet. Import one with: kioku import FILE\n";
    return;
  }
  // Ids and names as the terminal shows them, so that the columns are measured on that.
  int id_width = 4;
  int name_width = 4;
  for (const protocol::DeckSummary& deck : result.decks) {
    id_width = std::max(id_width, display_width(safe_line(deck.id)));
    name_width = std::max(name_width, display_width(safe_line(deck.name)));
  }
  out << pad_after("ID", id_width) << "  " << pad_after("NAME", name_width)
      << "  CARDS    DUE    NEW  LEARN  REVIEW\n";
  for (const protocol::DeckSummary& deck : result.decks) {
    out << pad_after(safe_line(deck.id), id_width) << "  "
        << pad_after(safe_line(deck.name), name_width) << std::setw(7) << deck.cards << std::setw(7)
        << deck.due << std::setw(7) << deck.new_ << std::setw(7) << deck.learning << std::setw(8)
        << deck.review << '\n';
  }
}

}  // namespace

CommandGroup decks_commands() {
  return {Command<>("decks", "List decks with card and due counts")
              .shows(protocol::kDeckList, print_decks)
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
                print_decks(decks, std::cout);
              })};
}

}  // namespace kioku::cli
