// One write over the whole file; the reader pulls the bytes from the descriptor as rows are
// saved, so memory stays that of a few rows and SQLite's cache. The rows are read and their notes
// made ready to save on a thread of their own (ReadAhead), beside the writing of the ones before.
#include "daemon/importers/anki_text_importer.hpp"
#include "core/system_error_reason.hpp"
#include "daemon/importers/imported_note_places.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <map>
#include <optional>

#include "core/anki_note_type.hpp"
#include "core/anki_text_notes.hpp"
#include "core/anki_text_reader.hpp"
#include "core/error.hpp"
#include "daemon/importers/deck_source.hpp"
#include "daemon/importers/dry_run.hpp"
#include "daemon/importers/freed_memory.hpp"
#include "daemon/importers/notes_ahead.hpp"
#include "daemon/store/prepared_note.hpp"
#include "daemon/store/read_ahead.hpp"

namespace kioku::daemon {

namespace {

// The file's bytes from where the descriptor stands to the size it had when the import began,
// and no more: a file that another process shortens, lengthens or rewrites while it is read is
// refused (confirm_unchanged), not imported in part or with rows it did not have.
class DescriptorSource : public ByteSource {
 public:
  DescriptorSource(int descriptor, std::string name, const struct stat& at_start,
                   std::uint64_t to_read)
      : descriptor_(descriptor), name_(std::move(name)), at_start_(at_start), to_read_(to_read) {}
  std::size_t read(char* buffer, std::size_t size) override {
    size = static_cast<std::size_t>(std::min<std::uint64_t>(size, to_read_ - consumed_));
    if (size == 0) return 0;
    while (true) {
      if (stopped_.load(std::memory_order_relaxed)) throw Stopped();
      const ssize_t got = ::read(descriptor_, buffer, size);
      if (got > 0) {
        consumed_ += static_cast<std::size_t>(got);
        return static_cast<std::size_t>(got);
      }
      if (got == 0) changed();  // it ended before its size
      if (const int error = errno; error != EINTR) {
        throw InputError(
            name_, 0, "",
            bilingual_with("cannot read file: {error}", "ファイルを読めません: {error}", "error",
                           system_error_reason(error)));
      }
    }
  }
  // Bytes read so far: the share of the file done, for the progress report.
  std::size_t consumed() const noexcept { return consumed_; }
  // Makes the next read throw: the import stopped while its walk read on (ReadAhead's interrupt).
  void stop() noexcept { stopped_.store(true, std::memory_order_relaxed); }
  // Throws kioku::InputError when the file's size or modification time is no longer what it was
  // when the import began.
  void confirm_unchanged() const {
    struct stat now {};
    if (::fstat(descriptor_, &now) != 0 || now.st_size != at_start_.st_size ||
        now.st_mtim.tv_sec != at_start_.st_mtim.tv_sec ||
        now.st_mtim.tv_nsec != at_start_.st_mtim.tv_nsec) {
      changed();
    }
  }

 private:
  [[noreturn]] void changed() const {
    throw InputError(
        name_, 0, "",
        bilingual("the file changed while kioku read it (its size or modification "
                  "time: another program wrote or touched it); nothing was imported: "
                  "import it again once nothing writes it",
                  "kioku が読んでいる間にファイルが変わりました（サイズか更新日時: "
                  "別のプログラムが書き込んだか、更新日時を変えました）。何も取り込んでいません。"
                  "書き込むものがなくなってから取り込み直してください"));
  }

  struct Stopped {};

  int descriptor_;
  std::string name_;
  struct stat at_start_;
  std::uint64_t to_read_;
  std::uint64_t consumed_ = 0;
  std::atomic<bool> stopped_{false};
};

// A row as the walk's thread reads it, with its note made ready to save (prepare_new_note) from
// a copy, so that the row's own note is there for a note the deck has or one that failed to be
// made: the import's thread makes those itself, as before, and so reports their errors in their
// place. `consumed`: the file's bytes read by then, for the progress report.
struct WalkedRow {
  AnkiTextNote entry;
  std::optional<PreparedNote> prepared;
  std::uint64_t consumed = 0;
};

// How many rows the walk's thread reads ahead of the import (and at most kMostBytesAhead): the
// walk, which waits for room, is woken once for 128 rows.
constexpr std::size_t kRowsAhead = 256;

// A deck a row names: its id, and whether this import made it. A deck made here has only the
// notes earlier rows added, so a row's note is not looked for there first: it is added, and
// looked for only when that finds its id taken (ImportedNotePlaces::save). The look was 6 % of a
// 200,000-note import's time.
struct ImportedDeck {
  std::int64_t id = 0;
  bool made_here = false;
};

// The note's deck, made when no deck has the note's slug; an existing deck keeps its names.
ImportedDeck deck_for(Collection& collection, const AnkiTextNote& entry,
                      const std::string& language, const std::string& source, TimestampMs now) {
  if (const std::optional<DeckRow> existing = collection.decks().by_slug(entry.note.deck)) {
    return {.id = existing->id, .made_here = false};
  }
  Deck deck;
  deck.format = 2;
  deck.id = entry.note.deck;
  deck.languages = {language};
  deck.name = {{language, entry.deck_name}};
  return {.id = collection.decks().save(deck, source, now), .made_here = true};
}

// The live note of the row's guid that kioku keeps in a deck other than the row's, if any.
// None when the row's deck has it: the row's own deck is looked in as ever.
std::optional<StoredNote> live_note_elsewhere(Collection& collection, const AnkiTextNote& entry) {
  std::optional<StoredNote> elsewhere;
  for (StoredNote& stored : collection.notes().with_guid(entry.note.id)) {
    if (stored.note.deck == entry.note.deck) return std::nullopt;
    if (!stored.deleted_ms && !elsewhere) elsewhere = std::move(stored);
  }
  return elsewhere;
}

// The note type kept as itself a row names (docs/anki-import.md, "Note types kept as
// themselves"), or null for a stock type's name: a kept type of exactly that name when the row's
// guid is a note of it (kioku's own export of it), else when no stock type has the name (Anki's
// names and kioku's kinds, in any case: "cloze" is one).
std::shared_ptr<const TemplatedNoteType> kept_note_type(Collection& collection,
                                                        const std::string& type_name,
                                                        const std::string& guid,
                                                        ImportedNotePlaces& places,
                                                        TimestampMs now) {
  std::shared_ptr<const TemplatedNoteType> kept = collection.note_types().by_name(type_name);
  if (!kept) return nullptr;
  if (!guid.empty()) {
    // The notes read here include the ones this import added: saved first.
    places.flush(collection, now);
    for (const StoredNote& stored : collection.notes().with_guid(guid)) {
      if (!stored.deleted_ms && stored.note.note_type &&
          stored.note.note_type->name() == type_name) {
        return stored.note.note_type;
      }
    }
  }
  return kind_of_anki_note_type(type_name) ? nullptr : kept;
}

// Counts what a row's save did to its cards, and deletes those it retired that this import
// made: a later row of the note stopped making a card an earlier row made (another kind,
// a cloze number gone), so the card was made and unmade by this one import and never shown.
// Retired, it stayed out of the queue for good, which no row asked for; the note ends as its
// last row makes it, as for two rows of one kind (docs/anki-import.md, "The note's id"). A card
// from before the import (its id at most `largest_before`) is retired, as ever: it may have a
// history.
void count_row_save(Collection& collection, std::int64_t largest_before, const NoteSave& save,
                    ImportSummary& summary) {
  summary.count(save);
  for (const std::int64_t card : save.retired) {
    if (card > largest_before && collection.cards().erase_unanswered(card)) {
      // Counted added by the earlier row's save, and retired by this one's.
      --summary.added;
      --summary.retired;
    }
  }
}

}  // namespace

ImportSummary import_anki_text_descriptor(Collection& collection, int descriptor,
                                          const std::string& name, const AnkiTextOptions& options,
                                          bool dry_run, TimestampMs now,
                                          const ProgressReport& progress) {
  const FreedMemoryRelease release;
  const struct stat at_start = require_regular_file(descriptor, name);
  // Read from where the descriptor stands (the client may pass it past a header it read).
  const off_t start = ::lseek(descriptor, 0, SEEK_CUR);
  const std::uint64_t bytes =
      static_cast<std::uint64_t>(std::max<std::int64_t>(0, at_start.st_size - start));
  const double to_read = static_cast<double>(std::max<std::uint64_t>(1, bytes));
  DescriptorSource source(descriptor, name, at_start, bytes);
  ImportSummary summary;
  Write what{WriteKind::kImport};
  write_or_dry_run(collection, what, dry_run, [&] {
    // A file that changed while it was read is named as such, whatever its change made the
    // reading refuse (a row cut short, a line that is no longer there).
    try {
      AnkiTextReader reader(source, name);
      ImportedNotePlaces places;
      // Cards past it are this import's own (count_row_save).
      const std::int64_t largest_card_before = collection.cards().largest_id();
      const auto count = [&](const NoteSave& save) {
        count_row_save(collection, largest_card_before, save, summary);
      };
      AnkiTextOptions with_types = options;
      // A row may name a note type kept as itself only when the collection keeps one: finding
      // it then reads the collection, which only this thread may, so such rows are read here,
      // and made as they always were. Without one the lookup finds none whatever the name, as
      // an unset one does.
      const bool types_kept = collection.note_types().any();
      with_types.find_note_type = nullptr;
      if (types_kept) {
        with_types.find_note_type = [&](const std::string& type_name, const std::string& guid) {
          return kept_note_type(collection, type_name, guid, places, now);
        };
      }
      AnkiTextNotes notes(reader, with_types);
      const bool rows_here = types_kept && notes.rows_name_their_type();
      ReadAhead<WalkedRow> walk(
          kRowsAhead,
          [&](WalkedRow& walked) {
            if (!notes.next(walked.entry)) return false;
            walked.consumed = source.consumed();
            walked.prepared.reset();
            if (!rows_here) walked.prepared = prepare_ahead(Note(walked.entry.note));
            return true;
          },
          [&source] { source.stop(); },
          rows_here ? ReadAhead<WalkedRow>::Maker::kTakersThread
                    : ReadAhead<WalkedRow>::Maker::kOwnThread,
          {.of =
               [](const WalkedRow& walked) {
                 return held_bytes(walked.entry.note) +
                        (walked.prepared ? held_bytes(*walked.prepared) : 0);
               },
           .most = kMostBytesAhead});
      std::map<std::string, ImportedDeck> decks;  // by slug
      // The reader reads ahead of the rows: the whole file is read before its last rows are
      // saved, and 1 means done, which is told once, below.
      const auto report_progress = [&](const WalkedRow& walked) {
        progress.cards_done(WorkStage::kImporting,
                            std::min(0.999, static_cast<double>(walked.consumed) / to_read),
                            summary.cards_saved());
      };
      while (const WalkedRow* walked = walk.next()) {
        const AnkiTextNote& entry = walked->entry;
        // A guid the file gives is one note in the whole collection, as a package's is: a note
        // Anki moved to another deck since kioku has it is updated where kioku keeps it, not
        // added again in the row's deck.
        if (entry.guid_given) {
          if (std::optional<StoredNote> elsewhere = live_note_elsewhere(collection, entry)) {
            Note moved = entry.note;
            moved.deck = elsewhere->note.deck;
            try {
              count(places.save(collection, elsewhere->deck_id, moved, elsewhere->position, now));
            } catch (const NoteError& error) {
              throw InputError(name, entry.line, error.field(), error.problem_message());
            }
            report_progress(*walked);
            continue;
          }
        }
        auto deck = decks.find(entry.note.deck);
        if (deck == decks.end()) {
          deck = decks
                     .emplace(entry.note.deck,
                              deck_for(collection, entry, options.language, name, now))
                     .first;
          summary.deck += (summary.deck.empty() ? "" : ", ") + entry.note.deck;
        }
        const std::int64_t deck_id = deck->second.id;
        // A note the deck has keeps its place; a new one goes after the deck's last card.
        const std::optional<StoredNote> stored =
            deck->second.made_here ? std::nullopt : collection.notes().find(deck_id, entry.note.id);
        try {
          if (stored) {
            count(places.save(collection, deck_id, entry.note, stored->position, now));
          } else if (walked->prepared) {
            // Copied: the walk's thread frees its own memory (ReadAhead).
            places.add_later(collection, deck_id, PreparedNote(*walked->prepared), now, count);
          } else {
            places.add_later(collection, deck_id, Note(entry.note), now, count);
          }
        } catch (const NoteError& error) {
          throw InputError(name, entry.line, error.field(), error.problem_message());
        }
        report_progress(*walked);
      }
      source.confirm_unchanged();
      places.flush(collection, now);
      progress.cards_done(WorkStage::kImporting, 1.0, summary.cards_saved());
      what.deck = decks.size() == 1 ? decks.begin()->second.id : 0;
    } catch (const InputError&) {
      source.confirm_unchanged();
      throw;
    }
  });
  return summary;
}

}  // namespace kioku::daemon
