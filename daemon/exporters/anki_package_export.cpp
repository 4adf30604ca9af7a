// The package is built in temporary files of the data directory (the collection, then the zip
// minizip writes) and copied into the passed file: minizip writes a zip to a path, and kioku's
// file is a descriptor.
#include "daemon/exporters/anki_package_export.hpp"

#include <fcntl.h>
#include <minizip/zip.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <boost/uuid/detail/sha1.hpp>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "core/anki_export_mapping.hpp"
#include "core/anki_html_text.hpp"
#include "core/anki_package_format.hpp"
#include "core/error.hpp"
#include "core/fill_in.hpp"
#include "core/system_error_reason.hpp"
#include "core/templated_note_type.hpp"
#include "core/unique_ids.hpp"
#include "daemon/exporters/export_files.hpp"
#include "daemon/importers/anki_media_plan.hpp"
#include "daemon/importers/import_temporary_files.hpp"
#include "daemon/store/anki_collection_writer.hpp"
#include "protocol/unique_fd.hpp"

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

// Below JavaScript's exact integers (2^53), which Anki's screens read ids as, with room for the
// ids taken past it.
constexpr std::int64_t kLargestAnkiId = std::int64_t{1} << 52;

// zlib's own default level: libzip's, used before, was the highest, which took 8.7 s of a
// 77,000-note package's 15 s to make its 103 MB collection 1.2 % smaller than this level does in
// 3.1 s.
constexpr int kDeflateLevel = 6;
// Files from this size get zip64's fields: 4 GiB less 256 MiB.
constexpr std::uint64_t kZip64FromBytes = 0xf0000000u;

// The file at `path` cannot be read, for errno's reason.
Error cannot_read(const std::string& path) {
  const int error = errno;
  return Error(ErrorCode::kStorage,
               bilingual_with("cannot read {path}: {reason}", "{path} を読めません: {reason}",
                              "reason", system_error_reason(error), {{"path", path}}));
}

// The package's zip, written entry by entry through minizip, with the report told every
// thousandth of the bytes its files hold (the compression takes seconds on a large deck) and
// what the report throws (a client gone) let through: minizip calls nothing back.
class PackageZip {
 public:
  PackageZip(const std::string& path, std::int64_t now_ms, std::uint64_t file_bytes,
             const ProgressReport& progress)
      : archive_(zipOpen64(path.c_str(), APPEND_STATUS_CREATE)),
        file_bytes_(file_bytes),
        progress_(progress) {
    if (archive_ == nullptr) {
      throw Error(ErrorCode::kStorage,
                  bilingual("cannot make the package in {path}", "{path} にパッケージを作れません",
                            {{"path", path}}));
    }
    const std::time_t now_s = static_cast<std::time_t>(now_ms / 1000);
    std::tm utc{};
    ::gmtime_r(&now_s, &utc);
    entry_info_.tmz_date = tm_zip{.tm_sec = static_cast<uInt>(utc.tm_sec),
                                  .tm_min = static_cast<uInt>(utc.tm_min),
                                  .tm_hour = static_cast<uInt>(utc.tm_hour),
                                  .tm_mday = static_cast<uInt>(utc.tm_mday),
                                  .tm_mon = static_cast<uInt>(utc.tm_mon),
                                  .tm_year = static_cast<uInt>(utc.tm_year + 1900)};
  }
  ~PackageZip() {
    if (archive_ != nullptr) zipClose(archive_, nullptr);
  }
  PackageZip(const PackageZip&) = delete;
  PackageZip& operator=(const PackageZip&) = delete;

  // `bytes` as a stored entry.
  void add_bytes(const std::string& name, const std::string& bytes) {
    const BilingualMessage entry = same_in_both(name);
    open_entry(entry, name, 0, 0, false);
    check(zipWriteInFileInZip(archive_, bytes.data(), static_cast<unsigned>(bytes.size())), entry);
    check(zipCloseFileInZip(archive_), entry);
  }

  // The file at `path`, deflated, read in blocks.
  void add_file(const std::string& name, const std::string& path) {
    const protocol::UniqueFd file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!file) {
      throw cannot_read(path);
    }
    struct stat info {};
    if (::fstat(file.get(), &info) != 0) {
      throw cannot_read(path);
    }
    // Zip64's fields only for an entry that may need them (older readers refuse them), with
    // room for what deflate adds to bytes it cannot make smaller (0.03 %): minizip cannot add
    // them once the entry is written.
    const BilingualMessage entry = bilingual("{name} (from {path})", "{name}（{path} から）",
                                             {{"name", name}, {"path", path}});
    open_entry(entry, name, Z_DEFLATED, kDeflateLevel,
               static_cast<std::uint64_t>(info.st_size) >= kZip64FromBytes);
    std::vector<char> block(1 << 16);
    while (true) {
      const ssize_t got = ::read(file.get(), block.data(), block.size());
      if (got < 0) {
        if (errno == EINTR) continue;
        throw cannot_read(path);
      }
      if (got == 0) break;
      check(zipWriteInFileInZip(archive_, block.data(), static_cast<unsigned>(got)), entry);
      tell(static_cast<std::uint64_t>(got));
    }
    check(zipCloseFileInZip(archive_), entry);
  }

  // Writes the central directory; the zip is whole once this returns.
  void close() {
    zipFile archive = std::exchange(archive_, nullptr);
    if (zipClose(archive, nullptr) != ZIP_OK) {
      const int error = errno;
      throw Error(ErrorCode::kStorage, bilingual_with("cannot write the package: {reason}",
                                                      "パッケージを書き込めません: {reason}",
                                                      "reason", system_error_reason(error)));
    }
    progress_(WorkStage::kWriting, 1000, 1000);
  }

 private:
  // `entry` names it in messages: its name, and the file it is made from.
  void open_entry(const BilingualMessage& entry, const std::string& name, int method, int level,
                  bool zip64) {
    check(zipOpenNewFileInZip64(archive_, name.c_str(), &entry_info_, nullptr, 0, nullptr, 0,
                                nullptr, method, level, zip64 ? 1 : 0),
          entry);
  }

  static void check(int result, const BilingualMessage& entry) {
    if (result == ZIP_OK) return;
    const BilingualMessage reason = result == ZIP_ERRNO
                                        ? system_error_reason(errno)
                                        : bilingual("zip error {code}", "zip のエラー {code}",
                                                    {{"code", std::to_string(result)}});
    // The entry's words and the reason's, each in its language.
    throw Error(
        ErrorCode::kStorage,
        BilingualMessage{fill_in("cannot write the package's entry {entry}: {reason}",
                                 {{"entry", entry.english}, {"reason", reason.english}}),
                         fill_in("パッケージのエントリ {entry} を書き込めません: {reason}",
                                 {{"entry", entry.japanese}, {"reason", reason.japanese}})});
  }

  void tell(std::uint64_t bytes) {
    written_ += bytes;
    const std::uint64_t thousandths =
        file_bytes_ == 0 ? 1000 : std::min<std::uint64_t>(written_ * 1000 / file_bytes_, 1000);
    // Every percent.
    if (thousandths >= told_ + 10) {
      told_ = thousandths;
      progress_(WorkStage::kWriting, static_cast<std::size_t>(thousandths), 1000);
    }
  }

  zipFile archive_;
  zip_fileinfo entry_info_{};
  std::uint64_t file_bytes_;
  std::uint64_t written_ = 0;
  std::uint64_t told_ = 0;
  const ProgressReport& progress_;
};

// The bytes of the files at `paths`, for the report's fraction.
std::uint64_t bytes_of(const std::vector<std::string>& paths) {
  std::uint64_t bytes = 0;
  for (const std::string& path : paths) {
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0) bytes += static_cast<std::uint64_t>(info.st_size);
  }
  return bytes;
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
    if (anki_media_name_problem(name)) continue;
    const std::string path = options.data_directory + "/media/" + name;
    if (!packable(path)) continue;
    media_map[std::to_string(media_paths.size())] = name;
    media_paths.push_back(path);
  }

  TemporaryFile package(options.data_directory, std::string(kAnkiExportPackageTemporary));
  package.close_descriptor();
  std::vector<std::string> file_paths{database.path()};
  file_paths.insert(file_paths.end(), media_paths.begin(), media_paths.end());
  {
    PackageZip archive(package.path(), options.now, bytes_of(file_paths), progress);
    archive.add_bytes("meta", std::string("\x08\x02", 2));
    archive.add_file("collection.anki21", database.path());
    archive.add_bytes("media", boost::json::serialize(media_map));
    for (std::size_t i = 0; i < media_paths.size(); ++i) {
      archive.add_file(std::to_string(i), media_paths[i]);
    }
    archive.close();
  }
  copy_file_to(package.path(), descriptor);
  return AnkiPackageWritten{.notes = static_cast<std::int64_t>(collection.notes.size()),
                            .cards = static_cast<std::int64_t>(collection.cards.size()),
                            .media = static_cast<std::int64_t>(media_paths.size()),
                            .reviews = static_cast<std::int64_t>(collection.reviews.size())};
}

}  // namespace kioku::daemon
