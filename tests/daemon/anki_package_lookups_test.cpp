// An Anki package's import finds the kioku notes it may update in one walk of the notes
// (NoteStore::oldest_live_ids): each of the file's notes looked up by its GUID in any deck was a
// scan of the notes, and a 20,000-note package took 16-20 s.
#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include "daemon/importers/anki_package_importer.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/daemon/deck_package_writing.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::test;

namespace {

// The rows every statement of `connection` has stepped through in full-table scans since the
// last reset (`reset`: read and start again from 0).
std::int64_t full_scan_steps(sqlite3* connection, bool reset) {
  std::int64_t steps = 0;
  for (sqlite3_stmt* statement = sqlite3_next_stmt(connection, nullptr); statement != nullptr;
       statement = sqlite3_next_stmt(connection, statement)) {
    steps += sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_FULLSCAN_STEP, reset ? 1 : 0);
  }
  return steps;
}

}  // namespace

TEST_CASE("anki package import: the notes to update are found in one walk, not a scan each",
          "[daemon][anki]") {
  constexpr int kNotes = 300;
  TempHome home;
  const std::string package = home.root() + "/big.apkg";
  {
    DaemonFixture source;
    source.import_choice_deck("big", kNotes);
    const auto written = write_deck_package(source, "big", home.root(), package);
    REQUIRE(written.notes == kNotes);
  }

  DaemonFixture target;
  // Notes of its own, other than the file's, which the walk reads too.
  Deck other = choice_deck("other", kNotes);
  for (DeckCard& card : other.cards) card.id = "other-" + card.id;
  target.collection.import_deck(other, "test", target.clock.now());
  sqlite3* connection = target.database.handle();
  daemon::AnkiPackageOptions options;
  options.data_directory = home.root();
  // The first import adds every note; the second finds each and leaves it unchanged.
  for (const bool first : {true, false}) {
    INFO((first ? "first import" : "second import"));
    full_scan_steps(connection, true);
    const int descriptor = ::open(package.c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(descriptor >= 0);
    const daemon::ImportSummary summary = daemon::import_anki_package_descriptor(
        target.collection, descriptor, "big.apkg", options, false, target.clock.now());
    ::close(descriptor);
    CHECK((first ? summary.added : summary.unchanged) == kNotes);
    // A walk of the notes is a step a note (600 at most here); a scan for each of the file's
    // notes was 300 scans of 300 to 600 notes.
    CHECK(full_scan_steps(connection, false) < 4 * kNotes);
  }
}
