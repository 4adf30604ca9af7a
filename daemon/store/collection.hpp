// The collection: the only code that knows kioku's SQL. Every statement is prepared when the
// collection opens, so a typo fails at start-up (and in the test that opens :memory:).
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/card_state.hpp"
#include "core/deck.hpp"
#include "core/rating.hpp"
#include "daemon/store/group_commit.hpp"
#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

struct DeckRow {
  std::int64_t id = 0;
  std::string slug;
  LocalizedText name;
  std::string algorithm;
  std::string options_json;
};

struct CardRecord {
  std::int64_t id = 0;
  std::int64_t deck_id = 0;
  std::string deck_slug;
  std::string external_id;
  std::string kind;
  std::string content_json;
  std::string tags;
  std::string note;  // '' when the card is a note of its own (no siblings)
  CardState state;
  std::int64_t buried_until_day = 0;  // buried while today < this; 0: not buried
  std::string deck_options_json;      // the options of the card's deck, which schedule its answers
};

struct ImportSummary {
  std::string deck;
  int added = 0;
  int updated = 0;
  int unchanged = 0;
  int not_in_file = 0;  // cards of the deck the file no longer has; kept, with their history
};

// Which siblings (cards of the same note) an answer buries until the next day, from the
// deck's bury_*_siblings options.
struct SiblingBurial {
  bool new_cards = false;
  bool reviews = false;
  bool interday_learning = false;
  bool any() const { return new_cards || reviews || interday_learning; }
};

// One answer, as appended to the review log.
struct AnswerRecord {
  std::int64_t card_id = 0;
  std::int64_t deck_id = 0;
  TimestampMs reviewed = 0;
  std::int64_t day = 0;
  Rating rating = Rating::kGood;
  std::optional<bool> correct;
  std::optional<int> chosen;
  CardState before;
  CardState after;
  std::int64_t duration_ms = 0;
  std::string scheduler;
  std::optional<int> quality;            // classic SM-2 answers given as a quality 0-5
  SiblingBurial bury_siblings;           // buried until day + 1 in the answer's transaction
  std::optional<std::string> answer_id;  // the client's name for the answer, unique in the log
};

// An answer already in the log, found by its answer_id.
struct RecordedAnswer {
  std::int64_t review_id = 0;
  std::int64_t card_id = 0;
  Rating rating = Rating::kGood;
  std::optional<bool> correct;
};

// One answer as the review log keeps it, enough to replay the card's schedule.
struct LoggedAnswer {
  TimestampMs reviewed = 0;
  Rating rating = Rating::kGood;
  std::optional<int> quality;
};

// Answers of the log stamped later than some instant: given while the clock was ahead.
struct FutureAnswers {
  std::int64_t count = 0;
  TimestampMs latest = 0;  // the latest of their times; 0 when there are none
};

// What one day's roll-up holds, for one deck or all of them.
struct DayTally {
  std::int64_t reviews = 0;
  std::int64_t correct = 0;
  std::int64_t new_cards = 0;
  std::int64_t review_answers = 0;    // answers to cards that were in the review phase
  std::int64_t interday_answers = 0;  // answers to interday learning cards
  std::int64_t duration_ms = 0;
};

// A card found by a due query, with the due time the query ordered it by.
struct DueCard {
  std::int64_t id = 0;
  TimestampMs due = 0;
};

// Which due cards a query is about: learning and relearning cards due today (intraday) or
// whose step crossed a day start (interday), or review cards.
enum class DueGroup { kIntradayLearning, kInterdayLearning, kReview };

class Collection {
 public:
  // `database` must already be migrated to the latest schema.
  explicit Collection(sqlite::Database& database);

  std::vector<DeckRow> decks();
  std::optional<DeckRow> deck_by_slug(const std::string& slug);
  // The deck a request names; throws kioku::Error (kNotFound) when there is none.
  DeckRow require_deck(const std::string& slug);
  std::int64_t card_count();
  // Walks the deck's index entries: for listings, not for every request.
  std::int64_t deck_card_count(std::int64_t deck_id);

  // Adds or updates the deck and its cards as one write: all of it lands or none.
  ImportSummary import_deck(const Deck& deck, const std::string& source, TimestampMs now);

  // Throws kioku::Error (kNotFound) when there is no such card.
  CardRecord card(std::int64_t card_id);

  // Every query about what is due leaves out suspended cards and cards buried on `today`.
  // Due cards of `group` in `deck_id` with due <= `due_before`, counted up to `limit`.
  std::int64_t count_due(std::int64_t deck_id, DueGroup group, TimestampMs due_before,
                         std::int64_t today, std::int64_t limit);
  // The earliest-due such card: its id and due time.
  std::optional<DueCard> first_due(std::int64_t deck_id, DueGroup group, TimestampMs due_before,
                                   std::int64_t today);
  // New cards of `deck_id`, counted up to `limit`.
  std::int64_t count_new(std::int64_t deck_id, std::int64_t today, std::int64_t limit);
  // The first of them in deck order.
  std::optional<std::int64_t> first_new(std::int64_t deck_id, std::int64_t today);
  // The earliest due time of any card of `deck_id` that is not new or suspended; a card buried
  // on `today` counts as due no earlier than `tomorrow_start`, when it comes back.
  std::optional<TimestampMs> next_due(std::int64_t deck_id, std::int64_t today,
                                      TimestampMs tomorrow_start);

  // Buries the card until the start of day `until_day`. Throws kNotFound for no such card.
  void bury(std::int64_t card_id, std::int64_t until_day);
  // Unburies every buried card of `deck_id` (all decks when nullopt); returns how many.
  std::int64_t unbury(std::optional<std::int64_t> deck_id);
  // SQLite's integrity check, at most `most_problems` problems: one line each, none when the
  // collection is sound. Throws sqlite::SqliteError when the damage stops the check itself.
  std::vector<std::string> integrity_check(int most_problems);

  // Appends the answer to the log, stores the new state and updates the day's roll-up, as one
  // write (see write()). Returns the log row id.
  std::int64_t record_answer(const AnswerRecord& answer);
  // The answer logged under `answer_id`, committed or still in the group's open transaction.
  std::optional<RecordedAnswer> answer_by_id(const std::string& answer_id);

  // Replaces a card's scheduling state (a replay's result; the log is not touched).
  void write_state(std::int64_t card_id, const CardState& state);
  void set_deck_options(std::int64_t deck_id, const std::string& options_json,
                        const std::string& algorithm);
  std::vector<std::int64_t> deck_card_ids(std::int64_t deck_id);
  // The card's answers in the order they were given (the log's insertion order), even where
  // their times go backwards.
  std::vector<LoggedAnswer> card_history(std::int64_t card_id);
  // The log's answers stamped after `now` (an index range scan of the log's times).
  FutureAnswers future_answers(TimestampMs now);

  DayTally tally(std::int64_t day);
  // Each deck's roll-up for `day`, by deck id; a deck with no answers that day has none.
  std::unordered_map<std::int64_t, DayTally> deck_tallies(std::int64_t day);
  // Consecutive days with at least one review, ending today (or yesterday if none yet today).
  std::int64_t streak_days(std::int64_t today);
  std::int64_t review_count();

  std::optional<std::string> meta(const std::string& key);
  // Runs several collection calls as one atomic write: committed when this returns, or, with
  // group commit on, by the group's next commit (group_commit()).
  void write(const std::function<void()>& body) { group_commit_.write(body); }
  GroupCommit& group_commit() noexcept { return group_commit_; }
  void set_meta(const std::string& key, const std::string& value);

 private:
  void import_deck_rows(const Deck& deck, const std::string& source, TimestampMs now,
                        ImportSummary& summary);
  std::int64_t append_answer(const AnswerRecord& answer);

  sqlite::Database& database_;
  GroupCommit group_commit_;
  sqlite::Statement select_decks_;
  sqlite::Statement select_deck_by_slug_;
  sqlite::Statement count_cards_;
  sqlite::Statement insert_deck_;
  sqlite::Statement update_deck_;
  sqlite::Statement select_card_by_external_id_;
  sqlite::Statement insert_card_;
  sqlite::Statement update_card_content_;
  sqlite::Statement update_card_position_;
  sqlite::Statement insert_card_state_;
  sqlite::Statement count_deck_cards_;
  sqlite::Statement select_card_;
  sqlite::Statement count_due_learning_;
  sqlite::Statement count_due_review_;
  sqlite::Statement first_due_learning_;
  sqlite::Statement first_due_review_;
  sqlite::Statement count_new_;
  sqlite::Statement first_new_;
  sqlite::Statement next_due_;
  sqlite::Statement bury_card_;
  sqlite::Statement bury_siblings_;
  sqlite::Statement unbury_deck_;
  sqlite::Statement unbury_all_;
  sqlite::Statement insert_revlog_;
  sqlite::Statement select_answer_by_id_;
  sqlite::Statement update_card_state_;
  sqlite::Statement update_deck_options_;
  sqlite::Statement select_deck_card_ids_;
  sqlite::Statement select_card_history_;
  sqlite::Statement select_future_answers_;
  sqlite::Statement upsert_daily_stats_;
  sqlite::Statement select_tally_;
  sqlite::Statement select_deck_tallies_;
  sqlite::Statement select_review_days_;
  sqlite::Statement count_reviews_;
  sqlite::Statement select_meta_;
  sqlite::Statement upsert_meta_;
};

}  // namespace kioku::daemon
