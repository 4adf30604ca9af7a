// Whether an answer to a card is right, and the ratings a verdict allows. Only the daemon
// grades (docs/decisions.md, "Only the daemon grades"): the client never holds the answer
// before it has sent its own.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/rating.hpp"

namespace kioku {

// What a card is graded against. A choice card: how many choices it offers and the right one.
// A typed card is graded by comparing the typed text with its note's back
// (core/typed_answer.hpp), which the daemon reads; its kind here says how binding that is.
struct AnswerKey {
  std::string_view kind;  // "choice"
  std::int64_t choice_count = 0;
  std::int64_t answer = 0;  // the right choice, counting from 1
};

// What the user gave: the picked choice; typed text will join it.
struct Response {
  std::optional<std::int64_t> choice;
};

// True or false for a kind that is graded, nullopt for one that is not (the user rates it
// alone). Throws kioku::Error (kInvalidParams) naming the parameter when the response does
// not fit the card: no choice for a choice card, or one out of range.
std::optional<bool> grade(const AnswerKey& key, const Response& response);

// The rating an answer gets: `given`, or good when right (or ungraded) and again when wrong.
// Throws kioku::Error (kInvalidParams) for a wrong answer rated other than again.
Rating rating_for(std::optional<bool> correct, std::optional<Rating> given);

// Throws kioku::Error (kInvalidParams) for a wrong answer given a passing classic SM-2
// quality (3 or more).
void check_quality(std::optional<bool> correct, int quality);

// The same for a card of `key`'s kind. A choice is right or wrong, and the rules above hold; a
// typed answer's comparison is advice: any rating or quality given is taken (a near miss rated
// hard, a slip good, as in Anki), and without one the comparison decides.
Rating rating_for(const AnswerKey& key, std::optional<bool> correct, std::optional<Rating> given);
void check_quality(const AnswerKey& key, std::optional<bool> correct, int quality);

}  // namespace kioku
