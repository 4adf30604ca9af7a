// kiokud's messages in both languages: how a pattern is filled in, how an input error words its
// place in each, and what an error passed on inside another keeps.
#include <catch2/catch.hpp>
#include <string>

#include "core/bilingual_message.hpp"
#include "core/error.hpp"

using kioku::bilingual;
using kioku::BilingualMessage;
using kioku::Error;
using kioku::ErrorCode;
using kioku::InputError;

TEST_CASE("bilingual: each pattern is filled in from the same values, once", "[core][messages]") {
  const BilingualMessage message =
      bilingual("entry \"{entry}\" is cut short ({read} of {size})",
                "エントリ \"{entry}\" が途中で切れています（{size} バイト中 {read} バイト）",
                {{"entry", "{read}"}, {"read", "3"}, {"size", "10"}});
  CHECK(message.english == "entry \"{read}\" is cut short (3 of 10)");
  CHECK(message.japanese == "エントリ \"{read}\" が途中で切れています（10 バイト中 3 バイト）");
  const BilingualMessage library = kioku::same_in_both("Expected '='");
  CHECK(library.english == "Expected '='");
  CHECK(library.japanese == "Expected '='");
}

TEST_CASE("bilingual: an input error names file, line, column and field in both languages",
          "[core][messages]") {
  const InputError error("deck.toml", 3, 7, "front",
                         bilingual("must be a string", "文字列でなければなりません"));
  CHECK(std::string(error.what()) == "deck.toml:3:7: front: must be a string");
  CHECK(error.japanese() == "deck.toml:3:7: front: 文字列でなければなりません");
  CHECK(error.problem() == "must be a string");
  CHECK(error.problem_message().japanese == "文字列でなければなりません");
  CHECK(error.field() == "front");

  const InputError worded("pack.apkg", 0, 0, bilingual("card {id}", "カード {id}", {{"id", "9"}}),
                          bilingual("its ease is negative", "易しさが負の値です"));
  CHECK(std::string(worded.what()) == "pack.apkg: card 9: its ease is negative");
  CHECK(worded.japanese() == "pack.apkg: カード 9: 易しさが負の値です");
  CHECK(worded.field() == "card 9");
  CHECK(worded.field_message().japanese == "カード 9");

  // Passed on inside an error of another file, as an importer does with a note's problem.
  const InputError passed("notes.txt", 12, worded.field_message().english,
                          worded.problem_message());
  CHECK(passed.japanese() == "notes.txt:12: card 9: 易しさが負の値です");
}

TEST_CASE("bilingual: an error worded in English alone has no Japanese, and passes its English on",
          "[core][messages]") {
  const Error english(ErrorCode::kInternal, "a bug");
  CHECK(english.japanese().empty());
  CHECK(english.message().japanese == "a bug");
  const Error both(ErrorCode::kNotFound,
                   bilingual("no deck {deck}", "デッキ {deck} はありません", {{"deck", "a\nb"}}));
  // Control characters are escaped in both, as a client's value may hold them.
  CHECK(std::string(both.what()) == "no deck a\\nb");
  CHECK(both.japanese() == "デッキ a\\nb はありません");
  CHECK(both.message().japanese == "デッキ a\\nb はありません");
}
