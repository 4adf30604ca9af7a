// Tests for pick_language, the language fallback for deck text.
#include "core/localized_text.hpp"

#include <catch2/catch.hpp>
#include <string>

namespace kioku {
namespace {

TEST_CASE("deck: pick_language prefers the language then English then any language",
          "[core][deck]") {
  const LocalizedText both{{"en", "Hello"}, {"ja", "こんにちは"}};
  CHECK(pick_language(both, "ja") == "こんにちは");
  CHECK(pick_language(both, "en") == "Hello");
  CHECK(pick_language(both, "fr") == "Hello");

  const LocalizedText no_english{{"ja", "こんにちは"}, {"de", "Hallo"}};
  CHECK(pick_language(no_english, "ja") == "こんにちは");
  // Neither the language nor English: the first in key order ("de" < "ja").
  CHECK(pick_language(no_english, "fr") == "Hallo");

  CHECK(pick_language(LocalizedText{}, "en").empty());
}

}  // namespace
}  // namespace kioku
