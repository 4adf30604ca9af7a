// Rating names for the protocol, the review log and the CLI.
#include "core/rating.hpp"

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

// `text` equals `lower_name`, a name of lowercase letters only, ignoring ASCII case. A byte
// ORed with 0x20 equals a lowercase letter only when it is that letter or its uppercase form,
// so one OR per byte folds exactly (and as std::tolower does in the C locale kioku runs in):
// replay parses a rating per line, and a tolower call per byte was a visible share of it.
bool equals_ignoring_case(std::string_view text, std::string_view lower_name) noexcept {
  if (text.size() != lower_name.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((text[i] | 0x20) != lower_name[i]) return false;
  }
  return true;
}

}  // namespace

std::optional<Rating> parse_rating(std::string_view text) noexcept {
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
