// Tests for the answer buttons' names: parse_rating and to_string(Rating).
#include "core/rating.hpp"

#include <catch2/catch.hpp>
#include <optional>
#include <string>

namespace kioku {
namespace {

TEST_CASE("rating: the buttons are numbered 1 to 4 as in Anki", "[core][rating]") {
  CHECK(static_cast<int>(Rating::kAgain) == 1);
  CHECK(static_cast<int>(Rating::kHard) == 2);
  CHECK(static_cast<int>(Rating::kGood) == 3);
  CHECK(static_cast<int>(Rating::kEasy) == 4);
}

TEST_CASE("rating: to_string gives the lower-case button name", "[core][rating]") {
  CHECK(to_string(Rating::kAgain) == "again");
  CHECK(to_string(Rating::kHard) == "hard");
  CHECK(to_string(Rating::kGood) == "good");
  CHECK(to_string(Rating::kEasy) == "easy");
}

TEST_CASE("rating: parse_rating accepts names in any case and first letters", "[core][rating]") {
  struct Row {
    const char* text;
    Rating expected;
  };
  const auto row = GENERATE(values<Row>({
      {"again", Rating::kAgain},
      {"AGAIN", Rating::kAgain},
      {"Again", Rating::kAgain},
      {"a", Rating::kAgain},
      {"A", Rating::kAgain},
      {"hard", Rating::kHard},
      {"HaRd", Rating::kHard},
      {"h", Rating::kHard},
      {"good", Rating::kGood},
      {"GOOD", Rating::kGood},
      {"g", Rating::kGood},
      {"G", Rating::kGood},
      {"easy", Rating::kEasy},
      {"Easy", Rating::kEasy},
      {"e", Rating::kEasy},
  }));
  INFO("text: \"" << row.text << "\"");
  const std::optional<Rating> parsed = parse_rating(row.text);
  REQUIRE(parsed.has_value());
  CHECK(*parsed == row.expected);
}

TEST_CASE("rating: parse_rating rejects anything else", "[core][rating]") {
  const std::string text =
      GENERATE("", "x", "ag", "goo", "easyy", "good ", " good", "1", "4", "again!", "Ä");
  INFO("text: \"" << text << "\"");
  CHECK_FALSE(parse_rating(text).has_value());
}

TEST_CASE("rating: case folding takes only the letter and its upper case at any position",
          "[core][rating]") {
  // Every byte value in every position of every name and first letter: the rating comes back
  // for exactly the lowercase and uppercase letter there, for nothing that only folds near it
  // ('@', '`', 0xC7). (Other letters may give another rating: "e" is Easy.)
  for (const Rating rating : {Rating::kAgain, Rating::kHard, Rating::kGood, Rating::kEasy}) {
    const std::string name(to_string(rating));
    for (const std::string& word : {name, name.substr(0, 1)}) {
      for (std::size_t position = 0; position < word.size(); ++position) {
        for (int byte = 0; byte < 256; ++byte) {
          std::string text = word;
          text[position] = static_cast<char>(byte);
          const char letter = word[position];
          const bool same_letter = byte == letter || byte == letter - 'a' + 'A';
          INFO("\"" << word << "\" with byte " << byte << " at " << position);
          CHECK((parse_rating(text) == std::optional<Rating>(rating)) == same_letter);
        }
      }
    }
  }
}

TEST_CASE("rating: to_string and parse_rating round-trip", "[core][rating]") {
  const Rating rating = GENERATE(Rating::kAgain, Rating::kHard, Rating::kGood, Rating::kEasy);
  const std::optional<Rating> parsed = parse_rating(to_string(rating));
  REQUIRE(parsed.has_value());
  CHECK(*parsed == rating);
}

}  // namespace
}  // namespace kioku
