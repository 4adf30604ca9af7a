// Tests for session tag filters (core/tag_match.hpp), Anki's `tag:` rules.
#include "core/tag_match.hpp"

#include <catch2/catch.hpp>

namespace kioku {
namespace {

TEST_CASE("tag match: the tag itself, without case", "[core][tag_match]") {
  CHECK(tag_matches("verbs", "verbs"));
  CHECK(tag_matches("Verbs", "VERBS"));
  CHECK(tag_matches("Übung", "übung"));
  CHECK(tag_matches("動詞", "動詞"));
  CHECK_FALSE(tag_matches("verb", "verbs"));
  CHECK_FALSE(tag_matches("verbs2", "verbs"));
  CHECK_FALSE(tag_matches("verbs", ""));
}

TEST_CASE("tag match: a hierarchical tag includes its children only", "[core][tag_match]") {
  CHECK(tag_matches("jlpt::n5", "jlpt"));
  CHECK(tag_matches("JLPT::N5::kanji", "jlpt::n5"));
  CHECK_FALSE(tag_matches("jlpt", "jlpt::n5"));       // the parent
  CHECK_FALSE(tag_matches("jlpt::n4", "jlpt::n5"));   // a sibling
  CHECK_FALSE(tag_matches("jlpt::n50", "jlpt::n5"));  // another name that starts alike
  CHECK_FALSE(tag_matches("jlpt::", "jlpt"));
}

TEST_CASE("tag match: space-separated tags of a card", "[core][tag_match]") {
  CHECK(has_tag("grammar jlpt::n5 verbs", "Verbs"));
  CHECK(has_tag("grammar jlpt::n5 verbs", "jlpt"));
  CHECK(has_tag("  grammar   verbs ", "grammar"));
  CHECK_FALSE(has_tag("grammar jlpt::n5 verbs", "n5"));
  CHECK_FALSE(has_tag("", "verbs"));
  CHECK_FALSE(has_tag("verbs", ""));
}

}  // namespace
}  // namespace kioku
