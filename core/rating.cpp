// Rating names for the protocol, the review log and the CLI.
#include "core/rating.hpp"

#include <cctype>

namespace kioku {

std::string_view to_string(Rating rating) noexcept {
  switch (rating) {
    case Rating::kAgain:
      return "again";
    case Rating::kHard:
      return "hard";
    case Rating::kGood:
      return "good";
    case Rating::kEasy:
      return "easy";
  }
  return "unknown";
}

namespace {

// `text` equals `lower_name` ignoring ASCII case. Compared in place: replay parses a rating per
// line, and building a lowercase copy cost more than the rest of the line's parsing.
bool equals_ignoring_case(std::string_view text, std::string_view lower_name) noexcept {
  if (text.size() != lower_name.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != lower_name[i]) return false;
  }
  return true;
}

}  // namespace

std::optional<Rating> parse_rating(std::string_view text) noexcept {
  // The lowercase names exactly, as replay reads a million of them, before any case folding.
  if (text == "again") return Rating::kAgain;
  if (text == "hard") return Rating::kHard;
  if (text == "good") return Rating::kGood;
  if (text == "easy") return Rating::kEasy;
  const auto is = [&](std::string_view name, std::string_view letter) {
    return equals_ignoring_case(text, name) || equals_ignoring_case(text, letter);
  };
  if (is("again", "a")) return Rating::kAgain;
  if (is("hard", "h")) return Rating::kHard;
  if (is("good", "g")) return Rating::kGood;
  if (is("easy", "e")) return Rating::kEasy;
  return std::nullopt;
}

}  // namespace kioku
