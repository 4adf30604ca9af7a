// Schema 11 keeps note types and decks as JSON in the one `col` row; schema 18 in tables whose
// `config` blobs are protobuf (../shared/docs/anki-formats.md, sections 2 and 3). Either way
// only plain SELECTs over the file, opened read-only and immutable, after a quick_check.
#include "daemon/store/anki_collection_reader.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>

#include "core/anki_text_reader.hpp"
#include "core/error.hpp"
#include "core/protobuf_wire.hpp"
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

// Ids and times as Anki stores them, from JSON: a number out of int64's range (or not finite)
// reads as 0, which no real id or time is, rather than as undefined behaviour.
std::int64_t json_int(const boost::json::value* value) {
  if (value == nullptr) return 0;
  if (value->is_int64()) return value->as_int64();
  if (value->is_uint64()) {
    const std::uint64_t number = value->as_uint64();
    return number > static_cast<std::uint64_t>(INT64_MAX) ? 0 : static_cast<std::int64_t>(number);
  }
  if (value->is_double()) {
    const double number = value->as_double();
    // Both bounds exact in double: -2^63 and 2^63.
    return std::isfinite(number) && number >= -9223372036854775808.0 &&
                   number < 9223372036854775808.0
               ? static_cast<std::int64_t>(number)
               : 0;
  }
  if (value->is_string()) {
    // Third-party writers put ids in strings.
    try {
      return std::stoll(std::string(value->as_string()));
    } catch (const std::exception&) {
      return 0;
    }
  }
  return 0;
}

std::string json_string(const boost::json::object& object, const char* key) {
  const boost::json::value* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->as_string()) : std::string();
}

class Reader {
 public:
  Reader(const std::string& path, const std::string& package, bool with_history)
      : package_(package),
        with_history_(with_history),
        database_(uri_of(path), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX) {
    sqlite3_create_collation_v2(database_.handle(), "unicase", SQLITE_UTF8, nullptr,
                                unicase_compare, nullptr);
  }

  AnkiCollection read() {
    sqlite::Statement check = database_.prepare("PRAGMA quick_check");
    if (!check.step() || check.column_text(0) != "ok") {
      fail("its collection is damaged (SQLite's quick_check: " + check.column_text(0) + ")");
    }
    refuse_views();
    AnkiCollection collection;
    sqlite::Statement col =
        database_.prepare("SELECT ver, models, decks, crt, conf, dconf FROM col");
    if (!col.step()) fail("its collection has no col row");
    collection.schema = static_cast<int>(col.column_int(0));
    collection.created_seconds = col.column_int(3);
    if (collection.schema == 11) {
      read_json_types(col.column_text(1), collection);
      read_json_decks(col.column_text(2), collection);
      collection.v1_scheduler = json_scheduler_version(col.column_text(4)) == 1;
      collection.fsrs = json_fsrs(col.column_text(4));
      read_json_deck_configs(col.column_text(5), collection);
    } else if (collection.schema == 18) {
      read_table_types(collection);
      read_table_decks(collection);
      collection.v1_scheduler = table_scheduler_version() == 1;
      collection.fsrs = table_fsrs();
      read_table_deck_configs(collection);
    } else {
      fail("its collection has schema " + std::to_string(collection.schema) +
           "; kioku reads Anki's package schemas 11 and 18");
    }
    read_notes(collection);
    return collection;
  }

  // Every name read here must be a plain table: a view may run any query, an endless
  // recursive one too, on the daemon's thread, and a virtual table any module's code.
  void refuse_views() {
    sqlite::Statement schema = database_.prepare(
        "SELECT name FROM sqlite_schema WHERE name IN ('col', 'notes', 'cards', 'revlog', "
        "'notetypes', 'fields', 'templates', 'decks', 'config', 'deck_config') AND (type != "
        "'table' OR sql LIKE "
        "'CREATE VIRTUAL%')");
    if (schema.step()) {
      fail("its collection's " + schema.column_text(0) + " is not a plain table, as Anki makes it");
    }
  }

  [[noreturn]] void fail(const std::string& problem) const {
    throw InputError(package_, 0, "", problem);
  }

 private:
  boost::json::object parse_object(const std::string& text, const char* what) {
    boost::system::error_code error;
    boost::json::value value = boost::json::parse(text, error);
    if (error || !value.is_object())
      fail(std::string("its collection's ") + what + " is not a JSON object");
    return std::move(value.as_object());
  }

  void read_json_types(const std::string& text, AnkiCollection& collection) {
    for (const auto& [key, value] : parse_object(text, "note types (col.models)")) {
      if (!value.is_object()) fail("its collection has a note type that is not a JSON object");
      const boost::json::object& model = value.as_object();
      AnkiNoteType type;
      type.id = model.contains("id") ? json_int(model.if_contains("id")) : json_int(nullptr);
      if (type.id == 0) {
        try {
          type.id = std::stoll(std::string(key));
        } catch (const std::exception&) {
          fail("its collection has a note type without an id");
        }
      }
      type.name = json_string(model, "name");
      type.cloze = json_int(model.if_contains("type")) == 1;
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
    const std::int64_t number = json_int(version);
    return number == 0 ? 1 : number;
  }

  static std::int64_t json_scheduler_version(const std::string& conf) {
    boost::system::error_code error;
    const boost::json::value value = boost::json::parse(conf, error);
    if (error || !value.is_object()) return 1;
    return scheduler_version_of(value.as_object().if_contains("schedVer"));
  }

  std::int64_t table_scheduler_version() {
    sqlite::Statement exists =
        database_.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'config' AND type = 'table'");
    if (!exists.step()) return 1;
    sqlite::Statement config = database_.prepare("SELECT val FROM config WHERE KEY = 'schedVer'");
    if (!config.step()) return 1;
    boost::system::error_code error;
    const boost::json::value value = boost::json::parse(config.column_text(0), error);
    return error ? 1 : scheduler_version_of(&value);
  }

  static bool json_fsrs(const std::string& conf) {
    boost::system::error_code error;
    const boost::json::value value = boost::json::parse(conf, error);
    if (error || !value.is_object()) return false;
    const boost::json::value* fsrs = value.as_object().if_contains("fsrs");
    return fsrs != nullptr && fsrs->is_bool() && fsrs->as_bool();
  }

  bool table_fsrs() {
    if (!has_table("config")) return false;
    sqlite::Statement config = database_.prepare("SELECT val FROM config WHERE KEY = 'fsrs'");
    return config.step() && config.column_text(0) == "true";
  }

  bool has_table(const char* name) {
    sqlite::Statement exists =
        database_.prepare("SELECT 1 FROM sqlite_schema WHERE name = ?1 AND type = 'table'");
    exists.bind(1, std::string(name));
    return exists.step();
  }

  // Numbers of a JSON array (steps, FSRS parameters); anything else in it is left out.
  static std::vector<double> json_numbers(const boost::json::value* value) {
    std::vector<double> numbers;
    if (value == nullptr || !value->is_array()) return numbers;
    for (const boost::json::value& entry : value->as_array()) {
      if (entry.is_number()) numbers.push_back(entry.to_number<double>());
    }
    return numbers;
  }

  static double json_double(const boost::json::object& object, const char* key, double fallback) {
    const boost::json::value* value = object.if_contains(key);
    if (value == nullptr || !value->is_number()) return fallback;
    const double number = value->to_number<double>();
    return std::isfinite(number) ? number : fallback;
  }

  static std::int64_t json_integer(const boost::json::object& object, const char* key,
                                   std::int64_t fallback) {
    const boost::json::value* value = object.if_contains(key);
    return value != nullptr && value->is_number() ? json_int(value) : fallback;
  }

  static bool json_bool(const boost::json::object& object, const char* key) {
    const boost::json::value* value = object.if_contains(key);
    return value != nullptr && value->is_bool() && value->as_bool();
  }

  static const boost::json::object& json_section(const boost::json::object& object,
                                                 const char* key) {
    static const boost::json::object empty;
    const boost::json::value* value = object.if_contains(key);
    return value != nullptr && value->is_object() ? value->as_object() : empty;
  }

  // col.dconf: the legacy options groups (anki-formats.md, 2.1). A group kioku cannot read is
  // left out: its decks keep kioku's defaults.
  void read_json_deck_configs(const std::string& text, AnkiCollection& collection) {
    boost::system::error_code error;
    const boost::json::value value = boost::json::parse(text, error);
    if (error || !value.is_object()) return;
    for (const auto& [key, entry] : value.as_object()) {
      if (!entry.is_object()) continue;
      const boost::json::object& group = entry.as_object();
      const boost::json::object& learning = json_section(group, "new");
      const boost::json::object& reviews = json_section(group, "rev");
      const boost::json::object& lapses = json_section(group, "lapse");
      AnkiDeckConfig config;
      if (const auto* delays = learning.if_contains("delays")) {
        config.learn_steps_minutes = json_numbers(delays);
      }
      if (const auto* delays = lapses.if_contains("delays")) {
        config.relearn_steps_minutes = json_numbers(delays);
      }
      const std::vector<double> intervals = json_numbers(learning.if_contains("ints"));
      if (intervals.size() >= 2) {
        config.graduating_interval_good = std::llround(intervals[0]);
        config.graduating_interval_easy = std::llround(intervals[1]);
      }
      config.new_per_day = json_integer(learning, "perDay", config.new_per_day);
      config.initial_ease = json_double(learning, "initialFactor", 2500.0) / 1000.0;
      config.bury_new = json_bool(learning, "bury");
      config.reviews_per_day = json_integer(reviews, "perDay", config.reviews_per_day);
      config.easy_multiplier = json_double(reviews, "ease4", config.easy_multiplier);
      config.interval_multiplier = json_double(reviews, "ivlFct", config.interval_multiplier);
      config.hard_multiplier = json_double(reviews, "hardFactor", config.hard_multiplier);
      config.maximum_interval = json_integer(reviews, "maxIvl", config.maximum_interval);
      config.bury_reviews = json_bool(reviews, "bury");
      config.lapse_multiplier = json_double(lapses, "mult", config.lapse_multiplier);
      config.minimum_lapse_interval = json_integer(lapses, "minInt", 1);
      config.leech_threshold = json_integer(lapses, "leechFails", config.leech_threshold);
      config.leech_tag_only = json_integer(lapses, "leechAction", 0) == 1;
      config.bury_interday_learning = json_bool(group, "buryInterdayLearning");
      config.desired_retention = json_double(group, "desiredRetention", 0.9);
      for (const char* name : {"fsrsParams6", "fsrsParams5", "fsrsWeights"}) {
        config.fsrs_parameters = json_numbers(group.if_contains(name));
        if (!config.fsrs_parameters.empty()) break;
      }
      std::int64_t id = json_int(group.if_contains("id"));
      if (id == 0) {
        try {
          id = std::stoll(std::string(key));
        } catch (const std::exception&) {
          continue;
        }
      }
      collection.deck_configs[id] = std::move(config);
    }
  }

  // A packed (or single) float field's values.
  static void append_floats(const ProtobufField& field, std::vector<double>& values) {
    const auto as_float = [](std::uint32_t bits) {
      float number = 0;
      std::memcpy(&number, &bits, sizeof number);
      return static_cast<double>(number);
    };
    if (field.wire_type == 5) {
      values.push_back(as_float(static_cast<std::uint32_t>(field.value)));
    } else if (field.wire_type == 2) {
      for (std::size_t at = 0; at + 4 <= field.bytes.size(); at += 4) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, field.bytes.data() + at, sizeof bits);  // little-endian, as x86's
        values.push_back(as_float(bits));
      }
    }
  }

  static double float_of(const ProtobufField& field, double fallback) {
    if (field.wire_type != 5) return fallback;
    std::vector<double> value;
    append_floats(field, value);
    return std::isfinite(value.front()) ? value.front() : fallback;
  }

  // Schema 18's deck_config rows (DeckConfig.Config, anki/deck_config.proto) and each normal
  // deck's group (decks.kind: Deck.KindContainer, normal = 1, its config_id = 1).
  void read_table_deck_configs(AnkiCollection& collection) {
    if (!has_table("deck_config")) return;
    sqlite::Statement groups = database_.prepare("SELECT id, config FROM deck_config");
    while (groups.step()) {
      const std::string blob = groups.column_text(1);  // the reader keeps a view of it
      ProtobufReader reader(blob);
      ProtobufField field;
      AnkiDeckConfig config;
      std::vector<double> learn, relearn, fsrs4, fsrs5, fsrs6;
      bool learn_seen = false, relearn_seen = false;
      // proto3 leaves a zero out: an absent number is 0, except where Anki's own reading
      // (rslib's deckconfig) puts its default in place of 0.
      config.new_per_day = 0;
      config.reviews_per_day = 0;
      config.leech_threshold = 0;
      while (reader.next(field)) {
        const auto integer = static_cast<std::int64_t>(
            std::min<std::uint64_t>(field.value, static_cast<std::uint64_t>(INT32_MAX)));
        switch (field.number) {
          case 1:
            learn_seen = true;
            append_floats(field, learn);
            break;
          case 2:
            relearn_seen = true;
            append_floats(field, relearn);
            break;
          case 3:
            append_floats(field, fsrs4);
            break;
          case 5:
            append_floats(field, fsrs5);
            break;
          case 6:
            append_floats(field, fsrs6);
            break;
          case 9:
            config.new_per_day = integer;
            break;
          case 10:
            config.reviews_per_day = integer;
            break;
          case 11:
            config.initial_ease = float_of(field, config.initial_ease);
            break;
          case 12:
            config.easy_multiplier = float_of(field, config.easy_multiplier);
            break;
          case 13:
            config.hard_multiplier = float_of(field, config.hard_multiplier);
            break;
          case 14:
            config.lapse_multiplier = float_of(field, config.lapse_multiplier);
            break;
          case 15:
            config.interval_multiplier = float_of(field, config.interval_multiplier);
            break;
          case 16:
            config.maximum_interval = integer;
            break;
          case 17:
            config.minimum_lapse_interval = integer;
            break;
          case 18:
            config.graduating_interval_good = integer;
            break;
          case 19:
            config.graduating_interval_easy = integer;
            break;
          case 21:
            config.leech_tag_only = field.value == 1;
            break;
          case 22:
            config.leech_threshold = integer;
            break;
          case 27:
            config.bury_new = field.value != 0;
            break;
          case 28:
            config.bury_reviews = field.value != 0;
            break;
          case 29:
            config.bury_interday_learning = field.value != 0;
            break;
          case 37:
            config.desired_retention = float_of(field, config.desired_retention);
            break;
          default:
            break;
        }
      }
      config.learn_steps_minutes = learn_seen ? learn : std::vector<double>{};
      config.relearn_steps_minutes = relearn_seen ? relearn : std::vector<double>{};
      config.fsrs_parameters = !fsrs6.empty() ? fsrs6 : !fsrs5.empty() ? fsrs5 : fsrs4;
      collection.deck_configs[groups.column_int(0)] = std::move(config);
    }
    sqlite::Statement decks = database_.prepare("SELECT id, kind FROM decks");
    while (decks.step()) {
      const std::string kind = decks.column_text(1);
      ProtobufReader reader(kind);
      ProtobufField field;
      while (reader.next(field)) {
        if (field.number != 1 || field.wire_type != 2) continue;  // a filtered deck: none
        ProtobufReader normal(field.bytes);
        ProtobufField inner;
        while (normal.next(inner)) {
          if (inner.number == 1 && inner.wire_type == 0) {
            collection.deck_config_ids[decks.column_int(0)] =
                static_cast<std::int64_t>(inner.value);
          }
        }
      }
    }
  }

  void read_json_decks(const std::string& text, AnkiCollection& collection) {
    for (const auto& [key, value] : parse_object(text, "decks (col.decks)")) {
      if (!value.is_object()) continue;
      std::int64_t id = json_int(value.as_object().if_contains("id"));
      if (id == 0) {
        try {
          id = std::stoll(std::string(key));
        } catch (const std::exception&) {
          continue;
        }
      }
      collection.decks[id] = json_string(value.as_object(), "name");
      // A filtered deck ("dyn": 1) has no options group of its own.
      if (json_integer(value.as_object(), "dyn", 0) == 0) {
        if (const auto* conf = value.as_object().if_contains("conf"); conf && conf->is_number()) {
          collection.deck_config_ids[id] = json_int(conf);
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

  void read_notes(AnkiCollection& collection) {
    std::map<std::int64_t, std::size_t> index;  // note id -> position in collection.notes
    sqlite::Statement notes =
        database_.prepare("SELECT id, guid, mid, mod, flds, tags FROM notes ORDER BY id");
    while (notes.step()) {
      AnkiNote note;
      note.guid = notes.column_text(1);
      note.type_id = notes.column_int(2);
      note.modified_s = notes.column_int(3);
      std::optional<std::vector<std::string>> fields = split_fields(notes.column_text(4));
      if (!fields) {
        fail("its note " + std::to_string(notes.column_int(0)) + " has more than " +
             std::to_string(kMostFields) + " fields");
      }
      note.fields = std::move(*fields);
      note.tags = split_anki_tags(notes.column_text(5));
      index[notes.column_int(0)] = collection.notes.size();
      collection.notes.push_back(std::move(note));
    }
    sqlite::Statement cards = database_.prepare(
        "SELECT nid, CASE WHEN odid != 0 THEN odid ELSE did END, ord, queue, id, type, due, ivl, "
        "factor, reps, lapses, left, odid, odue, data FROM cards ORDER BY nid, ord");
    // Where each card went, for its log: (note, card) by the card's id.
    std::map<std::int64_t, std::pair<std::size_t, std::size_t>> card_places;
    while (cards.step()) {
      const auto note = index.find(cards.column_int(0));
      if (note == index.end()) continue;  // a card without its note: Anki's check drops it too
      std::vector<AnkiCard>& note_cards = collection.notes[note->second].cards;
      AnkiCard& card = note_cards.emplace_back();
      card.deck_id = cards.column_int(1);
      card.ord = cards.column_int(2);
      card.queue = cards.column_int(3);
      card.id = cards.column_int(4);
      card.scheduling = scheduling_of(cards);
      if (with_history_) card_places[card.id] = {note->second, note_cards.size() - 1};
    }
    if (!with_history_) return;
    sqlite::Statement reviews = database_.prepare(
        "SELECT cid, id, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY cid, id");
    while (reviews.step()) {
      const auto place = card_places.find(reviews.column_int(0));
      if (place == card_places.end()) continue;  // the log of a card that is gone: no card's
      collection.notes[place->second.first].cards[place->second.second].reviews.push_back(
          {.time_ms = reviews.column_int(1),
           .ease = static_cast<int>(reviews.column_int(2)),
           .interval = reviews.column_int(3),
           .last_interval = reviews.column_int(4),
           .factor = reviews.column_int(5),
           .duration_ms = reviews.column_int(6),
           .type = static_cast<int>(reviews.column_int(7))});
    }
    // By time whatever the file's columns hold: a revlog whose id is not the integer key Anki
    // makes it (text sorts "10" before "9") must not put a card's answers out of order.
    for (const auto& [card_id, place] : card_places) {
      std::vector<AnkiRevlogRow>& card_reviews =
          collection.notes[place.first].cards[place.second].reviews;
      std::stable_sort(
          card_reviews.begin(), card_reviews.end(),
          [](const AnkiRevlogRow& a, const AnkiRevlogRow& b) { return a.time_ms < b.time_ms; });
    }
  }

  // Columns 5 (type) to 14 (data) of the cards query. Numbers out of int's range become
  // kInvalidInput when the card's state is made (core/anki_card_state.hpp), not here.
  static AnkiScheduling scheduling_of(const sqlite::Statement& row) {
    AnkiScheduling scheduling;
    scheduling.type = static_cast<int>(std::clamp<std::int64_t>(row.column_int(5), -1, 4));
    scheduling.queue = static_cast<int>(std::clamp<std::int64_t>(row.column_int(3), -4, 5));
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

  std::string package_;
  bool with_history_;
  sqlite::Database database_;
};

}  // namespace

AnkiCollection read_anki_collection(const std::string& path, const std::string& package,
                                    bool with_history) {
  try {
    Reader reader(path, package, with_history);
    return reader.read();
  } catch (const InputError&) {
    throw;
  } catch (const ProtobufError& error) {
    throw InputError(package, 0, "",
                     std::string("its collection holds a note type that is not Anki's protobuf: ") +
                         error.what());
  } catch (const std::exception& error) {
    throw InputError(
        package, 0, "",
        std::string("its collection cannot be read as an Anki collection: ") + error.what());
  }
}

}  // namespace kioku::daemon
