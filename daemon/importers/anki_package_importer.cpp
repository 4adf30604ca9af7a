// Unpack first (the collection into a private file, the media into temporary files beside their
// places: daemon/importers/anki_media_plan.hpp), check what can be checked before writing (the
// note types, the media), then one write that walks the notes one at a time, so that a
// package's notes never sit in memory together; a note that fails rolls the whole write back.
// The media files are linked into place after it.
#include "daemon/importers/anki_package_importer.hpp"

#include <unistd.h>

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>

#include "core/anki_html_text.hpp"
#include "core/anki_stock_note_type.hpp"
#include "core/anki_text_notes.hpp"
#include "core/bilingual_message.hpp"
#include "core/compact_string_set.hpp"
#include "core/deck_parser_text.hpp"
#include "core/error.hpp"
#include "core/fnv1a.hpp"
#include "core/language_code.hpp"
#include "core/note_canonical.hpp"
#include "core/note_type_rules.hpp"
#include "core/note_validation.hpp"
#include "core/replay.hpp"
#include "core/templated_note_type.hpp"
#include "core/work_progress.hpp"
#include "daemon/importers/anki_media_plan.hpp"
#include "daemon/importers/anki_package_reader.hpp"
#include "daemon/importers/deck_source.hpp"
#include "daemon/importers/dry_run.hpp"
#include "daemon/importers/freed_memory.hpp"
#include "daemon/importers/import_temporary_files.hpp"
#include "daemon/importers/imported_note_places.hpp"
#include "daemon/importers/notes_ahead.hpp"
#include "daemon/methods/deck_options_json.hpp"
#include "daemon/store/anki_collection_reader.hpp"
#include "daemon/store/prepared_note.hpp"
#include "daemon/store/read_ahead.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

// What validate_note accepts as an id: printable ASCII without spaces, at most kMaxNoteIdBytes.
bool is_kioku_note_id(const std::string& id) {
  if (id.empty() || id.size() > kMaxNoteIdBytes) return false;
  for (const char c : id) {
    if (c <= ' ' || c > '~') return false;
  }
  return true;
}

// `html` with each CRLF and lone CR a LF: the same HTML, as kioku keeps text.
std::string without_carriage_returns(std::string html) {
  std::string out;
  out.reserve(html.size());
  for (std::size_t at = 0; at < html.size(); ++at) {
    if (html[at] != '\r') {
      out += html[at];
    } else if (at + 1 == html.size() || html[at + 1] != '\n') {
      out += '\n';
    }
  }
  return out;
}

// Whether a new note's save is all there is to it: no history to bring, no card Anki flagged or
// suspended (each a write to its card once it is saved).
bool nothing_after_save(const AnkiNote& note, const AnkiPackageOptions& options) {
  return !options.with_history &&
         std::all_of(note.cards.begin(), note.cards.end(),
                     [](const AnkiCard& card) { return card.flag == 0 && card.queue != -1; });
}

// The language a note kioku has keeps its text in: the one it was imported in. The options'
// language is a new note's; a note built again in another would differ from itself, and its
// import report a change made in kioku that nobody made.
std::string stored_language(const Note& note, const std::string& otherwise) {
  // A key an older note.add let in (not a language code) is not carried on: the note would be
  // refused (validate_note).
  for (const NoteField& field : note.fields) {
    if (!field.text.empty() && is_language_code(field.text.begin()->first)) {
      return field.text.begin()->first;
    }
  }
  return otherwise;
}

// When the file's copy of a note last changed (Anki's notes.mod, in seconds), in ms: the note's
// modified_ms once imported, so that the next import compares the two files' times as Anki
// does (docs/anki-import.md, "Re-import"). Kept as the file has it, a time to come too (a clock
// ahead): made `now`, it was older than the file at the next import, which then overwrote an
// edit made in kioku meanwhile, every time until the clock passed it. Only what no clock gives
// is bounded: before 1970 is 0, past the year 9999 (a forged mod whose ms would overflow) is
// the year 9999.
TimestampMs anki_note_modified_ms(std::int64_t modified_s) {
  constexpr std::int64_t kLatestSeconds = 253'402'300'799;  // 9999-12-31 23:59:59 UTC
  return std::clamp<std::int64_t>(modified_s, 0, kLatestSeconds) * 1000;
}

// A note of the file as an error names it, "note GUID", and a field of it, "note GUID: front".
BilingualMessage note_place(const std::string& guid) {
  return bilingual("note {guid}", "ノート {guid}", {{"guid", guid}});
}

BilingualMessage note_field_place(const std::string& guid, const std::string& field) {
  return bilingual("note {guid}: {field}", "ノート {guid}: {field}",
                   {{"guid", guid}, {"field", field}});
}

// Refuses a note type kept as itself that kioku could not keep (core/note_type_rules.hpp: one
// with no field, a field named twice or not at all, no card template, or past the limits),
// naming it and where.
void check_own_type(const AnkiNoteType& type, const std::string& name) {
  const std::optional<NoteTypeProblem> problem = note_type_problem(type);
  if (!problem) return;
  // A deck file's key, and a card template by its name, which the user knows it by.
  const std::string key(note_type_part_key(problem->part));
  const BilingualMessage where =
      is_template_part(problem->part)
          ? bilingual("note type {type}: card template {template}: {key}",
                      "ノートタイプ {type}: カードテンプレート {template}: {key}",
                      {{"type", quoted_for_error(type.name)},
                       {"template", quoted_for_error(type.templates[problem->template_index].name)},
                       {"key", key}})
          : bilingual("note type {type}: {key}", "ノートタイプ {type}: {key}",
                      {{"type", quoted_for_error(type.name)}, {"key", key}});
  throw InputError(name, 0, 0, where, problem->problem);
}

// Gives deck `deck_id`, just made for Anki's deck `anki_deck_id`, the options of that deck's
// options group (docs/anki-import.md, "Deck options"). An option kioku refuses (a value outside
// its range) keeps kioku's default.
void set_anki_deck_options(Collection& collection, std::int64_t deck_id, const AnkiCollection& anki,
                           std::int64_t anki_deck_id) {
  const auto group_id = anki.deck_config_ids.find(anki_deck_id);
  if (group_id == anki.deck_config_ids.end()) return;
  const auto group = anki.deck_configs.find(group_id->second);
  if (group == anki.deck_configs.end()) return;
  std::string options_json = "{}";
  for (const auto& [option, value] : anki_deck_option_values(group->second, anki.fsrs)) {
    try {
      options_json = with_option(options_json, option, value);
    } catch (const Error&) {
      // Out of kioku's range: its default stays.
    }
  }
  collection.decks().set_options(
      deck_id, options_json,
      std::string(to_string(deck_options_from_json(options_json).algorithm)));
}

// Whether the card may take its Anki history: it has none of its own yet (no answer standing in
// kioku's log, no imported state), so the two cannot disagree.
bool takes_history(Collection& collection, std::int64_t card_id) {
  return collection.review_log().card_history(card_id).empty() &&
         !collection.imported_states().of(card_id);
}

// Gives the card kioku made of Anki's `card` the log and scheduling it has there, counting them
// in `summary`. A card Anki never showed (new, no answer) stays the new card kioku made.
void import_card_history(Collection& collection, const AnkiCard& card, std::int64_t card_id,
                         std::int64_t deck_id, const DeckOptions& deck_options, bool v1_scheduler,
                         const AnkiDays& days, const DayCalendar& calendar, TimestampMs now,
                         const std::string& name, const std::string& guid, ImportSummary& summary) {
  const std::vector<AnswerRow> answers = anki_answers(card.reviews, v1_scheduler);
  if (card.scheduling.type == 0 && answers.empty()) return;
  // The answers that moved the schedule (a cram answer does not, as kioku's own do not): the
  // last is the card's last review, and all make its FSRS memory (Replay::imported_start).
  std::vector<PastAnswer> scheduled;
  for (const AnswerRow& answer : answers) {
    if (!answer.row.cram) {
      scheduled.push_back({answer.row.reviewed, {answer.row.rating, std::nullopt}});
    }
  }
  CardState state;
  try {
    state = anki_card_state(card.scheduling, days, calendar,
                            scheduled.empty() ? 0 : scheduled.back().time);
  } catch (const Error& error) {
    throw InputError(name, 0, 0,
                     bilingual("note {guid}: card {card}", "ノート {guid}: カード {card}",
                               {{"guid", guid}, {"card", std::to_string(card.id)}}),
                     error.message());
  }
  // Suspension is the user's (cards.suspended_ms), which the import sets for Anki's suspended
  // cards and the user may lift: a replay must not bring it back from the imported state.
  state.suspended = false;
  // What a rebuild starts from, so that it finds nothing to change.
  const CardState current =
      Replay(deck_options, calendar).imported_start(card_id, state, scheduled);
  summary.imported_answers +=
      collection.import_history(card_id, deck_id, answers, state, current, now, calendar);
  // A card the user (or an import without history) suspended stays so.
  collection.cards().refresh_card_suspension(card_id);
  ++summary.cards_with_history;
}

// The id a kioku note of Anki's `guid` has: the guid itself when it is an id kioku keeps, else
// (a space, too long) one made from it, the same every time.
std::string kioku_note_id(const std::string& guid) {
  return is_kioku_note_id(guid) ? guid : new_note_id(fnv1a_64(guid));
}

// The name of the deck a new note goes to: its first card's deck in the file, "Default" when
// it has no card or the deck no name.
std::string new_note_deck_name(const AnkiNote& anki_note, const AnkiCollection& anki) {
  const std::int64_t anki_deck_id = anki_note.cards.empty() ? 0 : anki_note.cards.front().deck_id;
  if (const auto deck = anki.decks.find(anki_deck_id);
      deck != anki.decks.end() && !deck->second.empty()) {
    return deck->second;
  }
  return "Default";
}

// The kioku note `anki_note` becomes as a note of `kind` (of `type` when kept as itself), with
// `id`: its fields as kioku keeps them, its tags and, for a type kept as itself, the cards Anki
// made. Its deck is the caller's to set. Its fields must be as many as its type has. Pure: the
// walk's thread makes the notes of Anki's own types with it too.
Note kioku_note_of(const AnkiNote& anki_note, NoteKind kind,
                   std::shared_ptr<const TemplatedNoteType> type, const MediaPlan& media,
                   const std::string& language, std::string id) {
  Note note;
  note.kind = kind;
  note.note_type = std::move(type);
  note.fields.reserve(anki_note.fields.size());
  for (std::size_t at = 0; at < anki_note.fields.size(); ++at) {
    // A note of a type kept as itself keeps Anki's HTML, which its templates show; a carriage
    // return there is a line break's, which kioku's text rules refuse.
    std::string html = media.rewrite(anki_note.fields[at]);
    if (kind == NoteKind::kAnki) html = without_carriage_returns(std::move(html));
    std::string text = kind == NoteKind::kAnki ? std::move(html) : anki_html_to_text(html);
    // Spaces alone are an empty field, as Anki shows one: kioku's notes hold no such text.
    if (is_blank_text(text)) continue;
    NoteField& field = note.fields.emplace_back();
    field.name = kind == NoteKind::kAnki ? note.note_type->fields()[at]
                                         : std::string(note_kind_spec(kind).fields[at].name);
    field.text.emplace(language, std::move(text));
  }
  if (kind == NoteKind::kAnki) {
    // The cards Anki made stay, as in Anki, whatever its templates say of them now.
    for (const AnkiCard& card : anki_note.cards) {
      const int ordinal =
          static_cast<int>(std::clamp<std::int64_t>(card.ord, -1, kMaxTemplatedCards + 1));
      if (note.note_type->has_ordinal(ordinal)) note.kept_cards.push_back(ordinal);
    }
  }
  note.tags = anki_note.tags;
  note.id = std::move(id);
  return note;
}

// A note of the file as the walk's thread reads it, with what that thread made of it ahead of
// the import: a note of one of Anki's own types, made and prepared as a new note would be.
// Nothing else: a note of a type kept as itself, one whose fields do not fit its type, or one
// its kind refuses is made on the import's thread, where its errors are reported in order.
struct WalkedNote {
  AnkiNote anki;
  std::optional<PreparedNote> prepared;
};

// How many notes the walk's thread reads ahead of the import: enough that neither thread waits
// for the other at every note, and that the walk, which waits for room, is woken once for 64
// notes (a wake of a sleeping thread cost about 50 us on the bench's VM). 256 was no faster
// and its slots added 0.3 MiB to kiokud's peak, which issue 12 bounds.
constexpr std::size_t kNotesAhead = 128;

// About the bytes a walked note holds: the file's fields and tags, and the note made of them.
std::size_t walked_bytes(const WalkedNote& walked) {
  std::size_t bytes = sizeof walked + walked.anki.guid.size();
  for (const std::string& field : walked.anki.fields) bytes += field.size();
  for (const std::string& tag : walked.anki.tags) bytes += tag.size();
  bytes += walked.anki.cards.size() * sizeof(AnkiCard);
  return bytes + (walked.prepared ? held_bytes(*walked.prepared) : 0);
}

// What the walk's thread makes of `anki_note` (WalkedNote::prepared). Only a note the import may
// batch (nothing_after_save) whose id kioku has no live note of (`kept_ids`) is made.
std::optional<PreparedNote> prepared_ahead(
    const AnkiNote& anki_note, const std::map<std::int64_t, NoteKind>& stock_kinds,
    const std::unordered_map<std::string, std::int64_t>& kept_ids, const AnkiCollection& anki,
    const MediaPlan& media, const AnkiPackageOptions& options) {
  const auto kind = stock_kinds.find(anki_note.type_id);
  if (kind == stock_kinds.end() || !nothing_after_save(anki_note, options) ||
      anki_note.fields.size() != note_kind_spec(kind->second).fields.size()) {
    return std::nullopt;
  }
  // Whatever fails here fails again on the import's thread, which reports it in its place.
  try {
    std::string id = kioku_note_id(anki_note.guid);
    if (kept_ids.contains(id)) return std::nullopt;
    Note note =
        kioku_note_of(anki_note, kind->second, nullptr, media, options.language, std::move(id));
    note.deck = anki_deck_slug(new_note_deck_name(anki_note, anki));
    return prepare_ahead(std::move(note));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

ImportSummary import_anki_package_descriptor(Collection& collection, int descriptor,
                                             const std::string& name,
                                             const AnkiPackageOptions& options, bool dry_run,
                                             TimestampMs now, const ProgressReport& progress) {
  const FreedMemoryRelease release;
  progress.cards_done(WorkStage::kImporting, 0.0, 0);
  require_regular_file(descriptor, name);
  AnkiPackageReader package(descriptor, name);
  protocol::make_directories(options.data_directory);
  // The collection stays in its private file while the notes are walked, one at a time.
  TemporaryFile unpacked(options.data_directory, std::string(kAnkiCollectionTemporary));
  package.extract_collection(unpacked.descriptor());
  AnkiCollectionFile file(unpacked.path(), name, options.with_history);
  AnkiCollection& anki = file.collection();
  // Anki's stock types as kioku's kinds; every other type the notes use is kept as itself. Each
  // type is looked at when its first note comes (the walk is in note order), so that the file's
  // notes are not walked once more only to list their types.
  std::map<std::int64_t, NoteKind> kinds;
  const auto kind_of = [&](std::int64_t type_id, const std::string& guid) {
    if (const auto known = kinds.find(type_id); known != kinds.end()) return known->second;
    const auto type = anki.note_types.find(type_id);
    if (type == anki.note_types.end()) {
      throw InputError(name, 0, 0, note_place(guid),
                       bilingual("uses note type {type}, which the file does not have",
                                 "ファイルにないノートタイプ {type} を使っています",
                                 {{"type", std::to_string(type_id)}}));
    }
    const std::optional<NoteKind> stock = anki_stock_kind(type->second);
    if (!stock) {
      // Kept as text kioku keeps (as its deck files hold it), and checked as such.
      for (AnkiCardTemplate& entry : type->second.templates) {
        entry.question = without_carriage_returns(std::move(entry.question));
        entry.answer = without_carriage_returns(std::move(entry.answer));
      }
      type->second.css = without_carriage_returns(std::move(type->second.css));
      check_own_type(type->second, name);
    }
    return kinds.emplace(type_id, stock.value_or(NoteKind::kAnki)).first->second;
  };
  MediaPlan media(options.data_directory + "/media", name,
                  dry_run ? options.data_directory : std::string());
  media.prepare(package, package.media());

  const DayCalendar calendar(options.day_starts_at_hour);
  AnkiDays days;
  if (options.with_history) {
    try {
      days = anki_days(anki.created_seconds, now, calendar);
    } catch (const Error& error) {
      file.confirm_intact();  // a damaged file is named as such
      throw InputError(name, 0, "", error.message());
    }
  }
  ImportSummary summary;
  Write what{WriteKind::kImport};
  const auto import_notes = [&] {
    // count(*) over the file's notes: asked once.
    const auto notes_in_file = static_cast<std::size_t>(file.note_count());
    const auto note_count = static_cast<double>(notes_in_file);
    std::size_t notes_done = 0;
    std::map<std::string, std::int64_t> decks;             // by slug
    std::map<std::int64_t, DeckOptions> options_of_decks;  // by id, as read once
    ImportedNotePlaces places;
    // The types kept as themselves, saved when their first note comes.
    std::map<std::int64_t, std::shared_ptr<const TemplatedNoteType>> own_types;
    // The first note of an id in the file wins (docs/anki-import.md); a later one is skipped,
    // whatever its time says. By kioku's id: two guids that give one id are one note.
    CompactStringSet seen_ids;
    seen_ids.reserve(notes_in_file);
    // The live notes kioku has of the file's ids (a GUID is one note in the whole collection),
    // found in one walk of the notes: looked up one by one, each was a scan.
    const std::unordered_map<std::string, std::int64_t> kept_ids =
        collection.notes().oldest_live_ids([&](CompactStringSet& file_ids) {
          file_ids.reserve(notes_in_file);
          file.for_each_guid(
              [&](const std::string& guid) { file_ids.insert(kioku_note_id(guid)); });
        });
    // The kinds of Anki's own types, for the walk's thread, which must not read the types the
    // import's thread changes (kind_of).
    std::map<std::int64_t, NoteKind> stock_kinds;
    for (const auto& [type_id, type] : anki.note_types) {
      if (const std::optional<NoteKind> stock = anki_stock_kind(type)) {
        stock_kinds.emplace(type_id, *stock);
      }
    }
    // The id of the deck `slug` a new note goes to (anki_deck_slug(new_note_deck_name())): made
    // (with Anki's options) when kioku has no such deck.
    const auto deck_of_new_note = [&](const AnkiNote& anki_note, std::string slug) -> std::int64_t {
      auto known = decks.find(slug);
      if (known == decks.end()) {
        const std::string deck_name = new_note_deck_name(anki_note, anki);
        std::int64_t id = 0;
        if (const std::optional<DeckRow> existing = collection.decks().by_slug(slug)) {
          id = existing->id;
        } else {
          // As a deck file's name: a name of a MB made every line of `kioku decks` as wide.
          if (const BilingualMessage problem =
                  text_problem_message(deck_name, kDeckNameRule, bilingual("its name", "デッキ名"));
              !problem.english.empty()) {
            throw InputError(
                name, 0, 0,
                bilingual("deck {deck}", "デッキ {deck}", {{"deck", quoted_for_error(deck_name)}}),
                problem);
          }
          Deck deck;
          deck.format = 2;
          deck.id = slug;
          deck.languages = {options.language};
          deck.name = {{options.language, deck_name}};
          id = collection.decks().save(deck, name, now);
          set_anki_deck_options(collection, id, anki,
                                anki_note.cards.empty() ? 0 : anki_note.cards.front().deck_id);
        }
        known = decks.emplace(std::move(slug), id).first;
      }
      return known->second;
    };
    // A new note nothing else of the import waits on (nothing_after_save), as a Note or a
    // PreparedNote: saved with the notes after it, in a batch.
    const auto add_later = [&](std::int64_t deck_id, auto note, const AnkiNote& anki_note) {
      try {
        places.add_later(
            collection, deck_id, std::move(note), now,
            [&summary](const NoteSave& save) { summary.count(save); },
            anki_note_modified_ms(anki_note.modified_s));
      } catch (const NoteError& error) {
        throw InputError(name, 0, 0, note_field_place(anki_note.guid, error.field()),
                         error.problem_message());
      }
    };
    const auto name_deck = [&summary](const std::string& slug) {
      if (summary.deck.find(slug) == std::string::npos) {
        summary.deck += (summary.deck.empty() ? "" : ", ") + slug;
      }
    };
    ReadAhead<WalkedNote> walk(
        kNotesAhead,
        [&](WalkedNote& walked) {
          if (!file.next_note(walked.anki)) return false;
          walked.prepared =
              prepared_ahead(walked.anki, stock_kinds, kept_ids, anki, media, options);
          return true;
        },
        [&file] { file.interrupt(); }, ReadAhead<WalkedNote>::Maker::kOwnThread,
        {.of = walked_bytes, .most = kMostBytesAhead});
    while (const WalkedNote* walked = walk.next()) {
      const AnkiNote& anki_note = walked->anki;
      progress.cards_done(WorkStage::kImporting, static_cast<double>(notes_done++) / note_count,
                          summary.cards_saved());
      const std::string& guid = anki_note.guid;
      // Every note's type is checked, a skipped note's too, as the file's are.
      const NoteKind kind = kind_of(anki_note.type_id, guid);
      std::string id = kioku_note_id(anki_note.guid);
      if (!seen_ids.insert(id)) {
        summary.skipped += static_cast<int>(anki_note.cards.size());
        continue;
      }
      if (walked->prepared) {
        // Made ahead by the walk's thread, only for a note kioku has not and nothing after its
        // save waits on (prepared_ahead); copied, as that thread frees its own memory.
        const PreparedNote& prepared = *walked->prepared;
        name_deck(prepared.note.deck);
        add_later(deck_of_new_note(anki_note, prepared.note.deck), PreparedNote(prepared),
                  anki_note);
        continue;
      }
      std::optional<StoredNote> stored;
      if (const auto kept = kept_ids.find(id); kept != kept_ids.end()) {
        stored = collection.notes().note(kept->second);
      }
      std::shared_ptr<const TemplatedNoteType> own_type;
      if (kind == NoteKind::kAnki) {
        auto own = own_types.find(anki_note.type_id);
        if (own == own_types.end()) {
          own = own_types
                    .emplace(anki_note.type_id, collection.note_types().save(
                                                    anki.note_types.at(anki_note.type_id), now))
                    .first;
          summary.note_type(*own->second);
        }
        own_type = own->second;
      }
      const std::size_t field_count =
          kind == NoteKind::kAnki ? own_type->fields().size() : note_kind_spec(kind).fields.size();
      if (anki_note.fields.size() != field_count) {
        throw InputError(
            name, 0, 0, note_place(guid),
            bilingual(
                "has {count} fields where its note type has {expected}",
                "フィールドが {count} 個あります。ノートタイプのフィールドは {expected} 個です",
                {{"count", std::to_string(anki_note.fields.size())},
                 {"expected", std::to_string(field_count)}}));
      }
      Note note =
          kioku_note_of(anki_note, kind, std::move(own_type), media,
                        stored ? stored_language(stored->note, options.language) : options.language,
                        std::move(id));
      std::int64_t deck_id = 0;
      if (stored) {
        // Kept where kioku has it, even when Anki moved it since.
        deck_id = stored->deck_id;
        note.deck = stored->note.deck;
      } else {
        note.deck = anki_deck_slug(new_note_deck_name(anki_note, anki));
        deck_id = deck_of_new_note(anki_note, note.deck);
      }
      name_deck(note.deck);
      // The note's cards as kioku has them after this import, by template key: how each of
      // Anki's cards (by ord) finds the kioku card its history and suspension belong to.
      std::vector<std::pair<std::string, std::int64_t>> note_cards;
      bool saved = false;
      if (stored && anki_note_modified_ms(anki_note.modified_s) <= stored->modified_ms) {
        // Not newer than kioku's copy: left as it is; a conflict when the copies differ.
        int& left = same_note_content(note, stored->note) ? summary.unchanged : summary.conflicting;
        for (const StoredNoteCard& card : collection.cards().cards_of_note(stored->id)) {
          left += card.card.retired ? 0 : 1;
          if (!card.card.retired) note_cards.emplace_back(card.card.key, card.card.id);
        }
      } else if (!stored && nothing_after_save(anki_note, options)) {
        // Nothing below reads or writes its cards: added with the notes after it, in a batch.
        add_later(deck_id, std::move(note), anki_note);
        continue;
      } else {
        NoteSave save;
        try {
          save = places.save(collection, deck_id, note,
                             stored ? std::optional<std::int64_t>(stored->position) : std::nullopt,
                             now, anki_note_modified_ms(anki_note.modified_s));
        } catch (const NoteError& error) {
          throw InputError(name, 0, 0, note_field_place(guid, error.field()),
                           error.problem_message());
        }
        saved = true;
        summary.count(save);
        for (const NoteSave::Card& saved_card : save.cards) {
          note_cards.emplace_back(saved_card.row.template_key, saved_card.id);
        }
      }
      for (const AnkiCard& card : anki_note.cards) {
        // An ord no card of kioku's can have (past a kept type's templates or cloze numbers,
        // or out of int's range) finds no card: its history has nowhere to go.
        if (kind == NoteKind::kAnki && (card.ord < 0 || card.ord > kMaxTemplatedCards ||
                                        !note.note_type->has_ordinal(static_cast<int>(card.ord)))) {
          continue;
        }
        const std::string key =
            kind == NoteKind::kAnki
                ? templated_card_key(note.note_type->cloze(), static_cast<int>(card.ord))
                : anki_card_key(kind, card.ord);
        for (const auto& [template_key, card_id] : note_cards) {
          if (template_key != key) continue;
          if (options.with_history && takes_history(collection, card_id)) {
            auto deck_options = options_of_decks.find(deck_id);
            if (deck_options == options_of_decks.end()) {
              const std::optional<DeckRow> row = collection.decks().by_slug(note.deck);
              deck_options =
                  options_of_decks
                      .emplace(deck_id, deck_options_from_json(row ? row->options_json : "{}"))
                      .first;
            }
            import_card_history(collection, card, card_id, deck_id, deck_options->second,
                                anki.v1_scheduler, days, calendar, now, name, guid, summary);
          }
          // Anki's suspension comes with the note's content; a buried card is not kept buried
          // (a burial is for Anki's day only).
          // A flag comes with the content, as in Anki; a card without one keeps kioku's.
          if (saved && card.flag != 0) collection.cards().set_flag(card_id, card.flag);
          if (saved && card.queue == -1) {
            collection.cards().set_suspended_by_user(card_id, now);
            collection.cards().refresh_card_suspension(card_id);
            ++summary.suspended;
          }
        }
      }
    }
    places.flush(collection, now);
    progress.cards_done(WorkStage::kImporting, 1.0, summary.cards_saved());
    what.deck = decks.size() == 1 ? decks.begin()->second : 0;
  };
  write_or_dry_run(collection, what, dry_run, [&] {
    try {
      import_notes();
    } catch (const WorkCancelled&) {
      throw;  // the check is stopped, not waited for
    } catch (...) {
      // A damaged file is named as such, whatever its damage made the import refuse.
      file.confirm_intact();
      throw;
    }
    // The file's quick_check ran beside the walk: what was read is kept only if it passed.
    file.confirm_intact();
  });
  summary.media = media.media();
  if (!dry_run) media.commit();
  return summary;
}

}  // namespace kioku::daemon
