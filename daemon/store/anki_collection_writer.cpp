#include "daemon/store/anki_collection_writer.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <unordered_set>

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// Anki's schema 11 (rslib/src/storage/schema11.sql, written here from its description): the
// tables and indices an Anki of 2.1.x expects in a legacy collection.
constexpr std::string_view kSchema11 = R"sql(
CREATE TABLE col (
  id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL,
  conf text NOT NULL, models text NOT NULL, decks text NOT NULL, dconf text NOT NULL,
  tags text NOT NULL);
CREATE TABLE notes (
  id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL,
  csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (
  id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
  due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
  lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (
  id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
  type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
)sql";

// Anki joins a note's fields with the unit separator.
std::string joined_fields(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += '\x1f';
    out += fields[i];
  }
  return out;
}

// cards.data: FSRS's memory as Anki keeps it ("s", "d"), or nothing.
std::string card_data(const AnkiCardSchedule& schedule) {
  if (schedule.stability <= 0.0 || schedule.difficulty <= 0.0) return "";
  return boost::json::serialize(
      boost::json::object{{"s", schedule.stability}, {"d", schedule.difficulty}});
}

}  // namespace

void write_anki_collection(const std::string& path, const AnkiPackageCollection& collection) {
  sqlite::Database database(path);
  // A file that is read once and copied into a zip: no journal to keep it safe meanwhile.
  database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
  database.execute(kSchema11);
  sqlite::Transaction transaction(database);
  sqlite::Statement col =
      database.prepare("INSERT INTO col VALUES (1, ?1, ?2, ?2, 11, 0, 0, 0, ?3, ?4, ?5, ?6, ?7)");
  col.bind(1, collection.created_s)
      .bind(2, collection.modified_ms)
      .bind(3, collection.conf)
      .bind(4, collection.models)
      .bind(5, collection.decks)
      .bind(6, collection.dconf)
      .bind(7, collection.tags);
  col.run();
  sqlite::Statement note =
      database.prepare("INSERT INTO notes VALUES (?1, ?2, ?3, ?4, -1, ?5, ?6, ?7, ?8, 0, '')");
  for (const AnkiPackageNote& row : collection.notes) {
    note.bind(1, row.id)
        .bind(2, row.guid)
        .bind(3, row.type_id)
        .bind(4, row.modified_s)
        .bind(5, row.tags)
        .bind(6, joined_fields(row.fields))
        .bind(7, row.sort_field)
        .bind(8, row.checksum);
    note.run();
  }
  sqlite::Statement card = database.prepare(
      "INSERT INTO cards VALUES (?1, ?2, ?3, ?4, ?5, -1, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 0, 0, "
      "?15, ?14)");
  for (const AnkiPackageCard& row : collection.cards) {
    const AnkiCardSchedule& schedule = row.schedule;
    card.bind(1, row.id)
        .bind(2, row.note_id)
        .bind(3, row.deck_id)
        .bind(4, row.ord)
        .bind(5, row.modified_s)
        .bind(6, schedule.type)
        .bind(7, schedule.queue)
        .bind(8, schedule.due)
        .bind(9, schedule.interval)
        .bind(10, schedule.factor)
        .bind(11, schedule.reps)
        .bind(12, schedule.lapses)
        .bind(13, schedule.left)
        .bind(14, card_data(schedule))
        .bind(15, row.flag);
    card.run();
  }
  sqlite::Statement review =
      database.prepare("INSERT INTO revlog VALUES (?1, ?2, -1, ?3, ?4, ?5, ?6, ?7, ?8)");
  std::unordered_set<std::int64_t> review_ids;
  for (const AnkiPackageReview& entry : collection.reviews) {
    const AnkiRevlogRow& row = entry.row;
    // The id is the answer's time, and the table's key: two answers in one millisecond (two
    // cards answered at once) take the next free one, as Anki makes its ids unique.
    std::int64_t id = std::max<std::int64_t>(row.time_ms, 1);
    while (!review_ids.insert(id).second) ++id;
    review.bind(1, id)
        .bind(2, entry.card_id)
        .bind(3, static_cast<std::int64_t>(row.ease))
        .bind(4, row.interval)
        .bind(5, row.last_interval)
        .bind(6, row.factor)
        .bind(7, row.duration_ms)
        .bind(8, static_cast<std::int64_t>(row.type));
    review.run();
  }
  transaction.commit();
}

}  // namespace kioku::daemon
