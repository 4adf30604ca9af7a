// How a deck card's content is stored in the collection: one JSON document per card.
#pragma once

#include <string>

#include "core/deck.hpp"

namespace kioku::daemon {

// A card's content as kept in `cards.content`.
struct CardContent {
  LocalizedText question;
  LocalizedChoices choices;
  int answer = 0;  // from 1
  LocalizedText explanation;
};

std::string content_to_json(const DeckCard& card);
// Throws kioku::Error (kStorage) when the stored JSON is not a card's content.
CardContent content_from_json(const std::string& json);
// A stable fingerprint of everything an import can change about a card.
std::string content_hash(const std::string& content_json, const std::string& tags);

std::string localized_to_json(const LocalizedText& text);
LocalizedText localized_from_json(const std::string& json);

}  // namespace kioku::daemon
