// deck.*: listing, importing and configuring decks.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "protocol/method_type.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

struct DeckListParams {
  std::optional<std::string> lang;
  static constexpr std::array kHelp{kLangHelp};
};
BOOST_DESCRIBE_STRUCT(DeckListParams, (), (lang))

struct DeckSummary {
  std::string id;
  std::string name;
  std::map<std::string, std::string> names;  // by language code
  std::string algorithm;
  std::int64_t cards = 0;
  std::int64_t due = 0;
  std::int64_t new_ = 0;
  std::int64_t learning = 0;
  std::int64_t review = 0;
};
BOOST_DESCRIBE_STRUCT(DeckSummary, (),
                      (id, name, names, algorithm, cards, due, new_, learning, review))

struct DeckListResult {
  std::vector<DeckSummary> decks;
};
BOOST_DESCRIBE_STRUCT(DeckListResult, (), (decks))

// The deck is the descriptor passed with the request (`fd` 0, named `name`), or a path.
// `format` and the Anki text options: docs/anki-import.md.
struct DeckImportParams {
  std::optional<std::int64_t> fd;
  std::optional<std::string> name;
  std::optional<std::string> path;
  std::optional<std::string> format;
  std::optional<std::string> deck;
  std::optional<std::string> kind;
  std::optional<std::vector<std::string>> columns;
  std::optional<bool> dry_run;
  std::optional<bool> prune;
  std::optional<bool> with_history;
  std::optional<std::string> lang;
  std::optional<bool> progress;
  static constexpr std::array kHelp{
      FieldHelp{"fd", "0: the deck is the file descriptor passed with this request (SCM_RIGHTS)"},
      FieldHelp{"name", "with fd: the file as the user named it"},
      FieldHelp{"path", "absolute path of a regular deck file, which kiokud opens itself"},
      FieldHelp{"format",
                "toml, anki-text or anki-package; default: by the name's extension, else by the "
                "content"},
      FieldHelp{"deck",
                "anki-text: the deck of notes without a deck column (default: #deck, "
                "else the file's name)"},
      FieldHelp{"kind", "anki-text: the kind of every note, instead of #notetype"},
      FieldHelp{"columns",
                "anki-text: what each column is (field names, tags, deck, guid, "
                "notetype, - to leave one out), instead of #columns"},
      FieldHelp{"dry_run", "true: count what the import would change, and change nothing"},
      FieldHelp{"prune",
                "toml: true withdraws the deck's notes the file no longer has (their cards "
                "suspended, never deleted); refused for Anki files"},
      FieldHelp{"with_history",
                "anki-package: true brings Anki's review log and each card's scheduling, for "
                "the cards that have no answer in kioku yet"},
      FieldHelp{"lang",
                "anki-text, anki-package: the language of the fields' text: en or ja (default en)"},
      FieldHelp{"progress", "true: hear request.progress notifications while it runs"}};
};
BOOST_DESCRIBE_STRUCT(DeckImportParams, (),
                      (fd, name, path, format, deck, kind, columns, dry_run, prune, with_history,
                       lang, progress))

// A card template's side that does not read (docs/anki-templates.md): its cards show the
// note's fields instead.
struct TemplateProblemView {
  std::string template_;  // the card template's name
  std::string side;       // "question" or "answer"
  // "section-not-closed", "wrong-section-closed", "section-not-open", "too-deep"
  std::string problem;
  std::string section;       // the section the tag names
  std::string open_section;  // wrong-section-closed: the one open there
  std::int64_t line = 0;
  std::int64_t column = 0;
};
BOOST_DESCRIBE_STRUCT(TemplateProblemView, (),
                      (template_, side, problem, section, open_section, line, column))

// A template's reference to a field its note type does not have: it shows nothing there.
struct MissingFieldView {
  std::string template_;
  std::string side;  // "question" or "answer"
  std::string tag;   // as Anki quotes it: "{{text:F}}", "{{#F}}"
};
BOOST_DESCRIBE_STRUCT(MissingFieldView, (), (template_, side, tag))

// An Anki note type an import keeps as itself, with what of its templates shows otherwise than
// in Anki: filters kioku does not know (their fields show as they are), sides that do not read,
// and references to fields the type does not have.
struct KeptNoteTypeView {
  std::string name;
  std::vector<std::string> unknown_filters;
  std::vector<TemplateProblemView> template_problems;
  std::vector<MissingFieldView> missing_fields;
};
BOOST_DESCRIBE_STRUCT(KeptNoteTypeView, (),
                      (name, unknown_filters, template_problems, missing_fields))

struct DeckImportResult {
  std::string deck;
  std::int64_t added = 0;
  std::int64_t updated = 0;
  std::int64_t unchanged = 0;
  std::int64_t not_in_file = 0;
  std::int64_t retired = 0;    // cards whose note no longer makes them: suspended, kept
  std::int64_t suspended = 0;  // cards it suspended: Anki's suspended cards; --prune's cards
  std::int64_t media = 0;      // Anki packages: media files it brought (new or already here)
  std::int64_t pruned = 0;     // --prune: notes no longer in the file, withdrawn
  std::int64_t restored = 0;   // retired cards their note makes again: back, with their history
  // with_history: cards that took their Anki log and scheduling, and the Anki answers logged
  std::int64_t cards_with_history = 0;
  std::int64_t imported_answers = 0;
  // Anki packages: cards of notes whose package copy differs from kioku's while kioku's changed
  // later (kioku's kept), and cards of notes whose guid came earlier in the package (skipped).
  std::int64_t conflicting = 0;
  std::int64_t skipped = 0;
  // Always 0 in a result: an import with any error is refused whole, with the error instead.
  std::int64_t errors = 0;
  // Anki packages: the note types kept as themselves, in the order their first note came.
  std::vector<KeptNoteTypeView> note_types;
};
BOOST_DESCRIBE_STRUCT(DeckImportResult, (),
                      (deck, added, updated, unchanged, not_in_file, retired, suspended, media,
                       pruned, restored, cards_with_history, imported_answers, conflicting, skipped,
                       errors, note_types))

struct DeckConfigParams {
  std::string deck;
  std::optional<boost::json::object> set;
  // A compare-and-set: `set` is stored only if each option named here has this value now.
  std::optional<boost::json::object> expect;
  static constexpr std::array kHelp{
      FieldHelp{"deck", "the deck's id"},
      FieldHelp{"set", "options to change: {\"name\": \"value\", ...}"},
      FieldHelp{"expect",
                "change nothing unless these options have these values now: {\"name\": "
                "\"value\", ...} (-32003 otherwise)"}};
};
BOOST_DESCRIBE_STRUCT(DeckConfigParams, (), (deck, set, expect))

// What replaying a deck's (or one deck of a rebuild's) cards from their logs changed.
struct RebuildCounts {
  std::int64_t cards = 0;
  std::int64_t changed = 0;
  std::vector<std::int64_t> changed_cards;
};
BOOST_DESCRIBE_STRUCT(RebuildCounts, (), (cards, changed, changed_cards))

struct DeckOption {
  std::string name;
  std::string value;
  std::string default_;
  std::string allowed;
  std::string help;
};
BOOST_DESCRIBE_STRUCT(DeckOption, (), (name, value, default_, allowed, help))

struct DeckConfigResult {
  std::string deck;
  Omissible<RebuildCounts> recomputed;  // only when the algorithm changed
  std::vector<std::string> changed;
  std::vector<DeckOption> options;
};
BOOST_DESCRIBE_STRUCT(DeckConfigResult, (), (deck, recomputed, changed, options))

// deck.export writes the chosen decks into the regular file passed with the request (`fd` 0):
// kiokud has the collection and the media, kioku opens the file it is to go to (docs/export.md).
struct DeckExportParams {
  std::string deck;
  std::string format;
  std::int64_t fd = 0;
  std::optional<std::string> lang;
  std::optional<bool> with_history;
  std::optional<bool> progress;
  std::optional<std::string> destination;
  static constexpr std::array kHelp{
      FieldHelp{"deck", "a deck's id or name; A::B takes its subdecks too"},
      FieldHelp{"format", "toml, tsv or apkg"},
      FieldHelp{"fd", "0: the empty regular file passed with this request (SCM_RIGHTS)"},
      FieldHelp{"destination",
                "the absolute path the client will rename the file onto; refused when it is "
                "kiokud's collection or a file kept beside it"},
      FieldHelp{"lang", "tsv, apkg: the language of the fields' text: en or ja (default en)"},
      FieldHelp{"with_history", "apkg: true writes each card's review log as Anki's revlog"},
      FieldHelp{"progress", "true: hear request.progress notifications while it runs"}};
};
BOOST_DESCRIBE_STRUCT(DeckExportParams, (),
                      (deck, format, fd, lang, with_history, progress, destination))

struct DeckExportResult {
  std::vector<std::string> decks;  // the decks written, by id
  std::int64_t notes = 0;
  std::int64_t cards = 0;
  std::int64_t media = 0;    // apkg: media files packed
  std::int64_t bytes = 0;    // written to the file
  std::int64_t reviews = 0;  // apkg with_history: revlog rows written
};
BOOST_DESCRIBE_STRUCT(DeckExportResult, (), (decks, notes, cards, media, bytes, reviews))

inline constexpr MethodType<DeckListParams, DeckListResult> kDeckList{
    "deck.list", "Lists decks with their card and due counts."};
inline constexpr MethodType<DeckImportParams, DeckImportResult> kDeckImport{
    "deck.import", "Imports a deck file (all or nothing): one passed with the request, or a path."};
inline constexpr MethodType<DeckExportParams, DeckExportResult> kDeckExport{
    "deck.export",
    "Exports a deck and its subdecks as kioku's TOML, Anki's text or an Anki package, into the "
    "file passed with the request."};
inline constexpr MethodType<DeckConfigParams, DeckConfigResult> kDeckConfig{
    "deck.config",
    "Shows a deck's options; with `set`, changes them (a new algorithm or FSRS parameters "
    "recompute the cards)."};

}  // namespace kioku::protocol
