// Schema 11 keeps note types and decks as JSON in the one `col` row; schema 18 in tables whose
// `config` blobs are protobuf (../shared/docs/anki-formats.md, sections 2 and 3). Either way
// only plain SELECTs over the file, opened read-only and immutable, after a quick_check.
#include "daemon/store/anki_collection_reader.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>

#include "core/anki_text_reader.hpp"
#include "core/bilingual_message.hpp"
#include "core/error.hpp"
#include "core/fill_in.hpp"
#include "core/protobuf_wire.hpp"
#include "daemon/store/anki_deck_configs.hpp"
#include "daemon/store/quick_check_beside.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

// Anki declares its name columns COLLATE unicase and registers the collation at run time;
// quick_check and any index over those columns need one of that name. ASCII case is enough:
// kioku only reads.
int unicase_compare(void*, int left_size, const void* left, int right_size, const void* right) {
  const auto* a = static_cast<const unsigned char*>(left);
  const auto* b = static_cast<const unsigned char*>(right);
  const int common = left_size < right_size ? left_size : right_size;
  for (int at = 0; at < common; ++at) {
    const int x = (a[at] >= 'A' && a[at] <= 'Z') ? a[at] + 32 : a[at];
    const int y = (b[at] >= 'A' && b[at] <= 'Z') ? b[at] + 32 : b[at];
    if (x != y) return x - y;
  }
  return left_size - right_size;
}

std::string uri_of(const std::string& path) {
  std::string uri = "file:";
  for (const char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      static constexpr char kHex[] = "0123456789ABCDEF";
      uri += '%';
      uri += kHex[(static_cast<unsigned char>(c) >> 4) & 0xF];
      uri += kHex[static_cast<unsigned char>(c) & 0xF];
    } else {
      uri += c;
    }
  }
  return uri + "?immutable=1";
}

// More fields than any real note type has (Anki's own editor becomes unusable far below it):
// a note past it is refused before its fields are split, so one hostile `flds` of separators
// cannot become a billion strings.
constexpr std::size_t kMostFields = 1000;

// The tables of Anki's collection that kioku reads, as an SQL list.
constexpr const char* kAnkiTables =
    "('col', 'notes', 'cards', 'revlog', 'notetypes', 'fields', 'templates', 'decks', 'config', "
    "'deck_config')";

// A file SQLite cannot read as Anki's collection, with what SQLite (or the reading) said: its
// {reason}.
struct Wording {
  std::string_view english;
  std::string_view japanese;
};
constexpr Wording kUnreadable{"its collection cannot be read as an Anki collection: {reason}",
                              "コレクションを Anki のコレクションとして読めません: {reason}"};

// Nullopt when `flds` holds more than kMostFields fields.
std::optional<std::vector<std::string>> split_fields(const std::string& flds) {
  if (static_cast<std::size_t>(std::count(flds.begin(), flds.end(), '\x1f')) >= kMostFields) {
    return std::nullopt;
  }
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = flds.find('\x1f', start);
    fields.push_back(
        flds.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return fields;
    start = end + 1;
  }
}

std::string json_string(const boost::json::object& object, const char* key) {
  const boost::json::value* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->as_string()) : std::string();
}

}  // namespace

class AnkiCollectionFile::Reader {
 public:
  Reader(const std::string& path, const std::string& package, bool with_history)
      : package_(package),
        with_history_(with_history),
        check_(uri_of(path), kOpenFlags, configure),
        database_(uri_of(path), kOpenFlags) {
    configure(database_);
  }

  // Cuts a statement of the walk short, from any thread.
  void interrupt() noexcept { sqlite3_interrupt(database_.handle()); }

  // Throws what the file's quick_check found, if it found anything (waiting for it).
  void confirm_intact() {
    const std::optional<QuickCheckFailure> failure = check_.failure();
    if (!failure) return;
    if (failure->stopped) {
      fail(bilingual(kUnreadable.english, kUnreadable.japanese, {{"reason", failure->finding}}));
    }
    fail(bilingual("its collection is damaged (SQLite's quick_check: {finding})",
                   "コレクションが壊れています（SQLite の quick_check: {finding}）",
                   {{"finding", failure->finding}}));
  }

  void read_header(AnkiCollection& collection) {
    refuse_views();
    refuse_computed_columns();
    refuse_odd_ids("notes");
    refuse_odd_ids("cards");
    sqlite::Statement col =
        database_.prepare("SELECT ver, models, decks, crt, conf, dconf FROM col");
    if (!col.step()) {
      fail(bilingual("its collection has no col row", "コレクションに col の行がありません"));
    }
    collection.schema = static_cast<int>(col.column_int(0));
    collection.created_seconds = col.column_int(3);
    if (collection.schema == 11) {
      read_json_types(col.column_text(1), collection);
      read_json_decks(col.column_text(2), collection);
      read_json_settings(col.column_text(4), collection);
      read_json_deck_configs(col.column_text(5), collection);
    } else if (collection.schema == 18) {
      read_table_types(collection);
      read_table_decks(collection);
      read_table_settings(collection);
      read_table_deck_configs(collection);
    } else {
      fail(
          bilingual("its collection has schema {schema}; kioku reads Anki's package schemas 11 "
                    "and 18",
                    "コレクションのスキーマは {schema} です。kioku が読めるのは Anki "
                    "のパッケージのスキーマ 11 と 18 です",
                    {{"schema", std::to_string(collection.schema)}}));
    }
  }

  std::int64_t note_count() {
    sqlite::Statement count = database_.prepare("SELECT count(*) FROM notes NOT INDEXED");
    return count.step() ? count.column_int(0) : 0;
  }

  void for_each_guid(const std::function<void(const std::string&)>& visit) {
    sqlite::Statement guids = database_.prepare("SELECT guid FROM notes NOT INDEXED ORDER BY id");
    while (guids.step()) visit(guids.column_text(0));
  }

  bool next_note(AnkiNote& note) {
    // Begun at the first note, on the walk's thread: the sort of the cards and the copy of the
    // log are its work, not the import's.
    if (!notes_) start_walk();
    if (!notes_left_ || !notes_->step()) {
      notes_left_ = false;
      return false;
    }
    const std::int64_t id = notes_->column_int(0);
    // Integer ids, each once (read_header): ordered, they only rise.
    if (last_note_id_ && id <= *last_note_id_) {
      fail(bilingual("its notes do not come in the order of their ids",
                     "ノートが id の順に並んでいません"));
    }
    last_note_id_ = id;
    note = AnkiNote{};
    note.guid = notes_->column_text(1);
    note.type_id = notes_->column_int(2);
    note.modified_s = notes_->column_int(3);
    std::optional<std::vector<std::string>> fields = split_fields(notes_->column_text(4));
    if (!fields) {
      fail(bilingual("its note {note} has more than {most} fields",
                     "ノート {note} のフィールドが {most} 個を超えています",
                     {{"note", std::to_string(id)}, {"most", std::to_string(kMostFields)}}));
    }
    note.fields = std::move(*fields);
    note.tags = split_anki_tags(notes_->column_text(5));
    // Both walks go by note id, so a note's cards are the next ones there; the cards before
    // them have no note.
    while (cards_left_ && cards_->column_int(0) <= id) {
      if (cards_->column_int(0) == id) {
        AnkiCard& card = note.cards.emplace_back();
        card.deck_id = cards_->column_int(1);
        card.ord = cards_->column_int(2);
        card.queue = cards_->column_int(3);
        // The low three bits are the flag (Anki's own mask); the others are not kioku's.
        card.flag = static_cast<int>(cards_->column_int(15) & 7);
        card.id = cards_->column_int(4);
        card.scheduling = scheduling_of(*cards_);
        if (with_history_) card.reviews = reviews_of(card.id);
      }
      cards_left_ = cards_->step();
    }
    return true;
  }

  // Every name read here must be a plain table: a view may run any query, an endless
  // recursive one too, on the daemon's thread, and a virtual table any module's code.
  void refuse_views() {
    sqlite::Statement schema =
        database_.prepare(std::string("SELECT name FROM sqlite_schema WHERE name IN ") +
                          kAnkiTables + " AND (type != 'table' OR sql LIKE 'CREATE VIRTUAL%')");
    if (schema.step()) {
      fail(bilingual("its collection's {table} is not a plain table, as Anki makes it",
                     "コレクションの {table} は、Anki が作るような普通のテーブルではありません",
                     {{"table", schema.column_text(0)}}));
    }
  }

  // A generated column computes its value at each read, from any expression: a few bytes of
  // file could read as gigabytes. Anki's tables have none.
  void refuse_computed_columns() {
    sqlite::Statement computed = database_.prepare(
        std::string("SELECT t.name FROM sqlite_schema AS t, pragma_table_xinfo(t.name) AS c "
                    "WHERE t.type = 'table' AND t.name IN ") +
        kAnkiTables + " AND c.hidden != 0");
    if (computed.step()) {
      fail(bilingual(
          "its collection's {table} has a generated column, which Anki's tables do "
          "not have",
          "コレクションの {table} に生成列があります。Anki のテーブルに生成列はありません",
          {{"table", computed.column_text(0)}}));
    }
  }

  [[noreturn]] void fail(const BilingualMessage& problem) const {
    throw InputError(package_, 0, "", problem);
  }

 private:
  // `what` names the part of col in words: "note types (col.models)".
  boost::json::object parse_object(const std::string& text, const BilingualMessage& what) {
    boost::system::error_code error;
    boost::json::value value = boost::json::parse(text, error);
    if (error || !value.is_object()) {
      fail({fill_in("its collection's {part} is not a JSON object", {{"part", what.english}}),
            fill_in("コレクションの{part}が JSON のオブジェクトではありません",
                    {{"part", what.japanese}})});
    }
    return std::move(value.as_object());
  }

  void read_json_types(const std::string& text, AnkiCollection& collection) {
    for (const auto& [key, value] :
         parse_object(text, bilingual("note types (col.models)", "ノートタイプ（col.models）"))) {
      if (!value.is_object()) {
        fail(bilingual("its collection has a note type that is not a JSON object",
                       "コレクションに JSON のオブジェクトではないノートタイプがあります"));
      }
      const boost::json::object& model = value.as_object();
      AnkiNoteType type;
      type.id = model.contains("id") ? anki_json_integer(model.if_contains("id"))
                                     : anki_json_integer(nullptr);
      if (type.id == 0) {
        try {
          type.id = std::stoll(std::string(key));
        } catch (const std::exception&) {
          fail(bilingual("its collection has a note type without an id",
                         "コレクションに id のないノートタイプがあります"));
        }
      }
      type.name = json_string(model, "name");
      type.cloze = anki_json_integer(model.if_contains("type")) == 1;
      type.css = json_string(model, "css");
      if (const auto* fields = model.if_contains("flds"); fields && fields->is_array()) {
        for (const auto& field : fields->as_array()) {
          if (field.is_object()) type.fields.push_back(json_string(field.as_object(), "name"));
        }
      }
      if (const auto* templates = model.if_contains("tmpls"); templates && templates->is_array()) {
        for (const auto& entry : templates->as_array()) {
          if (!entry.is_object()) continue;
          const auto& object = entry.as_object();
          type.templates.push_back({json_string(object, "name"), json_string(object, "qfmt"),
                                    json_string(object, "afmt")});
        }
      }
      collection.note_types[type.id] = std::move(type);
    }
  }

  // The scheduler the collection was set to (schedVer): 1 when it is not set, as Anki reads it.
  // Only the log's meaning depends on it, so a conf or value kioku cannot read counts as unset
  // rather than refusing the package.
  static std::int64_t scheduler_version_of(const boost::json::value* version) {
    const std::int64_t number = anki_json_integer(version);
    return number == 0 ? 1 : number;
  }

  // The collection's own settings in schema 11: schedVer and fsrs in col.conf's JSON.
  static void read_json_settings(const std::string& conf, AnkiCollection& collection) {
    boost::system::error_code error;
    const boost::json::value value = boost::json::parse(conf, error);
    const boost::json::object* settings = error ? nullptr : value.if_object();
    collection.v1_scheduler =
        scheduler_version_of(settings ? settings->if_contains("schedVer") : nullptr) == 1;
    const boost::json::value* fsrs = settings ? settings->if_contains("fsrs") : nullptr;
    collection.fsrs = fsrs != nullptr && fsrs->is_bool() && fsrs->as_bool();
  }

  // The same in schema 18's config table, one JSON value a key.
  void read_table_settings(AnkiCollection& collection) {
    collection.v1_scheduler = true;
    if (!has_table("config")) return;
    sqlite::Statement version = database_.prepare("SELECT val FROM config WHERE KEY = 'schedVer'");
    if (version.step()) {
      boost::system::error_code error;
      const boost::json::value value = boost::json::parse(version.column_text(0), error);
      collection.v1_scheduler = (error ? 1 : scheduler_version_of(&value)) == 1;
    }
    sqlite::Statement fsrs = database_.prepare("SELECT val FROM config WHERE KEY = 'fsrs'");
    collection.fsrs = fsrs.step() && fsrs.column_text(0) == "true";
  }

  bool has_table(const char* name) {
    sqlite::Statement exists =
        database_.prepare("SELECT 1 FROM sqlite_schema WHERE name = ?1 AND type = 'table'");
    exists.bind(1, std::string(name));
    return exists.step();
  }

  // Schema 18's deck_config rows and each normal deck's group (decks.kind).
  void read_table_deck_configs(AnkiCollection& collection) {
    if (!has_table("deck_config")) return;
    sqlite::Statement groups = database_.prepare("SELECT id, config FROM deck_config");
    while (groups.step()) {
      try {
        collection.deck_configs[groups.column_int(0)] =
            anki_deck_config_from_protobuf(groups.column_text(1));
      } catch (const ProtobufError& error) {
        // Named here: read_as_input would take any protobuf for a note type's.
        throw InputError(
            package_, 0, "",
            bilingual_with(
                "its deck option group {id} is not Anki's protobuf: {reason}",
                "デッキオプションのグループ {id} が Anki の protobuf ではありません: {reason}",
                "reason", error.message(), {{"id", std::to_string(groups.column_int(0))}}));
      }
    }
    sqlite::Statement decks = database_.prepare("SELECT id, kind FROM decks");
    while (decks.step()) {
      std::optional<std::int64_t> group;
      try {
        group = anki_normal_deck_config_id(decks.column_text(1));
      } catch (const ProtobufError& error) {
        throw InputError(
            package_, 0, "",
            bilingual_with("its deck {id}'s kind is not Anki's protobuf: {reason}",
                           "デッキ {id} の種類が Anki の protobuf ではありません: {reason}",
                           "reason", error.message(),
                           {{"id", std::to_string(decks.column_int(0))}}));
      }
      if (group) collection.deck_config_ids[decks.column_int(0)] = *group;
    }
  }

  // col.dconf: the legacy options groups (anki-formats.md, 2.1). A group kioku cannot read is
  // left out: its decks keep kioku's defaults.
  static void read_json_deck_configs(const std::string& text, AnkiCollection& collection) {
    boost::system::error_code error;
    const boost::json::value value = boost::json::parse(text, error);
    if (error || !value.is_object()) return;
    for (const auto& [key, entry] : value.as_object()) {
      if (!entry.is_object()) continue;
      std::int64_t id = anki_json_integer(entry.as_object().if_contains("id"));
      if (id == 0) {
        try {
          id = std::stoll(std::string(key));
        } catch (const std::exception&) {
          continue;
        }
      }
      collection.deck_configs[id] = anki_deck_config_from_json(entry.as_object());
    }
  }

  void read_json_decks(const std::string& text, AnkiCollection& collection) {
    for (const auto& [key, value] :
         parse_object(text, bilingual("decks (col.decks)", "デッキ（col.decks）"))) {
      if (!value.is_object()) continue;
      std::int64_t id = anki_json_integer(value.as_object().if_contains("id"));
      if (id == 0) {
        try {
          id = std::stoll(std::string(key));
        } catch (const std::exception&) {
          continue;
        }
      }
      collection.decks[id] = json_string(value.as_object(), "name");
      // A filtered deck ("dyn": 1) has no options group of its own.
      if (anki_json_integer(value.as_object().if_contains("dyn")) == 0) {
        if (const auto* conf = value.as_object().if_contains("conf"); conf && conf->is_number()) {
          collection.deck_config_ids[id] = anki_json_integer(conf);
        }
      }
    }
  }

  void read_table_types(AnkiCollection& collection) {
    sqlite::Statement types = database_.prepare("SELECT id, name, config FROM notetypes");
    while (types.step()) {
      AnkiNoteType type;
      type.id = types.column_int(0);
      type.name = types.column_text(1);
      const std::string config = types.column_text(2);  // the reader keeps a view of it
      ProtobufReader reader(config);
      ProtobufField field;
      while (reader.next(field)) {
        if (field.number == 1 && field.wire_type == 0) type.cloze = field.value == 1;
        // Notetype.Config.css (anki/proto/anki/notetypes.proto).
        if (field.number == 3 && field.wire_type == 2) type.css = std::string(field.bytes);
      }
      collection.note_types[type.id] = std::move(type);
    }
    sqlite::Statement fields =
        database_.prepare("SELECT ntid, name FROM fields ORDER BY ntid, ord");
    while (fields.step()) {
      auto type = collection.note_types.find(fields.column_int(0));
      if (type != collection.note_types.end()) type->second.fields.push_back(fields.column_text(1));
    }
    sqlite::Statement templates =
        database_.prepare("SELECT ntid, name, config FROM templates ORDER BY ntid, ord");
    while (templates.step()) {
      auto type = collection.note_types.find(templates.column_int(0));
      if (type == collection.note_types.end()) continue;
      AnkiCardTemplate entry;
      entry.name = templates.column_text(1);
      const std::string config = templates.column_text(2);  // the reader keeps a view of it
      ProtobufReader reader(config);
      ProtobufField field;
      while (reader.next(field)) {
        if (field.number == 1 && field.wire_type == 2) entry.question = std::string(field.bytes);
        if (field.number == 2 && field.wire_type == 2) entry.answer = std::string(field.bytes);
      }
      type->second.templates.push_back(std::move(entry));
    }
  }

  void read_table_decks(AnkiCollection& collection) {
    sqlite::Statement decks = database_.prepare("SELECT id, name FROM decks");
    while (decks.step()) {
      std::string name = decks.column_text(1);
      std::string joined;
      for (const char c : name) {
        if (c == '\x1f') {
          joined += "::";
        } else {
          joined += c;
        }
      }
      collection.decks[decks.column_int(0)] = std::move(joined);
    }
  }

  // The walk merges notes and cards by note id, and each card's log comes by its id: ids must
  // be integers (a text "9" sorts after "10", and "1" would pass for 1 in a join) and each one
  // once (two notes of one id would share their cards). Anki's ids are its tables' integer
  // primary keys.
  void refuse_odd_ids(const std::string& table) {
    // Anki's `id integer primary key` is the rowid itself, which SQLite keeps an integer and
    // unique (and quick_check found sound): nothing to look for. Else one pass: an id that is
    // not an integer first (it sorts before every integer in the ORDER BY), else a repeated one.
    if (id_is_rowid(table)) return;
    sqlite::Statement odd =
        database_.prepare("SELECT quote(id), typeof(id) = 'integer', count(*) FROM " + table +
                          " NOT INDEXED"
                          " GROUP BY id HAVING typeof(id) != 'integer' OR count(*) > 1 "
                          "ORDER BY typeof(id) = 'integer' LIMIT 1");
    if (!odd.step()) return;
    if (odd.column_int(1) == 0) {
      fail(bilingual("its collection's {table} has an id that is not an integer: {id}",
                     "コレクションの {table} に整数ではない id があります: {id}",
                     {{"table", table}, {"id", odd.column_text(0).substr(0, 40)}}));
    }
    fail(bilingual("its collection has two {table} with the id {id}",
                   "コレクションの {table} に id が {id} の行が 2 つあります",
                   {{"table", table}, {"id", odd.column_text(0)}}));
  }

  // Whether the cards read by id come in the walk's order (by note, template and id): Anki
  // gives a note's cards ids as it makes them, after the note's, so in most files they do. The
  // walk then reads them as they lie, where ORDER BY nid, ord, id had SQLite sort every card's
  // whole row before the first note could come: 11 ms of a 20,000-note package's import,
  // which waited for it. One pass over three columns says so (3 ms); a card made later for an
  // older note (a template added, a new cloze) sends the walk back to the sort.
  bool cards_in_walk_order_by_id() {
    // Only an id that is the rowid comes in order unsorted, and integers compare here as SQLite
    // compares them; an ord of another type is left to SQLite's sort.
    if (!id_is_rowid("cards")) return false;
    sqlite::Statement keys = database_.prepare(
        "SELECT nid, ord, typeof(ord) = 'integer' FROM cards NOT INDEXED WHERE typeof(nid) = "
        "'integer' ORDER BY id");
    bool first = true;
    std::int64_t last_note = 0;
    std::int64_t last_ord = 0;
    while (keys.step()) {
      if (keys.column_int(2) == 0) return false;
      const std::int64_t note = keys.column_int(0);
      const std::int64_t ord = keys.column_int(1);
      if (!first && (note < last_note || (note == last_note && ord < last_ord))) return false;
      first = false;
      last_note = note;
      last_ord = ord;
    }
    return true;
  }

  // Whether `table`'s id is read as its rowid: SQLite's own program for reading it from the
  // table says so (Rowid, not Column), which no declaration that only looks like Anki's
  // (`INTEGER PRIMARY KEY DESC`, a WITHOUT ROWID table, an untyped id) passes.
  bool id_is_rowid(const std::string& table) {
    sqlite::Statement program =
        database_.prepare("EXPLAIN SELECT id FROM " + table + " NOT INDEXED");
    bool rowid = false;
    while (program.step()) {
      const std::string operation = program.column_text(1);
      if (operation == "Column") return false;
      rowid = rowid || operation == "Rowid";
    }
    return rowid;
  }

  // No query of notes, cards or the review log reads one of the file's indexes (NOT INDEXED;
  // nor do note_count, for_each_guid and refuse_odd_ids): quick_check does not check
  // that an index holds what its table does, and a made-up one could give a card twice, under
  // two notes, or hide one. The tables are read, and SQLite sorts for itself.
  //
  // The statements of the walk, each over one table, so that the file's statistics cannot
  // choose a plan that scans one table for each row of the other; and the log's copy, made
  // here, before the import's write begins.
  void start_walk() {
    notes_.emplace(database_.prepare(
        "SELECT id, guid, mid, mod, flds, tags FROM notes NOT INDEXED ORDER BY id"));
    // A card whose note id is not an integer has no note, as one whose note is missing.
    cards_.emplace(database_.prepare(
        "SELECT nid, CASE WHEN odid != 0 THEN odid ELSE did END, ord, queue, id, type, due, ivl, "
        "factor, reps, lapses, left, odid, odue, data, flags FROM cards NOT INDEXED WHERE "
        "typeof(nid) = 'integer' ORDER BY " +
        std::string(cards_in_walk_order_by_id() ? "id" : "nid, ord, id")));
    cards_left_ = cards_->step();
    if (!with_history_) return;
    // The log copied once as the integers kioku reads of it, in the file's order by card and
    // id (which then breaks a tie in time), and indexed by card and time: each card's answers
    // are one lookup whatever indexes the file has. Its time is the id read as an integer: a
    // revlog whose id is not the integer key Anki makes it must not put answers out of order.
    database_.execute(
        "CREATE TEMP TABLE card_log AS SELECT CAST(cid AS INTEGER) AS card, CAST(id AS INTEGER) "
        "AS time_ms, CAST(ease AS INTEGER) AS ease, CAST(ivl AS INTEGER) AS ivl, CAST(lastIvl AS "
        "INTEGER) AS last_ivl, CAST(factor AS INTEGER) AS factor, CAST(time AS INTEGER) AS "
        "duration_ms, CAST(type AS INTEGER) AS type FROM revlog NOT INDEXED ORDER BY cid, id");
    database_.execute("CREATE INDEX temp.card_log_by_card ON card_log (card, time_ms)");
    reviews_.emplace(database_.prepare(
        "SELECT time_ms, ease, ivl, last_ivl, factor, duration_ms, type FROM card_log WHERE "
        "card = ?1 ORDER BY time_ms, rowid"));
  }

  std::vector<AnkiRevlogRow> reviews_of(std::int64_t card_id) {
    sqlite::Statement& reviews = *reviews_;
    sqlite::StatementScope scope(reviews);
    reviews.bind(1, card_id);
    std::vector<AnkiRevlogRow> rows;
    while (reviews.step()) {
      rows.push_back({.time_ms = reviews.column_int(0),
                      .ease = static_cast<int>(reviews.column_int(1)),
                      .interval = reviews.column_int(2),
                      .last_interval = reviews.column_int(3),
                      .factor = reviews.column_int(4),
                      .duration_ms = reviews.column_int(5),
                      .type = static_cast<int>(reviews.column_int(6))});
    }
    return rows;
  }

  // Columns 5 (type) to 14 (data) of the cards query. Numbers out of int's range become
  // kInvalidInput when the card's state is made (core/anki_card_state.hpp), not here.
  static AnkiScheduling scheduling_of(const sqlite::Statement& row) {
    AnkiScheduling scheduling;
    // Within int's range only, so that the refusal names the value the file has ("card type
    // 9"), not a bound of Anki's (it said "card type 4").
    const auto within_int = [](std::int64_t value) {
      return static_cast<int>(std::clamp<std::int64_t>(value, std::numeric_limits<int>::min(),
                                                       std::numeric_limits<int>::max()));
    };
    scheduling.type = within_int(row.column_int(5));
    scheduling.queue = within_int(row.column_int(3));
    scheduling.due = row.column_int(6);
    scheduling.interval_days = row.column_int(7);
    scheduling.factor = row.column_int(8);
    scheduling.reps = row.column_int(9);
    scheduling.lapses = row.column_int(10);
    scheduling.left = row.column_int(11);
    if (row.column_int(12) != 0) scheduling.original_due = row.column_int(13);
    // cards.data: "" or a JSON object; FSRS's memory when both "s" and "d" are numbers. Anything
    // else there is Anki's own business (positions, custom data) and is not read.
    boost::json::error_code error;
    const boost::json::value data = boost::json::parse(row.column_text(14), error);
    if (!error && data.is_object()) {
      const boost::json::value* stability = data.as_object().if_contains("s");
      const boost::json::value* difficulty = data.as_object().if_contains("d");
      if (stability && difficulty && stability->is_number() && difficulty->is_number()) {
        scheduling.stability = stability->to_number<double>();
        scheduling.difficulty = difficulty->to_number<double>();
      }
    }
    return scheduling;
  }

  static constexpr int kOpenFlags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX;

  static void configure(sqlite::Database& database) {
    sqlite3_create_collation_v2(database.handle(), "unicase", SQLITE_UTF8, nullptr, unicase_compare,
                                nullptr);
    // The notes and cards are walked once, in order, and the check reads each page once: a
    // page is rarely wanted twice, so a small cache reads as fast as SQLite's 2 MiB default,
    // which would hold the daemon's memory up beside the collection's own cache for the whole
    // import. 64 KiB each, as two connections read the file now: the 20,000-note package
    // imports in the same time as with 256 KiB, 0.35 MiB lower at kiokud's peak.
    database.execute("PRAGMA cache_size = -64");
  }

  std::string package_;
  bool with_history_;
  // Started first, so that it runs beside everything read through database_.
  QuickCheckBeside check_;
  sqlite::Database database_;
  std::optional<sqlite::Statement> notes_;
  std::optional<sqlite::Statement> cards_;
  std::optional<sqlite::Statement> reviews_;
  bool notes_left_ = true;
  bool cards_left_ = false;
  std::optional<std::int64_t> last_note_id_;
};

namespace {

// Runs `read`, turning what reading a collection can throw into kioku::InputError naming the
// package. With `reader` (once it holds one), a damaged file is named as such, whatever its
// damage made the reading throw: the quick_check that runs beside the reading is asked first.
template <typename Reader, typename Read>
auto read_as_input(const std::string& package, const std::unique_ptr<Reader>* reader, Read&& read) {
  try {
    try {
      return read();
    } catch (...) {
      if (reader && *reader) (*reader)->confirm_intact();
      throw;
    }
  } catch (const InputError&) {
    throw;
  } catch (const ProtobufError& error) {
    throw InputError(
        package, 0, "",
        bilingual_with("its collection holds a note type that is not Anki's protobuf: {reason}",
                       "コレクションに Anki の protobuf ではないノートタイプがあります: {reason}",
                       "reason", error.message()));
  } catch (const sqlite::SqliteError& error) {
    // SQLite's advice is for kiokud's own collection (move it aside, restore a backup) and names
    // the package's temporary copy: about a package it would mislead.
    const int primary = error.result_code() & 0xff;
    BilingualMessage reason = error.message();
    if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB) {
      reason = bilingual("it is damaged, or not an SQLite database",
                         "壊れているか、SQLite のデータベースではありません");
    } else if (primary == SQLITE_ERROR) {
      reason = bilingual("it lacks a table or column that an Anki collection has",
                         "Anki のコレクションにあるテーブルか列がありません");
    }
    throw InputError(package, 0, "",
                     BilingualMessage{
                         fill_in(kUnreadable.english, {{"reason", reason.english}}),
                         fill_in(kUnreadable.japanese, {{"reason", reason.japanese}}),
                     });
  } catch (const Error& error) {
    // A reader's words: its Japanese, when it has one, carried.
    const BilingualMessage reason = error.message();
    throw InputError(package, 0, "",
                     BilingualMessage{
                         fill_in(kUnreadable.english, {{"reason", reason.english}}),
                         fill_in(kUnreadable.japanese, {{"reason", reason.japanese}}),
                     });
  } catch (const std::exception& error) {
    throw InputError(
        package, 0, "",
        bilingual(kUnreadable.english, kUnreadable.japanese, {{"reason", error.what()}}));
  }
}

}  // namespace

AnkiCollectionFile::AnkiCollectionFile(const std::string& path, const std::string& package,
                                       bool with_history)
    : package_(package) {
  read_as_input(package_, &reader_, [&] {
    reader_ = std::make_unique<Reader>(path, package, with_history);
    reader_->read_header(collection_);
  });
}

AnkiCollectionFile::~AnkiCollectionFile() = default;

void AnkiCollectionFile::confirm_intact() {
  reader_->confirm_intact();  // throws InputError itself
}

std::int64_t AnkiCollectionFile::note_count() {
  return read_as_input(package_, &reader_, [&] { return reader_->note_count(); });
}

void AnkiCollectionFile::for_each_guid(const std::function<void(const std::string&)>& visit) {
  read_as_input(package_, &reader_, [&] { reader_->for_each_guid(visit); });
}

bool AnkiCollectionFile::next_note(AnkiNote& note) {
  // Not the check's verdict on an error: this may run on a thread of its own, which waiting for
  // the whole check would keep from stopping with an import its client has left. The caller
  // asks (confirm_intact).
  return read_as_input<Reader>(package_, nullptr, [&] { return reader_->next_note(note); });
}

void AnkiCollectionFile::interrupt() noexcept {
  reader_->interrupt();
}

AnkiCollection read_anki_collection(const std::string& path, const std::string& package,
                                    bool with_history) {
  AnkiCollectionFile file(path, package, with_history);
  AnkiNote note;
  try {
    while (file.next_note(note)) file.collection().notes.push_back(std::move(note));
  } catch (...) {
    file.confirm_intact();  // a damaged file is named as such
    throw;
  }
  file.confirm_intact();
  return std::move(file.collection());
}

}  // namespace kioku::daemon
