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

std::optional<Rating> parse_rating(std::string_view text) noexcept {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "again" || lower == "a") return Rating::kAgain;
  if (lower == "hard" || lower == "h") return Rating::kHard;
  if (lower == "good" || lower == "g") return Rating::kGood;
  if (lower == "easy" || lower == "e") return Rating::kEasy;
  return std::nullopt;
}

}  // namespace kioku
