// A deck as read from a deck file: what it is called and the cards it holds, in every language
// the file provides. Scheduling state lives elsewhere; this is content only.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace kioku {

// Text keyed by language code ("en", "ja").
using LocalizedText = std::map<std::string, std::string>;
using LocalizedChoices = std::map<std::string, std::vector<std::string>>;

struct DeckCard {
  std::string id;    // stable within the deck; re-imports match on it
  std::string kind;  // "choice"
  std::vector<std::string> tags;
  // Cards of a deck with the same note are siblings (e.g. both directions of one fact); empty:
  // the card is a note of its own.
  std::string note;
  LocalizedText question;
  LocalizedChoices choices;
  int answer = 0;  // the correct choice, counting from 1
  LocalizedText explanation;
  int line = 0;  // where the card starts in its file, for error messages
};

struct Deck {
  int format = 1;
  std::vector<std::string> languages;
  std::string id;
  LocalizedText name;
  LocalizedText description;
  std::vector<DeckCard> cards;
};

// The text in `language`, else in English, else in any language; empty when there is none.
const std::string& pick_language(const LocalizedText& text, const std::string& language);

}  // namespace kioku
