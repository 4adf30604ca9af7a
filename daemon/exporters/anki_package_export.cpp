// The package is built in temporary files of the data directory (the collection, then the zip
// libzip writes) and copied into the passed file: libzip writes only to a path it can rename
// onto, and kioku's file is a descriptor.
#include "daemon/exporters/anki_package_export.hpp"

#include <sys/stat.h>
#include <zip.h>

#include <algorithm>
#include <boost/json.hpp>
#include <boost/uuid/detail/sha1.hpp>
#include <exception>
#include <map>
#include <set>

#include "core/anki_export_mapping.hpp"
#include "core/anki_html_text.hpp"
#include "core/anki_package_format.hpp"
#include "core/error.hpp"
#include "core/templated_note_type.hpp"
#include "core/unique_ids.hpp"
#include "daemon/exporters/export_files.hpp"
#include "daemon/importers/anki_media_plan.hpp"
#include "daemon/importers/import_temporary_files.hpp"
#include "daemon/store/anki_collection_writer.hpp"

namespace kioku::daemon {

namespace {

// Stable ids for the five stock note types, so that a second export's notes land on the note
// types Anki made of the first (Anki matches note types by id).
constexpr std::int64_t kNoteTypeIdBase = 1'700'000'000'000;
constexpr std::int64_t kStockTypeCount = 5;
// Deck ids after Anki's Default (1).
constexpr std::int64_t kDeckIdBase = 1'700'000'001'000;
// Options group ids after Anki's Default (1): each exported deck has its own group.
constexpr std::int64_t kOptionGroupIdBase = 1'700'000'002'000;

struct TemplateText {
  const char* name;
  const char* question;
  const char* answer;
};

std::vector<TemplateText> templates_of(AnkiStockType type) {
  static constexpr const char* kBasicAnswer = "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}";
  switch (type) {
    case AnkiStockType::kBasic:
      return {{"Card 1", "{{Front}}", kBasicAnswer}};
    case AnkiStockType::kReverse:
      return {{"Card 1", "{{Front}}", kBasicAnswer},
              {"Card 2", "{{Back}}", "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}"}};
    case AnkiStockType::kOptionalReverse:
      return {{"Card 1", "{{Front}}", kBasicAnswer},
              {"Card 2", "{{#Add Reverse}}{{Back}}{{/Add Reverse}}",
               "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}"}};
    case AnkiStockType::kTyped:
      return {
          {"Card 1", "{{Front}}\n\n{{type:Back}}", "{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}"}};
    case AnkiStockType::kCloze:
      return {{"Cloze", "{{cloze:Text}}", "{{cloze:Text}}<br>\n{{Back Extra}}"}};
  }
  return {};
}

// Which templates make a card (Anki's `req`), for the standard types.
boost::json::array requirements_of(AnkiStockType type) {
  const auto req = [](int ord, const char* how, std::initializer_list<int> fields) {
    boost::json::array needed;
    for (const int field : fields) needed.emplace_back(field);
    return boost::json::array{ord, how, needed};
  };
  switch (type) {
    case AnkiStockType::kReverse:
      return {req(0, "any", {0}), req(1, "any", {1})};
    case AnkiStockType::kOptionalReverse:
      return {req(0, "any", {0}), req(1, "all", {1, 2})};
    case AnkiStockType::kCloze:
      return {};
    default:
      return {req(0, "any", {0})};
  }
}

// A note type as Anki's legacy col.models entry.
struct NoteTypeShape {
  std::int64_t id = 0;
  std::string name;
  bool cloze = false;
  std::vector<std::string> fields;
  std::vector<AnkiCardTemplate> templates;
  std::string css;
  boost::json::array requirements;
};

boost::json::object note_type_json(const NoteTypeShape& shape, std::int64_t modified_s) {
  boost::json::array fields;
  for (std::size_t ord = 0; ord < shape.fields.size(); ++ord) {
    fields.push_back(boost::json::object{{"name", shape.fields[ord]},
                                         {"ord", ord},
                                         {"sticky", false},
                                         {"rtl", false},
                                         {"font", "Arial"},
                                         {"size", 20},
                                         {"media", boost::json::array()}});
  }
  boost::json::array templates;
  std::size_t ord = 0;
  for (const AnkiCardTemplate& text : shape.templates) {
    templates.push_back(boost::json::object{{"name", text.name},
                                            {"ord", ord++},
                                            {"qfmt", text.question},
                                            {"afmt", text.answer},
                                            {"bqfmt", ""},
                                            {"bafmt", ""},
                                            {"did", nullptr},
                                            {"bfont", ""},
                                            {"bsize", 0}});
  }
  return {{"id", shape.id},
          {"name", shape.name},
          {"type", shape.cloze ? 1 : 0},
          {"mod", modified_s},
          {"usn", -1},
          {"sortf", 0},
          {"did", 1},
          {"flds", std::move(fields)},
          {"tmpls", std::move(templates)},
          {"css", shape.css},
          {"latexPre",
           "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage{amssymb,"
           "amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n"},
          {"latexPost", "\\end{document}"},
          {"latexsvg", false},
          {"req", shape.requirements},
          {"tags", boost::json::array()},
          {"vers", boost::json::array()}};
}

NoteTypeShape stock_shape(AnkiStockType type) {
  const AnkiStockTypeSpec& spec = anki_stock_type_spec(type);
  NoteTypeShape shape{.id = kNoteTypeIdBase + static_cast<std::int64_t>(type),
                      .name = std::string(spec.name),
                      .cloze = spec.cloze,
                      .fields = {spec.fields.begin(), spec.fields.end()},
                      .templates = {},
                      .css =
                          ".card {\n  font-family: arial;\n  font-size: 20px;\n  text-align: "
                          "center;\n  color: black;\n  background-color: white;\n}\n",
                      .requirements = requirements_of(type)};
  for (const TemplateText& text : templates_of(type)) {
    shape.templates.push_back({text.name, text.question, text.answer});
  }
  return shape;
}

// Anki's legacy `req` of a type kept as itself: for each template, the fields any one of which
// makes its question show ("any"), as Anki 2.1's old exporter computed it; a cloze type has
// none.
boost::json::array own_requirements(const TemplatedNoteType& type) {
  boost::json::array requirements;
  if (type.cloze()) return requirements;
  for (std::size_t ord = 0; ord < type.templates().size(); ++ord) {
    const TemplatedNoteType::Template& read = type.templates()[ord];
    boost::json::array needed;
    for (std::size_t field = 0; read.question && field < type.fields().size(); ++field) {
      AnkiCardContext one;
      for (std::size_t at = 0; at < type.fields().size(); ++at) {
        one.fields.emplace_back(type.fields()[at], at == field ? "x" : "");
      }
      if (anki_template_renders(*read.question, AnkiFieldMap(one))) needed.emplace_back(field);
    }
    const bool none = needed.empty();
    requirements.push_back(boost::json::array{ord, none ? "none" : "any", std::move(needed)});
  }
  return requirements;
}

NoteTypeShape own_shape(const TemplatedNoteType& type, std::int64_t id) {
  const AnkiNoteType& definition = type.definition();
  return NoteTypeShape{.id = id,
                       .name = definition.name,
                       .cloze = definition.cloze,
                       .fields = definition.fields,
                       .templates = definition.templates,
                       .css = definition.css,
                       .requirements = own_requirements(type)};
}

boost::json::object deck_json(std::int64_t id, const std::string& name, const std::string& text,
                              std::int64_t modified_s) {
  const boost::json::array today{0, 0};
  return {{"id", id},
          {"name", name},
          {"desc", text},
          {"dyn", 0},
          {"conf", 1},
          {"collapsed", false},
          {"browserCollapsed", false},
          {"newToday", today},
          {"revToday", today},
          {"lrnToday", today},
          {"timeToday", today},
          {"extendNew", 0},
          {"extendRev", 0},
          {"mod", modified_s},
          {"usn", -1}};
}

// Steps in seconds as Anki's minutes.
boost::json::array step_minutes(const std::vector<int>& seconds) {
  boost::json::array minutes;
  for (const int step : seconds) minutes.emplace_back(step / 60.0);
  return minutes;
}

// An options group in Anki's legacy form (what kioku's importer reads back:
// docs/anki-import.md, "Deck options") holding kioku's `options`; Anki's own defaults are
// kioku's, so a deck left on them gives Anki's default group.
boost::json::object options_group(std::int64_t id, const std::string& name,
                                  const DeckOptions& options, std::int64_t modified_s) {
  boost::json::array fsrs_parameters;
  for (const double weight : options.fsrs_weights) fsrs_parameters.emplace_back(weight);
  return {{"id", id},
          {"name", name},
          {"mod", modified_s},
          {"usn", -1},
          {"maxTaken", 60},
          {"autoplay", true},
          {"timer", 0},
          {"replayq", true},
          {"dyn", false},
          {"new",
           {{"delays", step_minutes(options.learn_steps_seconds)},
            {"ints", {options.graduating_interval_good, options.graduating_interval_easy, 0}},
            {"initialFactor", std::llround(options.initial_ease * 1000)},
            {"perDay", options.new_per_day},
            {"order", 1},
            {"bury", options.bury_new_siblings},
            {"separate", true}}},
          {"rev",
           {{"perDay", options.reviews_per_day},
            {"ease4", options.easy_multiplier},
            {"ivlFct", options.interval_multiplier},
            {"maxIvl", options.maximum_interval},
            {"hardFactor", options.hard_multiplier},
            {"fuzz", 0.05},
            {"minSpace", 1},
            {"bury", options.bury_review_siblings}}},
          {"lapse",
           {{"delays", step_minutes(options.relearn_steps_seconds)},
            {"mult", options.lapse_multiplier},
            {"minInt", options.minimum_lapse_interval},
            {"leechFails", options.leech_threshold},
            {"leechAction", options.leech_action == LeechAction::kTagOnly ? 1 : 0}}},
          {"buryInterdayLearning", options.bury_interday_learning_siblings},
          {"desiredRetention", options.desired_retention},
          {"fsrsParams6", std::move(fsrs_parameters)}};
}

// Anki's csum: the first 4 bytes of the SHA-1 of the first field's text, as a number.
std::int64_t field_checksum(const std::string& text) {
  boost::uuids::detail::sha1 sha1;
  sha1.process_bytes(text.data(), text.size());
  boost::uuids::detail::sha1::digest_type digest;
  sha1.get_digest(digest);
  return static_cast<std::int64_t>(static_cast<std::uint32_t>(digest[0]));
}

// The media a field's HTML names: `<img src="x">` (as text_to_anki_html writes it) and
// `[sound:x]`.
void add_media_names(const std::string& html, std::set<std::string>& names) {
  for (const auto& [open, close] : {std::pair<std::string_view, char>{"<img src=\"", '"'},
                                    std::pair<std::string_view, char>{"[sound:", ']'}}) {
    std::size_t at = 0;
    while ((at = html.find(open, at)) != std::string::npos) {
      at += open.size();
      const std::size_t end = html.find(close, at);
      if (end == std::string::npos) break;
      // The img name was escaped as HTML; its text is the name.
      names.insert(anki_html_to_text(html.substr(at, end - at)));
      at = end + 1;
    }
  }
}

// The images an Anki field's HTML shows, as its text conversion names them ("[image: x]").
void add_image_names(const std::string& html, std::set<std::string>& names) {
  static constexpr std::string_view kImage = "[image: ";
  const std::string text = anki_html_to_text(html);
  for (std::size_t at = text.find(kImage); at != std::string::npos; at = text.find(kImage, at)) {
    at += kImage.size();
    const std::size_t end = text.find(']', at);
    if (end == std::string::npos) break;
    names.insert(text.substr(at, end - at));
    at = end + 1;
  }
}

// Whether `path` is a regular file (not a link): a media file that can be packed.
bool packable(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

void check_zip(int result, zip_t* archive, const std::string& what) {
  if (result < 0) {
    throw Error(ErrorCode::kStorage,
                "cannot write the package's " + what + ": " + zip_strerror(archive));
  }
}

// Adds `bytes` as a stored entry (the source frees a copy it owns).
void add_bytes(zip_t* archive, const std::string& name, const std::string& bytes) {
  void* copy = std::malloc(bytes.size() > 0 ? bytes.size() : 1);
  if (copy == nullptr) throw Error(ErrorCode::kStorage, "out of memory");
  std::memcpy(copy, bytes.data(), bytes.size());
  zip_source_t* source = zip_source_buffer(archive, copy, bytes.size(), 1);
  if (source == nullptr) {
    std::free(copy);
    check_zip(-1, archive, name);
  }
  const zip_int64_t index = zip_file_add(archive, name.c_str(), source, ZIP_FL_OVERWRITE);
  if (index < 0) zip_source_free(source);
  check_zip(static_cast<int>(index), archive, name);
}

// Below JavaScript's exact integers (2^53), which Anki's screens read ids as, with room for the
// ids taken past it.
constexpr std::int64_t kLargestAnkiId = std::int64_t{1} << 52;

// zlib's own default level: libzip's is the highest, which took 8.7 s of a 77,000-note
// package's 15 s to make its 103 MB collection 1.2 % smaller than this level does in 3.1 s.
constexpr zip_uint32_t kDeflateLevel = 6;

void add_file(zip_t* archive, const std::string& name, const std::string& path) {
  zip_source_t* source = zip_source_file(archive, path.c_str(), 0, -1);
  if (source == nullptr) check_zip(-1, archive, name);
  const zip_int64_t index = zip_file_add(archive, name.c_str(), source, ZIP_FL_OVERWRITE);
  if (index < 0) zip_source_free(source);
  check_zip(static_cast<int>(index), archive, name);
  check_zip(zip_set_file_compression(archive, static_cast<zip_uint64_t>(index), ZIP_CM_DEFLATE,
                                     kDeflateLevel),
            archive, name);
}

// What libzip's callbacks share while zip_close() compresses: the report to tell, and what it
// threw (a client gone), which must not unwind through libzip's C frames.
struct CompressionProgress {
  const ProgressReport* report = nullptr;
  std::exception_ptr stopped;

  void tell(double fraction) noexcept {
    if (stopped) return;
    try {
      (*report)(WorkStage::kWriting, static_cast<std::size_t>(fraction * 1000), 1000);
    } catch (...) {
      stopped = std::current_exception();
    }
  }
};

// zip_close() with the report told how far the compression has come, and stopped (the report's
// exception rethrown) once the report throws.
void close_telling(zip_t* archive, const ProgressReport& progress) {
  CompressionProgress compression{.report = &progress, .stopped = nullptr};
  // Every percent; between them, libzip asks whether to stop at each block it copies.
  zip_register_progress_callback_with_state(
      archive, 0.01,
      [](zip_t*, double fraction, void* state) {
        static_cast<CompressionProgress*>(state)->tell(fraction);
      },
      nullptr, &compression);
  zip_register_cancel_callback_with_state(
      archive,
      [](zip_t*, void* state) -> int {
        auto* shared = static_cast<CompressionProgress*>(state);
        return shared->stopped ? 1 : 0;
      },
      nullptr, &compression);
  if (zip_close(archive) != 0) {
    const std::string reason = zip_strerror(archive);
    zip_discard(archive);
    if (compression.stopped) std::rethrow_exception(compression.stopped);
    throw Error(ErrorCode::kStorage, "cannot write the package: " + reason);
  }
}

}  // namespace

AnkiPackageWritten write_anki_package(std::span<const ExportDeck> decks,
                                      const AnkiPackageExport& options, int descriptor,
                                      const ProgressReport& progress) {
  const std::int64_t now_s = options.now / 1000;
  AnkiPackageCollection collection;
  collection.created_s = options.day_start / 1000;
  collection.modified_ms = options.now;

  boost::json::object deck_objects{{"1", deck_json(1, "Default", "", now_s)}};
  std::map<std::string, std::int64_t> deck_ids;  // by Anki name, parents included
  const auto deck_id = [&](const std::string& name, const std::string& text) {
    // Parents first: Anki's own exports list every level of a deck's name.
    for (std::size_t at = name.find("::"); at != std::string::npos; at = name.find("::", at + 2)) {
      const std::string parent = name.substr(0, at);
      if (!deck_ids.contains(parent)) {
        const std::int64_t id = kDeckIdBase + static_cast<std::int64_t>(deck_ids.size());
        deck_ids[parent] = id;
        deck_objects[std::to_string(id)] = deck_json(id, parent, "", now_s);
      }
    }
    auto [found, added] =
        deck_ids.try_emplace(name, kDeckIdBase + static_cast<std::int64_t>(deck_ids.size()));
    deck_objects[std::to_string(found->second)] = deck_json(found->second, name, text, now_s);
    return found->second;
  };

  std::set<AnkiStockType> types_used;
  // The types kept as themselves, under Anki's id for them (or the next free one, when two kept
  // types share an id: a type whose fields changed was kept twice), by key.
  std::map<std::string, std::pair<std::int64_t, const TemplatedNoteType*>> own_types;
  std::set<std::int64_t> own_type_ids;
  UniqueIds note_ids;
  UniqueIds card_ids;
  std::set<std::string> media_names;
  std::map<std::string, std::int64_t> tags;
  std::int64_t position = 0;
  // Anki's Default group for Default and the parents, and one of each deck's own options.
  boost::json::object option_groups{{"1", options_group(1, "Default", DeckOptions{}, now_s)}};
  bool every_deck_fsrs = !decks.empty();
  for (const ExportDeck& deck : decks) {
    const std::string deck_name = pick_language(deck.name, options.language);
    const std::int64_t did = deck_id(deck_name, pick_language(deck.description, options.language));
    const std::int64_t group = kOptionGroupIdBase + static_cast<std::int64_t>(option_groups.size());
    option_groups[std::to_string(group)] = options_group(group, deck_name, deck.options, now_s);
    deck_objects[std::to_string(did)].as_object()["conf"] = group;
    every_deck_fsrs = every_deck_fsrs && deck.options.algorithm == Algorithm::kFsrs;
    for (const ExportNote& exported : deck.notes) {
      const AnkiExportNote anki = anki_export_note(exported.note, options.language);
      std::int64_t type_id = 0;
      if (anki.own_type != nullptr) {
        auto own = own_types.find(anki.own_type->key());
        if (own == own_types.end()) {
          // Anki's id, unless it is a stock type's here or another kept type's; counted on
          // from there (far from int64's end, so never past it).
          std::int64_t id = anki.own_type->definition().id;
          if (id < 1 || id > (std::int64_t{1} << 62)) id = 1;
          const auto stock = [](std::int64_t at) {
            return at >= kNoteTypeIdBase && at < kNoteTypeIdBase + kStockTypeCount;
          };
          while (stock(id) || own_type_ids.count(id)) ++id;
          own_type_ids.insert(id);
          own = own_types.emplace(anki.own_type->key(), std::pair{id, anki.own_type}).first;
        }
        type_id = own->second.first;
      } else {
        types_used.insert(anki.type);
        type_id = kNoteTypeIdBase + static_cast<std::int64_t>(anki.type);
      }
      AnkiPackageNote note;
      // Anki's note and card ids are creation times in ms by convention; any unique number works.
      // A time past kLargestAnkiId (a package's own, imported) is taken as it.
      note.id = note_ids.take(std::clamp<std::int64_t>(exported.created_ms, 1, kLargestAnkiId));
      note.guid = exported.note.id;
      note.type_id = type_id;
      note.modified_s = exported.modified_ms / 1000;
      note.tags = " ";
      for (const std::string& tag : exported.note.tags) {
        note.tags += tag + " ";
        tags.emplace(tag, -1);
      }
      if (exported.note.tags.empty()) note.tags.clear();
      note.fields = anki.fields;
      note.sort_field = anki.fields.empty() ? "" : anki_html_to_text(anki.fields.front());
      note.checksum = field_checksum(note.sort_field);
      for (const std::string& field : anki.fields) add_media_names(field, media_names);
      if (anki.own_type != nullptr) {
        // Anki's own HTML names its images in any form an <img> can take.
        for (const std::string& field : anki.fields) add_image_names(field, media_names);
      }
      for (const ExportCard& exported_card : exported.cards) {
        AnkiPackageCard card;
        card.id = card_ids.take(note.id);
        card.note_id = note.id;
        card.deck_id = did;
        card.ord = anki_card_ord(exported_card.key);
        card.modified_s = note.modified_s;
        card.schedule = anki_card_schedule(exported_card.state, ++position, options.day_start);
        card.flag = exported_card.flag;
        collection.cards.push_back(card);
        if (options.with_history) {
          for (const AnkiRevlogRow& row : anki_revlog_rows(exported_card.answers)) {
            collection.reviews.push_back({.card_id = card.id, .row = row});
          }
        }
      }
      collection.notes.push_back(std::move(note));
    }
  }

  boost::json::object models;
  for (const AnkiStockType type : types_used) {
    models[std::to_string(kNoteTypeIdBase + static_cast<std::int64_t>(type))] =
        note_type_json(stock_shape(type), now_s);
  }
  for (const auto& [key, own] : own_types) {
    models[std::to_string(own.first)] = note_type_json(own_shape(*own.second, own.first), now_s);
  }
  const std::int64_t first_type =
      !types_used.empty() || own_types.empty()
          ? kNoteTypeIdBase + static_cast<std::int64_t>(types_used.empty() ? AnkiStockType::kBasic
                                                                           : *types_used.begin())
          : own_types.begin()->second.first;
  collection.models = boost::json::serialize(models);
  collection.decks = boost::json::serialize(deck_objects);
  collection.dconf = boost::json::serialize(option_groups);
  boost::json::object tag_registry;
  for (const auto& [tag, usn] : tags) tag_registry[tag] = usn;
  collection.tags = boost::json::serialize(tag_registry);
  collection.conf = boost::json::serialize(boost::json::object{{"nextPos", position + 1},
                                                               {"estTimes", true},
                                                               {"activeDecks", {1}},
                                                               {"sortType", "noteFld"},
                                                               {"timeLim", 0},
                                                               {"sortBackwards", false},
                                                               {"addToCur", true},
                                                               {"curDeck", 1},
                                                               {"newSpread", 0},
                                                               {"dueCounts", true},
                                                               {"curModel", first_type},
                                                               {"collapseTime", 1200},
                                                               {"schedVer", 2},
                                                               {"fsrs", every_deck_fsrs}});

  TemporaryFile database(options.data_directory, std::string(kAnkiExportCollectionTemporary));
  database.close_descriptor();
  write_anki_collection(database.path(), collection);

  // The media the notes name that the media folder has, numbered from 0 as Anki numbers them.
  boost::json::object media_map;
  std::vector<std::string> media_paths;
  for (const std::string& name : media_names) {
    if (!anki_media_name_problem(name).empty()) continue;
    const std::string path = options.data_directory + "/media/" + name;
    if (!packable(path)) continue;
    media_map[std::to_string(media_paths.size())] = name;
    media_paths.push_back(path);
  }

  TemporaryFile package(options.data_directory, std::string(kAnkiExportPackageTemporary));
  package.close_descriptor();
  int error = 0;
  zip_t* archive = zip_open(package.path().c_str(), ZIP_TRUNCATE, &error);
  if (archive == nullptr) {
    throw Error(ErrorCode::kStorage, "cannot make the package in " + package.path());
  }
  try {
    add_bytes(archive, "meta", std::string("\x08\x02", 2));
    add_file(archive, "collection.anki21", database.path());
    add_bytes(archive, "media", boost::json::serialize(media_map));
    for (std::size_t i = 0; i < media_paths.size(); ++i) {
      add_file(archive, std::to_string(i), media_paths[i]);
    }
  } catch (...) {
    zip_discard(archive);
    throw;
  }
  close_telling(archive, progress);
  copy_file_to(package.path(), descriptor);
  return AnkiPackageWritten{.notes = static_cast<std::int64_t>(collection.notes.size()),
                            .cards = static_cast<std::int64_t>(collection.cards.size()),
                            .media = static_cast<std::int64_t>(media_paths.size()),
                            .reviews = static_cast<std::int64_t>(collection.reviews.size())};
}

}  // namespace kioku::daemon
