// What note.find's text matches (core/text_query.hpp).
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "core/text_query.hpp"
#include "core/unicode.hpp"

using kioku::TextQuery;

TEST_CASE("text query: found in any case, width and normal form", "[core][text-query]") {
  CHECK(TextQuery("gpu").found_in("GPU memory"));
  CHECK(TextQuery("ＧＰＵ").found_in("gpu memory"));
  CHECK(TextQuery("strasse").found_in("Die Straße"));
  CHECK(TextQuery("café").found_in("cafe\u0301"));  // NFC query, NFD text
  CHECK(TextQuery("ｶﾀｶﾅ").found_in("カタカナ"));
  // Hiragana and katakana stay apart, as typed answers keep them.
  CHECK_FALSE(TextQuery("かたかな").found_in("カタカナ"));
  // Whitespace runs (the ideographic space, a line end) are one space; soft hyphens are not
  // there.
  CHECK(TextQuery("a b").found_in("a\u3000\n b"));
  CHECK(TextQuery("checkpointing").found_in("check\u00adpointing"));
  CHECK_FALSE(TextQuery("ab").found_in("a b"));
}

TEST_CASE("text query: a query of only whitespace is in every text", "[core][text-query]") {
  CHECK(TextQuery("  \u3000").found_in("anything"));
  CHECK(TextQuery("").found_in(""));
  // Invalid UTF-8 in a text is read as U+FFFD and never throws.
  CHECK_FALSE(TextQuery("x").found_in("\xff\xfe"));
  CHECK(TextQuery("\ufffd").found_in("a\xff"));
}

TEST_CASE("text query: an ASCII text is read as normalize_for_comparison reads it",
          "[core][text-query]") {
  // The ASCII path builds the form itself; every ASCII text and query must match as the
  // Unicode path (the normal form's own find) would have them match.
  std::mt19937 random(41);
  const std::string alphabet = "aAbB \t\n\r\v\f.%_\\\"x1";
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> length(0, 12);
  const auto random_text = [&] {
    std::string text;
    for (int i = length(random); i > 0; --i) text += alphabet[pick(random)];
    return text;
  };
  for (int round = 0; round < 5000; ++round) {
    const std::string query = random_text();
    const std::string text = random_text();
    const std::string normalized = kioku::normalize_for_comparison(query);
    const bool expected =
        kioku::normalize_for_comparison(text).find(normalized) != std::string::npos;
    INFO("query '" << query << "', text '" << text << "'");
    REQUIRE(TextQuery(query).found_in(text) == expected);
  }
}
