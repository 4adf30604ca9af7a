// How a deck card's content is stored in the collection: one JSON document per card.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "core/localized_text.hpp"
#include "core/note.hpp"

namespace kioku::daemon {

// A card's content as kept in `cards.content`.
struct CardContent {
  LocalizedText question;
  LocalizedChoices choices;
  int answer = 0;  // from 1
  LocalizedText explanation;
};

// What of a card's content a reader needs: all of it, or what grading an answer and its reply
// need (the answer, the explanation, and how many choices there are, each left empty).
enum class ContentParts { kAll, kGrading };

// A choice note's card: its question and explanation fields, choices and answer.
std::string content_to_json(const Note& choice_note);
// Throws kioku::Error (kStorage) when the stored JSON is not a card's content
// (card_content_reader.cpp).
CardContent content_from_json(const std::string& json, ContentParts parts = ContentParts::kAll);
// A stable fingerprint of everything an import can change about a card: its content and the
// rest of what it shows, given as the parts that make it up in order (hashed in turn, never
// joined first).
std::string content_hash(std::string_view content_json,
                         std::initializer_list<std::string_view> tags_parts);

std::string localized_to_json(const LocalizedText& text);
LocalizedText localized_from_json(const std::string& json);

}  // namespace kioku::daemon
