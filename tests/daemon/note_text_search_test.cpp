// kioku_fields_have_text (daemon/store/note_text_search.hpp): what of a fields column is text,
// on columns kioku writes and on forged ones.
#include <catch2/catch.hpp>
#include <string>

#include "daemon/store/note_text_search.hpp"
#include "daemon/store/sqlite.hpp"

using namespace kioku::daemon;

namespace {

bool has_text(sqlite::Database& database, const std::string& fields, const std::string& query) {
  sqlite::Statement select = database.prepare("SELECT kioku_fields_have_text(?1, ?2)");
  select.bind(1, fields).bind(2, query);
  return sqlite::integer_result(select) == 1;
}

}  // namespace

TEST_CASE("fields text search: the texts by language are text, nothing else is",
          "[daemon][notes]") {
  sqlite::Database database(":memory:");
  add_fields_have_text_function(database);
  const std::string fields =
      R"([{"name":"front","text":{"en":"Slope","ja":"勾配"}},{"name":"back","text":{"en":"x"}}])";
  CHECK(has_text(database, fields, "slope"));
  CHECK(has_text(database, fields, "勾配"));
  CHECK(has_text(database, fields, "X"));
  for (const std::string word : {"front", "back", "name", "text", "en", "ja", "\"", ":"}) {
    INFO(word);
    CHECK_FALSE(has_text(database, fields, word));
  }
  // Escapes are read as what they stand for, and a long text split into parts whole.
  CHECK(has_text(database, R"([{"name":"f","text":{"en":"say \"hi\"\nnow"}}])", "\"hi\" now"));
  const std::string long_text(20'000, 'a');
  CHECK(has_text(database, R"([{"name":"f","text":{"en":")" + long_text + R"(b"}}])", "aab"));
  // NULL either side, and a column that is not JSON, match nothing.
  sqlite::Statement null_fields = database.prepare("SELECT kioku_fields_have_text(NULL, 'a')");
  CHECK(sqlite::integer_result(null_fields) == 0);
  CHECK_FALSE(has_text(database, "not json", "not"));
  // A query of only whitespace is in every note, one with no texts too.
  CHECK(has_text(database, fields, " \u3000"));
  CHECK(has_text(database, "[]", " "));
}

TEST_CASE("fields text search: what a forged column nests is not text", "[daemon][notes]") {
  sqlite::Database database(":memory:");
  add_fields_have_text_function(database);
  // An array or an object in place of a language's text.
  CHECK_FALSE(has_text(database, R"([{"name":"f","text":{"en":["hidden"]}}])", "hidden"));
  CHECK_FALSE(has_text(database, R"([{"name":"f","text":{"en":{"k":"hidden"}}}])", "hidden"));
  // A texts object after such a value is still read to its end.
  CHECK(has_text(database, R"([{"name":"f","text":{"en":{"k":"v"},"ja":"visible"}}])", "visible"));
  // The "text" key of one field does not make the next element's strings texts.
  CHECK_FALSE(has_text(database, R"([{"name":"f","text":{"en":"a"}},[{"x":"hidden"}]])", "hidden"));
  CHECK_FALSE(has_text(database, R"([{"name":"f","text":"hidden"}])", "hidden"));
  CHECK_FALSE(has_text(database, R"([{"text":[{"en":"hidden"}]}])", "hidden"));
  CHECK_FALSE(has_text(database, R"({"text":{"en":"hidden"}})", "hidden"));
}
