// The store's integrity check (doctor.check's findings) on collection files, sound and
// damaged: damage that stops SQLite's check is a finding with advice, never a failure.
#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

#include "daemon/store/collection.hpp"
#include "daemon/store/migrations.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::daemon;

namespace {

// A migrated collection file with one small deck, closed.
std::string make_collection(const test::TempHome& home) {
  const std::string path = home.root() + "/collection.sqlite";
  sqlite::Database database(path);
  migrate(database, "", 0);
  Collection collection(database);
  Deck deck;
  deck.id = "d";
  deck.languages = {"en"};
  deck.name = {{"en", "D"}};
  for (int i = 1; i <= 20; ++i) {
    DeckCard card;
    card.id = "c-" + std::to_string(i);
    card.kind = "choice";
    card.question = {{"en", "Q"}};
    card.choices = {{"en", {"a", "b"}}};
    card.answer = 1;
    deck.cards.push_back(card);
  }
  collection.import_deck(deck, "test", 0);
  return path;
}

void overwrite(const std::string& path, off_t offset, const std::string& bytes) {
  const int file = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  REQUIRE(file >= 0);
  REQUIRE(::pwrite(file, bytes.data(), bytes.size(), offset) == static_cast<ssize_t>(bytes.size()));
  ::close(file);
}

std::string damaged_advice(const std::string& path, const test::TempHome& home) {
  return path + " is damaged; with kiokud stopped, move it aside and restore a copy " +
         "(kiokud's migration backups are in " + home.root() + "/backups; see docs/faults.md)";
}

}  // namespace

TEST_CASE("integrity: a sound collection has no problems and no advice", "[daemon][store]") {
  const test::TempHome home;
  const std::string path = make_collection(home);
  sqlite::Database database(path);
  const IntegrityReport report = check_integrity(database, 100);
  CHECK(report.sound());
  CHECK(report.problems.empty());
  CHECK(report.advice.english.empty());
  CHECK(report.advice.japanese.empty());
}

TEST_CASE("integrity: damage that stops the check is a finding, with what to do",
          "[daemon][store]") {
  const test::TempHome home;
  const std::string path = make_collection(home);
  std::string expected;
  SECTION("the header is not SQLite's") {
    overwrite(path, 0, std::string(16, 'x'));
    expected = "file is not a database";
  }
  SECTION("the schema page is garbage") {
    overwrite(path, 100, std::string(3000, '\x5a'));
    expected = "database disk image is malformed";
  }
  sqlite::Database database(path);
  IntegrityReport report;
  REQUIRE_NOTHROW(report = check_integrity(database, 100));
  CHECK_FALSE(report.sound());
  // SQLite's words, which kioku cannot put in Japanese; its own advice in both languages.
  REQUIRE(report.problems.size() == 1);
  CHECK(report.problems[0].english == expected);
  CHECK(report.problems[0].japanese == expected);
  CHECK(report.advice.english == damaged_advice(path, home));
  CHECK(report.advice.japanese.starts_with(path + " は壊れています。"));
}
