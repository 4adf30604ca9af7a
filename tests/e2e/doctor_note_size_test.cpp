// A note stored past the text limit (kMaxNoteTextBytes: from before protocol version 10, or a
// file made elsewhere) is named by kioku doctor, with its deck, its size and the limit, in
// English and Japanese, and left as it is; shortened with note.update, it is named no more
// (docs/notes.md, "A note stored past the limit").
#include <signal.h>

#include <boost/json.hpp>
#include <string>
#include <vector>

#include "core/deck_parser_limits.hpp"
#include "tests/e2e/collection_tampering.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

const std::string kLimit = std::to_string(kioku::kMaxNoteTextBytes);

// Words in deck "words": "big", whose back is written over behind kiokud's back in four languages
// of 100,000 bytes each, every text within a field's own limit as before protocol version 10,
// 400,001 bytes with its front; and "full", added through kiokud at the limit exactly, of
// quotes that JSON keeps in twice the bytes: named by none.
void store_notes(const TempHome& home) {
  {
    RunningDaemon daemon(home, {"--no-bundled-decks"});
    REQUIRE(daemon
                .kioku({"import", home.write_file("words.toml",
                                                  numbered_basic_notes_deck("words", "Words", 1))})
                .exit_code == 0);
    daemon.call("note.add", {{"deck", "words"},
                             {"id", "big"},
                             {"kind", "basic"},
                             {"fields", {{"front", {{"en", "f"}}}, {"back", {{"en", "b"}}}}}});
    const std::string third(kioku::kMaxNoteTextBytes / 3, '"');
    daemon.call(
        "note.add",
        {{"deck", "words"},
         {"id", "full"},
         {"kind", "basic"},
         {"fields", {{"front", {{"en", third}, {"ja", third}}}, {"back", {{"en", third}}}}}});
    REQUIRE(daemon.stop(SIGTERM) == 0);
  }
  // hex() of a zeroblob of n bytes is 2n zeros: a long text without a loop.
  std::string texts;
  for (const char* language : {"en", "ja", "fr", "de"}) {
    texts += std::string(", '$[1].text.") + language + "', replace(hex(zeroblob(50000)), '0', 'x')";
  }
  execute_sql(home.collection_path(),
              "UPDATE notes SET fields = json_set(fields" + texts + ") WHERE guid = 'big'");
}

std::string stored_fields(const TempHome& home) {
  return SqliteReader(home.collection_path())
      .rows("SELECT fields FROM notes WHERE guid = 'big'")
      .at(0)
      .at(0);
}

}  // namespace

TEST_CASE("e2e: kioku doctor names a note stored past the text limit and leaves it as it is",
          "[e2e][doctor][notes]") {
  TempHome home;
  store_notes(home);
  const std::string before = stored_fields(home);
  RunningDaemon daemon(home, {"--no-bundled-decks"});

  const json::value check = parse_output(daemon.kioku({"doctor", "--json"}));
  CHECK(check.at("ok").as_bool());
  const json::array& warnings = check.at("warnings").as_array();
  REQUIRE(warnings.size() == 1);
  CHECK(std::string(warnings[0].as_string())
            .starts_with("note big of deck words holds 400001 bytes of text, past a note's limit "
                         "of " +
                         kLimit + " (its fields in every language"));

  const CommandResult english = daemon.kioku({"doctor"});
  INFO(english.out << english.err);
  CHECK(english.exit_code == 0);
  CHECK(english.out.find("\nwarning: note big of deck words holds 400001 bytes of text") !=
        std::string::npos);
  CHECK(english.out.find("with kioku edit big --deck words") != std::string::npos);
  const CommandResult japanese = daemon.kioku({"--lang", "ja", "doctor"});
  INFO(japanese.out << japanese.err);
  CHECK(japanese.exit_code == 0);
  CHECK(japanese.out.find("警告: デッキ words のノート big のテキストは 400001 バイトで、ノートの"
                          "上限 " +
                          kLimit + " バイト") != std::string::npos);
  CHECK(japanese.out.find("holds") == std::string::npos);
  // Nothing was changed: the check only reads.
  CHECK(stored_fields(home) == before);

  // What the warning advises: the note made shorter by an edit is named no more.
  daemon.call("note.update",
              {{"note", "big"}, {"fields", {{"front", {{"en", "f"}}}, {"back", {{"en", "b"}}}}}});
  CHECK(parse_output(daemon.kioku({"doctor", "--json"})).at("warnings").as_array().empty());
}
