// The collection: the stores over one database, each owning the SQL of its concern (decks,
// cards, the due index and burial, the review log, the daily roll-ups, the statistics'
// roll-ups, meta), and the
// operations that change several of them in one write. Every statement is prepared when the
// collection opens, so a typo fails at start-up (and in the test that opens :memory:).
// Stores never begin a transaction: a request's writes go inside write() (directly, or
// through record_answer() and import_deck(), which use it), which makes them atomic and, with
// group commit, holds the request's response until they are durable.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>

#include "core/anki_answers.hpp"
#include "core/card_generation.hpp"
#include "core/day_calendar.hpp"
#include "core/deck.hpp"
#include "core/templated_note_type.hpp"
#include "core/time.hpp"
#include "core/work_progress.hpp"
#include "daemon/store/answer_record.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/card_store.hpp"
#include "daemon/store/collection_meta.hpp"
#include "daemon/store/daily_stats.hpp"
#include "daemon/store/deck_store.hpp"
#include "daemon/store/due_index.hpp"
#include "daemon/store/group_commit.hpp"
#include "daemon/store/imported_states.hpp"
#include "daemon/store/integrity.hpp"
#include "daemon/store/kept_card_snapshots.hpp"
#include "daemon/store/note_store.hpp"
#include "daemon/store/prepared_note.hpp"
#include "daemon/store/review_log.hpp"
#include "daemon/store/stats_rollups.hpp"
#include "daemon/store/stats_source.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

struct NoteSave;

struct ImportSummary {
  std::string deck;
  int added = 0;
  int updated = 0;
  int unchanged = 0;
  int not_in_file = 0;  // cards of the deck the file no longer has; kept, with their history
  int retired = 0;      // cards whose note no longer makes them: suspended, kept
  int restored = 0;     // retired cards their note makes again (a pruned note back in the file,
                        // a cloze number put back): in the queue again, with their history
  int suspended = 0;    // cards this import suspended: Anki packages, cards Anki had suspended;
                        // a TOML deck with --prune, the cards of the notes it withdrew
  int pruned = 0;       // --prune: live notes of the deck the file no longer has, withdrawn
  int media = 0;        // Anki packages: media files the package brought (new or already here)
  // --with-history: cards that took their Anki log and scheduling, and the answers logged.
  int cards_with_history = 0;
  std::int64_t imported_answers = 0;
  // Anki packages: the cards of notes left as kioku has them although the package's copy
  // differs (kioku's changed later), and of notes whose guid came earlier in the package.
  int conflicting = 0;
  int skipped = 0;
  // Anki packages: the note types kept as themselves, in the order their first note came, with
  // what of their templates kioku shows otherwise than Anki (docs/anki-templates.md).
  struct KeptNoteType {
    std::string name;
    std::vector<std::string> unknown_filters;
    std::vector<AnkiTemplateProblem> template_problems;
    std::vector<AnkiMissingField> missing_fields;
  };
  std::vector<KeptNoteType> note_types;

  // The cards the import has been through so far, saved or left as they were: what its
  // progress report counts.
  std::uint64_t cards_saved() const noexcept {
    return static_cast<std::uint64_t>(added + updated + unchanged + conflicting);
  }
  // Counts what saving one note did to its cards (added, updated, unchanged, retired, restored).
  void count(const NoteSave& save);
  // Lists a note type kept as itself.
  void note_type(const TemplatedNoteType& type);
};

// What an undo did: the answer it voided, its own entry, and the card's state now.
struct UndoneAnswer {
  StandingAnswer answer;
  std::int64_t void_id = 0;  // the revlog_voids row
  std::int64_t deck_id = 0;
  CardState state;
};

// What saving one note did: to the note and to each of its cards.
struct NoteSave {
  std::int64_t note_id = 0;
  Note note;  // as stored: canonical (core/note_canonical.hpp)
  bool note_added = false;
  bool note_changed = false;  // an existing note's content or sibling group differed
  struct Card {
    std::int64_t id = 0;
    CardChange change = CardChange::kUnchanged;
    NoteCardRow row;  // as this save wrote it
  };
  std::vector<Card> cards;            // the cards the note makes now, in generation order
  std::vector<std::int64_t> retired;  // cards it stopped making, now retired
  std::vector<std::int64_t> revived;  // retired cards it makes again
  int cards_of_note = 0;              // every card row of the note, retired ones included

  // How many of `cards` this save added, updated or left as they were.
  int count(CardChange change) const noexcept;
  // The ids of the cards made for the first time.
  std::vector<std::int64_t> added() const;
};

class Collection {
 public:
  // `database` must already be migrated to the latest schema, and outlive the collection.
  // Throws sqlite::SqliteError when a statement does not compile against it.
  explicit Collection(sqlite::Database& database);
  Collection(const Collection&) = delete;
  Collection& operator=(const Collection&) = delete;

  DeckStore& decks() noexcept { return decks_; }
  CardStore& cards() noexcept { return cards_; }
  NoteStore& notes() noexcept { return notes_; }
  NoteTypeStore& note_types() noexcept { return note_types_; }
  DueIndex& due_index() noexcept { return due_index_; }
  ReviewLog& review_log() noexcept { return review_log_; }
  ImportedStates& imported_states() noexcept { return imported_states_; }
  DailyStats& daily_stats() noexcept { return daily_stats_; }
  StatsSource& stats_source() noexcept { return stats_source_; }
  KeptCardSnapshots& kept_card_snapshots() noexcept { return kept_card_snapshots_; }
  StatsRollups& stats_rollups() noexcept { return stats_rollups_; }
  CollectionMeta& meta() noexcept { return meta_; }

  // Makes the statistics' roll-ups agree with `calendar`'s days and the process's time zone:
  // refills them from the log in one write when they were made on another calendar, or on none
  // (a collection just migrated to version 11, or whose log a tool wrote). Every answer and undo
  // then keeps them on that calendar: kiokud calls this at start and when its day start
  // changes, and answers with the same calendar. Returns whether it refilled them.
  bool use_stats_calendar(const DayCalendar& calendar);
  // Refills the statistics' roll-ups from the log on `calendar` (doctor --rebuild). For use
  // inside write().
  void refill_stats_rollups(const DayCalendar& calendar);

  // Runs several store calls as one atomic write: committed when this returns, or, with group
  // commit on, by the group's next commit (group_commit()).
  void write(const std::function<void()>& body) { group_commit_.write(body); }
  // The same, saying what it is to the commit's listeners (GroupCommit::add_listener).
  void write(const Write& what, const std::function<void()>& body) {
    group_commit_.write(what, body);
  }
  GroupCommit& group_commit() noexcept { return group_commit_; }

  // Appends the answer to the log, stores the card's new state, counts it in the day's roll-up
  // and buries the siblings it names, as one write. Returns the log row id.
  std::int64_t record_answer(const AnswerRecord& answer);
  // Reads card `card_id` and records the answer `decide` makes of it (as record_answer does),
  // in one write: the card is read inside the answer's transaction, not in one of its own
  // before it (that cost every answer about 7,000 instructions). `decide` may throw (nothing
  // is then written) or return nothing (nothing to record: an answer sent again); it gets the
  // row id the answer will have no sooner than this returns it. Throws kNotFound for an
  // unknown card.
  using AnswerDecision = std::function<std::optional<AnswerRecord>(const CardRecord& card)>;
  std::optional<std::int64_t> answer_card(std::int64_t card_id, const AnswerDecision& decide);
  // Voids the latest standing answer (of card `card_id`, or of the whole collection without
  // one) and takes it back, in one write: appends the void entry, stores the state `replay`
  // gives the card once the answer is voided (its other answers replayed), and takes the
  // answer's share out of its day's roll-up, as tally_of(that state, its rating, its duration)
  // counted it, and out of the statistics' roll-ups on `calendar`'s day. Returns nullopt, having
  // written nothing, when there is no standing answer. Siblings the answer buried stay buried
  // (docs/undo-and-suspend.md). With `expected`, the answer must be that one: any other throws
  // kioku::Error (kConflict), writing nothing.
  using ReplayAfterVoid = std::function<CardState(const CardRecord& card)>;
  std::optional<UndoneAnswer> undo_answer(std::optional<std::int64_t> card_id,
                                          std::optional<std::int64_t> expected, TimestampMs now,
                                          const DayCalendar& calendar,
                                          const ReplayAfterVoid& replay);
  // Gives card `card_id` of deck `deck_id`, which has no answer of its own, the history it had
  // in Anki (docs/anki-import.md, "History"): `answers` (anki_answers()'s, in the log's order)
  // logged as imported, counted in the daily and the statistics' roll-ups on `calendar`'s days
  // and never replayed, then `imported` (anki_card_state()'s) as the card's imported state and
  // `current` (what replay starts from: Replay::imported_start) as its state now. Returns how
  // many answers it logged. For use inside write().
  std::int64_t import_history(std::int64_t card_id, std::int64_t deck_id,
                              std::span<const AnswerRow> answers, const CardState& imported,
                              const CardState& current, TimestampMs now,
                              const DayCalendar& calendar);
  // Adds `note` to the deck, or updates the deck's note with its id, and makes its cards agree
  // with it (core/card_generation.hpp, core/card_reconciliation.hpp): kept cards keep their id
  // and history, new ones are added at `first_card_position` on, ones it no longer makes are
  // retired. For use inside write(). Throws NoteError when the note breaks a rule of its kind;
  // a deleted note stays deleted (its cards out of the queue).
  // The note's position is its first card's. The note is stamped `now` (its created_ms, and its
  // modified_ms when added or changed) but for `source_modified`: the time its source last
  // changed it (an Anki package's note), even one still to come, is its modified_ms instead, so
  // that the next import compares the file's time with that of the copy kioku has
  // (docs/anki-import.md, "Re-import"). An update takes it even when the content is the same (the
  // source changed what kioku does not keep), and stamps later than the stored modified_ms all the
  // same: note.update's check of modified_ms tells every change by it.
  NoteSave save_note(std::int64_t deck_id, const Note& note, const std::string& sibling_group,
                     std::int64_t first_card_position, TimestampMs now,
                     std::optional<TimestampMs> source_modified = std::nullopt);
  // save_note() for a note that is new to the deck, with no sibling group of its own: what
  // note.add sends. Returns with note_added false, having written nothing, when the deck has a
  // note of its id. Cheaper than save_note(): no lookup of the note or its cards before. The
  // note is taken by value: a caller done with it moves it in, and no copy is made.
  NoteSave add_note(std::int64_t deck_id, Note note, std::int64_t first_card_position,
                    TimestampMs now, std::optional<TimestampMs> source_modified = std::nullopt);
  // The same for a note prepared already (daemon/store/prepared_note.hpp): only its SQL.
  NoteSave add_note(std::int64_t deck_id, PreparedNote prepared, std::int64_t first_card_position,
                    TimestampMs now, std::optional<TimestampMs> source_modified = std::nullopt);
  // add_note() for a batch of notes new to their decks, each note's cards at its deck's next
  // position (`next_position(deck_id)`, counted on here as cards are added): their rows go in
  // with multi-row INSERTs (daemon/store/rows_insert.hpp), a few statements for 32 notes where
  // add_note() runs three for each. Stops at the first note its deck has already (or one the
  // batch holds twice): its save, with note_added false, is the last returned, and the notes
  // before it are saved, as add_note() one at a time leaves them. The notes saved and the one
  // refused are moved from `notes`; those after it are left.
  struct NoteToAdd {
    PreparedNote prepared;
    std::int64_t deck_id = 0;
    std::optional<TimestampMs> source_modified;  // as save_note() takes it
  };
  using NextPosition = std::function<std::int64_t&(std::int64_t deck_id)>;
  std::vector<NoteSave> add_notes(std::span<NoteToAdd> notes, const NextPosition& next_position,
                                  TimestampMs now);
  // Adds or updates the deck and its cards as one write: all of it lands or none. With
  // `prune`, the deck's live notes the file does not have are withdrawn in that same write
  // (prune_notes_except()). `progress` hears the cards done after each note (and may stop the
  // import by throwing WorkCancelled, which rolls it back).
  ImportSummary import_deck(Deck deck, const std::string& source, TimestampMs now,
                            bool prune = false, const ProgressReport& progress = {});
  // --prune (docs/deck-format.md, "Pruning"): retires every card not yet retired of each live
  // note of the deck whose row id `kept` does not hold, and suspends them. Nothing is deleted;
  // a later save of the note (the file has it again) revives them with their history. Counts
  // the notes withdrawn (with a card newly retired) in `summary.pruned` and those cards in
  // `summary.suspended`. For use inside write().
  void prune_notes_except(std::int64_t deck_id, const std::unordered_set<std::int64_t>& kept,
                          ImportSummary& summary);
  // Puts the collection at `source_path` (which check_restorable() passed) in place of this
  // one's contents, migrated, in one transaction (replace_collection(), restore.hpp): when it
  // throws, the collection is as it was. Commits the open group first. Not inside write().
  // `progress` as replace_collection() takes it: it may stop the restore until its very copy.
  void replace_with(const std::string& source_path, const std::string& staging_path,
                    TimestampMs now, const DayCalendar& calendar,
                    const ProgressReport& progress = {});
  // Forgets what this connection keeps of the collection's rows (card snapshots, the cards of
  // tags, note types): for a restore written through another connection, after which a kept
  // row of the same id and stamp may not be the same row.
  void forget_kept() noexcept;
  // Between two read transactions of a connection that other connections write between (a
  // kept snapshot connection): forgets the rows kept that would not know of another
  // connection's commit (note types, the cards of tags), and keeps the card snapshots, which
  // read every card again once PRAGMA data_version says another connection has committed.
  void forget_kept_but_card_snapshots() noexcept;
  // Commits the open group, then returns once no other connection holds SQLite's write lock (or
  // after the connection's busy timeout, kStorage): every write begun elsewhere before this
  // call has then landed or failed. Not inside write().
  void wait_for_other_writers();
  // How many cards, notes and answers the collection holds.
  CollectionCounts counts() { return count_collection(database_); }
  // See check_integrity() (integrity.hpp).
  IntegrityReport check_integrity(int most_problems);

 private:
  // save_note()'s and add_note()'s second half: the cards `generated` from save.note saved
  // against the note's `stored_cards`, from `first_card_position` on.
  void save_cards(NoteSave& save, std::int64_t deck_id, const std::string& sibling_group,
                  const std::string& fields_json, const std::vector<GeneratedCard>& generated,
                  const std::vector<StoredNoteCard>& stored_cards, std::int64_t first_card_position,
                  TimestampMs now);
  // record_answer's statements, inside a write.
  std::int64_t store_answer(const AnswerRecord& answer);
  // Adds (sign 1) or takes back (-1) answer `review_id` of card `card_id`, logged as `row` on
  // scheduler day `day`, in the statistics' roll-ups of `deck_id`.
  void count_in_rollups(std::int64_t deck_id, std::int64_t card_id, std::int64_t review_id,
                        const ReviewLogRow& row, std::int64_t day, int sign);

  sqlite::Database& database_;
  GroupCommit group_commit_;
  DeckStore decks_;
  CardStore cards_;
  NoteTypeStore note_types_;  // before notes_, which reads through it
  NoteStore notes_;
  DueIndex due_index_;
  ReviewLog review_log_;
  ImportedStates imported_states_;
  DailyStats daily_stats_;
  StatsSource stats_source_;
  KeptCardSnapshots kept_card_snapshots_;
  StatsRollups stats_rollups_;
  CollectionMeta meta_;
};

}  // namespace kioku::daemon
