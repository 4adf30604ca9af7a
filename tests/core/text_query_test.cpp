// What note.find's text matches (core/text_query.hpp).
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

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

TEST_CASE("text query: a text is read as normalize_for_comparison reads it", "[core][text-query]") {
  // The quick path builds the form itself for ASCII and the code points that keep their form;
  // every text and query must match as utf8proc's form (its own find) would have them match.
  // The pieces: ASCII, whitespace, kana and kanji, and what the quick path must leave to
  // utf8proc (a voiced sound mark that composes, half- and full-width forms, an accent that
  // composes, ß, a soft hyphen, ゟ, an ideograph past the BMP, a byte that is not UTF-8).
  std::mt19937 random(41);
  const std::vector<std::string> alphabet = {
      "a",  "A",  "b",       "B",      " ",  "\t",     "\n",     "\r",         "\v",  "\f",
      ".",  "%",  "_",       "\\",     "\"", "x",      "1",      "か",         "が",  "カ",
      "ー", "漢", "字",      "、",     "「", "\u3000", "\u3099", "ｶ",          "ﾞ",   "Ａ",
      "ａ", "é",  "e\u0301", "\u0301", "ß",  "\u00ad", "ゟ",     "\U0002000B", "\xff"};
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> length(0, 10);
  const auto random_text = [&] {
    std::string text;
    for (int i = length(random); i > 0; --i) text += alphabet[pick(random)];
    return text;
  };
  for (int round = 0; round < 20000; ++round) {
    const std::string query = random_text();
    const std::string text = random_text();
    const std::string normalized = kioku::normalize_for_comparison(query);
    const bool expected =
        kioku::normalize_for_comparison(text).find(normalized) != std::string::npos;
    INFO("query '" << query << "', text '" << text << "'");
    REQUIRE(TextQuery(query).found_in(text) == expected);
  }
}

TEST_CASE("text query: every code point of the kana and CJK blocks matches as utf8proc has it",
          "[core][text-query]") {
  // Whatever the quick path takes as its own form must be; whatever it must not take (ゟ, the
  // compatibility forms) goes to utf8proc. Each code point alone between two letters, looked
  // for as its own normal form.
  const auto utf8 = [](char32_t code) {
    std::string bytes;
    bytes += static_cast<char>(0xE0 | (code >> 12));
    bytes += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    bytes += static_cast<char>(0x80 | (code & 0x3F));
    return bytes;
  };
  for (char32_t code = 0x3000; code <= 0x9FFF; ++code) {
    const std::string text = "x" + utf8(code) + "y";
    const std::string query = kioku::normalize_for_comparison(utf8(code));
    const bool expected = kioku::normalize_for_comparison(text).find(
                              kioku::normalize_for_comparison(query)) != std::string::npos;
    INFO(static_cast<std::uint32_t>(code));
    REQUIRE(TextQuery(query).found_in(text) == expected);
  }
}
