// An Anki package's note keeps the package's time of change (notes.mod) as its modified_ms, so
// that a later package's copy is compared with the first package's, as Anki compares them
// (docs/anki-import.md, "Re-import"): not with the time of the first import, after which a copy
// edited in Anki before that import was left and counted conflicting.
#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "daemon/importers/anki_package_importer.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/daemon/deck_package_writing.hpp"
#include "tests/support/temp_home.hpp"
#include "tests/support/zip_files.hpp"

using namespace kioku;
using namespace kioku::test;

namespace {

// The fixture's morning in Anki's seconds.
constexpr std::int64_t kMorningS = kTestMorning / 1000;

// Packages of one note, "Q1" (a choice note of a DaemonFixture's deck, exported): each a copy
// with its own notes.mod and text.
class OneNotePackages {
 public:
  OneNotePackages() {
    DaemonFixture source;
    source.import_choice_deck("d", 1);
    const std::string exported = home_.root() + "/exported.apkg";
    write_deck_package(source, "d", home_.root(), exported);
    collection_ = zip_entry(exported, "collection.anki21");
  }

  // A package at `name` whose note's mod is `mod_s` and whose "Q1" reads `text`.
  std::string package(const std::string& name, std::int64_t mod_s, const std::string& text = "Q1") {
    const std::string path = home_.root() + "/" + name;
    const std::string database_path = path + ".anki21";
    std::ofstream(database_path, std::ios::binary | std::ios::trunc) << collection_;
    sqlite3* database = nullptr;
    REQUIRE(sqlite3_open(database_path.c_str(), &database) == SQLITE_OK);
    const std::string sql = "UPDATE notes SET mod = " + std::to_string(mod_s) +
                            ", flds = replace(flds, 'Q1', '" + text + "')";
    REQUIRE(sqlite3_exec(database, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(database);
    std::ifstream in(database_path, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    write_zip(
        path,
        {{"meta", std::string("\x08\x02", 2)}, {"collection.anki21", bytes}, {"media", "{}"}});
    return path;
  }

  const std::string& directory() const { return home_.root(); }

 private:
  TempHome home_;
  std::string collection_;
};

// Imports the package at `path` into `target` at its clock's time.
daemon::ImportSummary import_package(DaemonFixture& target, const OneNotePackages& packages,
                                     const std::string& path) {
  daemon::AnkiPackageOptions options;
  options.data_directory = packages.directory();
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(descriptor >= 0);
  const daemon::ImportSummary summary = daemon::import_anki_package_descriptor(
      target.collection, descriptor, path, options, false, target.clock.now());
  ::close(descriptor);
  return summary;
}

// The target's one note.
daemon::StoredNote the_note(DaemonFixture& target) {
  const std::vector<daemon::StoredNote> notes = target.collection.notes().search({});
  REQUIRE(notes.size() == 1);
  return notes.front();
}

std::string front_of(const daemon::StoredNote& note) {
  const LocalizedText* front = note.note.field("front");
  REQUIRE(front != nullptr);
  return front->at("en");
}

// note.update of the note read as `read` (note.get's reply), its front now `front`, sent with
// the modified_ms it read.
boost::json::value update_front(DaemonFixture& target, const boost::json::value& read,
                                const std::string& front) {
  boost::json::object fields = read.at("fields").as_object();
  fields["front"] = boost::json::object{{"en", front}};
  return target.call(
      "note.update",
      {{"note", read.at("id")}, {"fields", fields}, {"modified_ms", read.at("modified_ms")}});
}

}  // namespace

TEST_CASE(
    "anki package re-import: a copy edited after the first package but before its import "
    "is newer, and updates the note",
    "[daemon][anki]") {
  OneNotePackages packages;
  // The first package was made two hours before its import; the second's copy was edited in
  // Anki ten minutes after the first was made: still before the first import.
  const std::int64_t first_s = kMorningS - 7200;
  const std::int64_t second_s = first_s + 600;
  DaemonFixture target;
  CHECK(import_package(target, packages, packages.package("first.apkg", first_s)).added == 1);
  const daemon::StoredNote imported = the_note(target);
  CHECK(imported.modified_ms == first_s * 1000);
  CHECK(imported.created_ms == kTestMorning);  // when kioku took it in

  target.clock.advance_ms(60'000);
  const daemon::ImportSummary second =
      import_package(target, packages, packages.package("second.apkg", second_s, "Q1 edited"));
  CHECK(second.updated == 1);
  CHECK(second.conflicting == 0);
  const daemon::StoredNote updated = the_note(target);
  CHECK(front_of(updated).starts_with("Q1 edited\n"));
  CHECK(updated.modified_ms == second_s * 1000);
  CHECK(updated.created_ms == kTestMorning);
}

TEST_CASE("anki package re-import: a newer copy that reads the same takes the file's time",
          "[daemon][anki]") {
  // Anki's mod moves for what kioku does not keep (a word put in bold, say): the note keeps the
  // newer time, and the next import of that file leaves it.
  OneNotePackages packages;
  const std::int64_t first_s = kMorningS - 7200;
  DaemonFixture target;
  REQUIRE(import_package(target, packages, packages.package("first.apkg", first_s)).added == 1);
  target.clock.advance_ms(60'000);
  const std::string touched = packages.package("touched.apkg", first_s + 600);
  CHECK(import_package(target, packages, touched).unchanged == 1);
  CHECK(the_note(target).modified_ms == (first_s + 600) * 1000);
  CHECK(import_package(target, packages, touched).unchanged == 1);
  CHECK(the_note(target).modified_ms == (first_s + 600) * 1000);
}

TEST_CASE("anki package re-import: an older different copy is left and counted conflicting",
          "[daemon][anki]") {
  OneNotePackages packages;
  const std::int64_t first_s = kMorningS - 7200;
  DaemonFixture target;
  REQUIRE(import_package(target, packages, packages.package("first.apkg", first_s)).added == 1);
  target.clock.advance_ms(60'000);
  const daemon::ImportSummary older =
      import_package(target, packages, packages.package("older.apkg", first_s - 600, "Q1 old"));
  CHECK(older.conflicting == 1);
  CHECK(older.updated == 0);
  const daemon::StoredNote kept = the_note(target);
  CHECK(front_of(kept).starts_with("Q1\n"));
  CHECK(kept.modified_ms == first_s * 1000);
}

TEST_CASE(
    "anki package import: a note's time of change to come is kept, so that an edit in kioku "
    "outlasts another import of the file",
    "[daemon][anki]") {
  OneNotePackages packages;
  // A clock a day ahead, and a forged mod whose milliseconds would overflow (the year 9999).
  constexpr std::int64_t kLatestSeconds = 253'402'300'799;
  for (const std::int64_t mod_s : {kMorningS + 86'400, std::numeric_limits<std::int64_t>::max()}) {
    INFO("mod " << mod_s);
    const std::int64_t kept_ms = std::min(mod_s, kLatestSeconds) * 1000;
    DaemonFixture target;
    const std::string package = packages.package("ahead.apkg", mod_s);
    REQUIRE(import_package(target, packages, package).added == 1);
    CHECK(the_note(target).modified_ms == kept_ms);
    target.clock.advance_ms(1'000);
    const boost::json::value read = target.result("note.get", {{"note", the_note(target).note.id}});
    CHECK(read.at("modified_ms").as_int64() == kept_ms);
    // The edit stamps later than the stored time, which is later than the clock.
    const boost::json::value edited = update_front(target, read, "Q1 in kioku");
    INFO(boost::json::serialize(edited));
    CHECK(edited.at("result").at("note").at("modified_ms").as_int64() == kept_ms + 1);
    // The same file again is not newer than the edit: left, and counted conflicting.
    target.clock.advance_ms(1'000);
    const daemon::ImportSummary again = import_package(target, packages, package);
    CHECK(again.updated == 0);
    CHECK(again.conflicting == 1);
    CHECK(front_of(the_note(target)) == "Q1 in kioku");
  }
}

TEST_CASE(
    "anki package import: the same package again, and a round trip, find every note "
    "unchanged, and an export carries the package's time back out",
    "[daemon][anki]") {
  OneNotePackages packages;
  const std::int64_t mod_s = kMorningS - 86'400;
  const std::string package = packages.package("package.apkg", mod_s);
  DaemonFixture target;
  REQUIRE(import_package(target, packages, package).added == 1);
  target.clock.advance_ms(60'000);
  CHECK(import_package(target, packages, package).unchanged == 1);

  // The collection that imported it, exported: the note's mod is the package's.
  const std::string exported = packages.directory() + "/round-trip.apkg";
  write_deck_package(target, "d", packages.directory(), exported);
  const std::string database_path = exported + ".anki21";
  std::ofstream(database_path, std::ios::binary) << zip_entry(exported, "collection.anki21");
  sqlite3* database = nullptr;
  REQUIRE(sqlite3_open(database_path.c_str(), &database) == SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  REQUIRE(sqlite3_prepare_v2(database, "SELECT mod FROM notes", -1, &statement, nullptr) ==
          SQLITE_OK);
  REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
  CHECK(sqlite3_column_int64(statement, 0) == mod_s);
  sqlite3_finalize(statement);
  sqlite3_close(database);

  // Imported into another collection, then again: unchanged.
  DaemonFixture other;
  other.clock.advance_days(1);
  REQUIRE(import_package(other, packages, exported).added == 1);
  CHECK(the_note(other).modified_ms == mod_s * 1000);
  other.clock.advance_ms(60'000);
  const daemon::ImportSummary again = import_package(other, packages, exported);
  CHECK(again.unchanged == 1);
  CHECK(again.updated == 0);
  CHECK(again.conflicting == 0);
}

TEST_CASE(
    "anki package re-import: an edit of the copy read before a newer package came is "
    "refused",
    "[daemon][anki]") {
  OneNotePackages packages;
  DaemonFixture target;
  SECTION("the newer package's time is before the client read the note") {
    const std::int64_t first_s = kMorningS - 7200;
    REQUIRE(import_package(target, packages, packages.package("first.apkg", first_s)).added == 1);
    const boost::json::value read = target.result("note.get", {{"note", the_note(target).note.id}});
    target.clock.advance_ms(60'000);
    REQUIRE(import_package(target, packages,
                           packages.package("second.apkg", first_s + 600, "Q1 edited"))
                .updated == 1);
    CHECK(update_front(target, read, "Q1 mine").at("error").at("code").as_int64() == -32003);
    CHECK(front_of(the_note(target)).starts_with("Q1 edited\n"));
    // Read again, the edit goes through, stamped now.
    const boost::json::value again = update_front(
        target, target.result("note.get", {{"note", the_note(target).note.id}}), "Q1 mine");
    INFO(boost::json::serialize(again));
    CHECK(again.at("result").at("note").at("modified_ms").as_int64() == target.clock.now());
  }
  SECTION("both packages' times are to come, and the clock stands still") {
    // Each import keeps its file's time, later than the clock: the second one is newer.
    REQUIRE(
        import_package(target, packages, packages.package("first.apkg", kMorningS + 600)).added ==
        1);
    const boost::json::value read = target.result("note.get", {{"note", the_note(target).note.id}});
    REQUIRE(import_package(target, packages,
                           packages.package("second.apkg", kMorningS + 1200, "Q1 edited"))
                .updated == 1);
    CHECK(the_note(target).modified_ms == (kMorningS + 1200) * 1000);
    CHECK(update_front(target, read, "Q1 mine").at("error").at("code").as_int64() == -32003);
    CHECK(front_of(the_note(target)).starts_with("Q1 edited\n"));
  }
}
