// The kept Anki note types' store (daemon/store/note_type_store.hpp): what it keeps between uses
// is checked against the table, so a rolled-back write leaves nothing behind in it.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "core/templated_note_type.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/migrations.hpp"

using namespace kioku;

TEST_CASE("note types: a type a rolled-back write saved is not taken for one saved after it",
          "[daemon][store]") {
  daemon::sqlite::Database database(":memory:");
  database.execute("PRAGMA foreign_keys = ON");
  daemon::migrate(database, "", 0);
  daemon::Collection collection(database);
  const AnkiNoteType first{1, "First", false, {"A", "B"}, {{"Card 1", "{{A}}", "{{B}}"}}, ""};
  const AnkiNoteType second{2, "Second", false, {"X"}, {{"Card 1", "{{X}}", "{{X}}"}}, ""};
  constexpr TimestampMs kNow = 1'780'300'000'000;
  // A write (a dry run, a refused import) that saves `first`, then is rolled back.
  CHECK_THROWS_AS(collection.write(daemon::Write{daemon::WriteKind::kImport},
                                   [&] {
                                     collection.note_types().save(first, kNow);
                                     throw std::runtime_error("rolled back");
                                   }),
                  std::runtime_error);
  CHECK_THROWS_AS(collection.note_types().id_of(note_type_key(first)), Error);
  // The next type saved in the same millisecond takes the row id the first had.
  std::shared_ptr<const TemplatedNoteType> saved;
  collection.write(daemon::Write{daemon::WriteKind::kImport},
                   [&] { saved = collection.note_types().save(second, kNow); });
  REQUIRE(saved);
  CHECK(saved->name() == "Second");
  const std::int64_t id = collection.note_types().id_of(saved->key());
  CHECK(collection.note_types().by_id(id)->name() == "Second");
  CHECK(collection.note_types().by_name("First") == nullptr);
  CHECK(collection.note_types().by_name("Second")->key() == saved->key());
}
