// doctor.check's warnings about notes stored past the text limit (daemon/methods/
// note_size_check.hpp): each live one named in deck order up to kReportedNotes, then one
// sentence for the rest; a deleted note and a note at the limit are not named.
#include <catch2/catch.hpp>
#include <string>

#include "core/deck_parser_limits.hpp"
#include "daemon/methods/note_size_check.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/json_rpc_calls.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

TEST_CASE("note size check: the first notes past the limit are named, the rest counted",
          "[daemon][doctor]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("d", 1);
  const std::size_t notes = daemon::kReportedNotes + 2;
  for (std::size_t index = 1; index <= notes; ++index) {
    const std::string id = (index < 10 ? "n0" : "n") + std::to_string(index);
    fixture.result("note.add", {{"deck", "d"},
                                {"kind", "basic"},
                                {"id", id},
                                {"fields", english_fields({{"front", "f"}, {"back", "b"}})}});
  }
  CHECK(daemon::oversized_note_warnings(fixture.collection).empty());
  // Two texts of 200,000 bytes each: 400,001 with the front.
  fixture.database.execute(
      "UPDATE notes SET fields = json_set(fields, '$[1].text.en', "
      "replace(hex(zeroblob(100000)), '0', 'x'), '$[1].text.ja', "
      "replace(hex(zeroblob(100000)), '0', 'y')) WHERE guid LIKE 'n%'");
  fixture.result("note.delete", {{"note", "n05"}});

  const auto warnings = daemon::oversized_note_warnings(fixture.collection);
  REQUIRE(warnings.size() == daemon::kReportedNotes + 1);
  const std::string limit = std::to_string(kMaxNoteTextBytes);
  CHECK(
      warnings[0].english.starts_with("note n01 of deck d holds 400001 bytes of text, past a "
                                      "note's limit of " +
                                      limit));
  CHECK(warnings[4].english.starts_with("note n06 of deck d"));
  CHECK(warnings.back().english == "1 more note holds more than a note's limit of " + limit +
                                       " bytes of text; the first 20 are named above");
  CHECK(warnings.back().japanese.starts_with("ほかに 1 件のノートのテキストがノートの上限 " +
                                             limit + " バイトを超えています"));
}
