#include "cli/note_lookup.hpp"

#include "cli/messages.hpp"
#include "cli/note_arguments.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "protocol/deck_types.hpp"

namespace kioku::cli {

namespace {

boost::json::value call_with(CliContext& context, std::string_view method, const std::string& note,
                             const std::string& deck) {
  boost::json::object params{{"note", note}};
  if (!deck.empty()) params["deck"] = deck;
  return context.daemon().call(method, std::move(params));
}

}  // namespace

boost::json::value call_on_note(CliContext& context, std::string_view method,
                                const std::string& argument, const std::string& deck,
                                const NoteMessages& words) {
  const Error not_found(ErrorCode::kNotFound, fill_in(words.no_such_note, {{"note", argument}}));
  try {
    return call_with(context, method, argument, deck);
  } catch (const Error& error) {
    if (error.code() != ErrorCode::kNotFound) throw;
  }
  const std::optional<std::int64_t> card = card_id_of(argument);
  if (!card) throw not_found;
  protocol::CardGetResult found;
  try {
    found = protocol::decode_result<protocol::CardGetResult>(
        protocol::kCardGet.name,
        context.daemon().call(protocol::kCardGet.name, boost::json::object{{"card", *card}}));
  } catch (const Error& error) {
    if (error.code() != ErrorCode::kNotFound) throw;
    throw not_found;
  }
  return call_with(context, method, found.note, found.card.deck);
}

protocol::NoteView find_note(CliContext& context, const std::string& argument,
                             const std::string& deck, const NoteMessages& words) {
  return protocol::decode_result<protocol::NoteView>(
      protocol::kNoteGet.name,
      call_on_note(context, protocol::kNoteGet.name, argument, deck, words));
}

std::vector<std::string> deck_languages(CliContext& context, const std::string& deck,
                                        const NoteMessages& words) {
  const auto decks = protocol::decode_result<protocol::DeckListResult>(
      protocol::kDeckList.name, context.daemon().call(protocol::kDeckList.name));
  for (const protocol::DeckSummary& summary : decks.decks) {
    if (summary.id != deck) continue;
    std::vector<std::string> languages;
    for (const auto& [language, name] : summary.names) languages.push_back(language);
    return languages;
  }
  throw Error(ErrorCode::kNotFound, fill_in(words.no_such_deck, {{"deck", safe_line(deck)}}));
}

}  // namespace kioku::cli
