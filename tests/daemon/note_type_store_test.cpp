// The kept Anki note types' store (daemon/store/note_type_store.hpp): what it keeps between uses
// is checked against the table, so a rolled-back write leaves nothing behind in it.
#include <catch2/catch.hpp>
#include <functional>
#include <stdexcept>
#include <string>

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

TEST_CASE("store errors: each is said in Japanese too, its English unchanged", "[daemon][store]") {
  daemon::sqlite::Database database(":memory:");
  database.execute("PRAGMA foreign_keys = ON");
  daemon::migrate(database, "", 0);
  daemon::Collection collection(database);
  const auto says = [](const std::function<void()>& action, const std::string& english,
                       const std::string& japanese) {
    try {
      action();
      FAIL("no error; expected: " << english);
    } catch (const Error& error) {
      CHECK(std::string(error.what()) == english);
      CHECK(error.japanese() == japanese);
    }
  };
  says([&] { collection.decks().require("missing"); }, "no deck with id 'missing'",
       "ID が 'missing' のデッキはありません");
  says([&] { collection.decks().text(42); }, "no deck with row id 42",
       "行 ID 42 のデッキはありません");
  says([&] { collection.notes().note(7); }, "no note with row id 7",
       "行 ID 7 のノートはありません");
  says([&] { collection.cards().card(9); }, "no card with id 9", "ID 9 のカードはありません");
  says([&] { collection.note_types().id_of("nope"); }, "no note type nope is kept",
       "ノートタイプ nope は保存されていません");
  says([&] { collection.note_types().by_id(99); }, "no note type with row id 99",
       "行 ID 99 のノートタイプはありません");

  // A note type row that is not what kiokud writes.
  const AnkiNoteType type{1, "Basic", false, {"A", "B"}, {{"Card 1", "{{A}}", "{{B}}"}}, ""};
  std::shared_ptr<const TemplatedNoteType> saved;
  collection.write([&] { saved = collection.note_types().save(type, 1'780'300'000'000); });
  const std::int64_t id = collection.note_types().id_of(saved->key());
  database.execute("UPDATE note_types SET fields = 'not json'");
  collection.note_types().forget();
  says([&] { collection.note_types().by_id(id); },
       "note type " + std::to_string(id) + " is not what kiokud writes",
       "ノートタイプ " + std::to_string(id) + " の内容が kiokud の書き込む形式ではありません");

  // While an import holds the collection's writes, a write is refused in the words it was given;
  // a refusal worded in English alone has no Japanese.
  collection.group_commit().refuse_writes(
      bilingual("the collection is busy: an import is writing it",
                "コレクションは使用中です。取り込みが書き込んでいます"));
  says([&] { collection.write([] {}); }, "the collection is busy: an import is writing it",
       "コレクションは使用中です。取り込みが書き込んでいます");
  collection.group_commit().refuse_writes(BilingualMessage{"busy", ""});
  says([&] { collection.write([] {}); }, "busy", "");
  collection.group_commit().accept_writes();
  collection.write([] {});
}
