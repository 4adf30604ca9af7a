// The review log (revlog): one row per answer, appended and never edited, the truth every
// card's state is derived from. Like every store it prepares its statements when it is
// constructed and never begins a transaction: Collection::record_answer appends in its write.
// Owned by the daemon's io_context thread; not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/rating.hpp"
#include "core/replay.hpp"
#include "core/review_log_entries.hpp"
#include "core/time.hpp"
#include "daemon/store/answer_record.hpp"

namespace kioku::daemon {

namespace sqlite {
class Database;
}

// An answer already in the log, found by its answer_id.
struct RecordedAnswer {
  std::int64_t review_id = 0;
  std::int64_t card_id = 0;
  Rating rating = Rating::kGood;
  std::optional<bool> correct;
};

// The latest answer of the log that no undo has voided: what an undo voids.
struct StandingAnswer {
  std::int64_t review_id = 0;
  std::int64_t card_id = 0;
  std::int64_t day = 0;  // the scheduler day whose daily roll-up counted it
  // Its time, rating, duration as counted (capped), whether it was cram (then no daily roll-up
  // counted it), and what the statistics' roll-ups read of it.
  ReviewLogRow logged;
};

// Answers of the log stamped later than some instant: given while the clock was ahead.
struct FutureAnswers {
  std::int64_t count = 0;
  TimestampMs latest = 0;  // the latest of their times; 0 when there are none
};

class ReviewLog {
 public:
  // Throws sqlite::SqliteError when a statement does not compile against the schema.
  explicit ReviewLog(sqlite::Database& database);
  ~ReviewLog();
  ReviewLog(const ReviewLog&) = delete;
  ReviewLog& operator=(const ReviewLog&) = delete;

  // Appends the answer's row; returns its id. The card's state and the day's roll-up are
  // Collection::record_answer's.
  std::int64_t append(const AnswerRecord& answer);
  // The answer logged under `answer_id`, committed or still in the group's open transaction.
  std::optional<RecordedAnswer> answer_by_id(const std::string& answer_id);
  // The answer given last (the largest id) that no undo voided, of card `card_id` or, without
  // one, of the whole collection; nullopt when there is none.
  std::optional<StandingAnswer> latest_standing(std::optional<std::int64_t> card_id);
  // Answer `review_id` of the log, standing or voided; nullopt when the log has no such row.
  std::optional<StandingAnswer> logged_answer(std::int64_t review_id);
  // The card's last answer logged before `review_id` that stands and is not cram: the row a
  // learning answer's step is read from (core/review_log_entries.hpp); nullopt when none.
  std::optional<ReviewLogRow> scheduled_row_before(std::int64_t card_id, std::int64_t review_id);
  // The id of the entry that voided answer `review_id`; nullopt while it stands.
  std::optional<std::int64_t> void_of(std::int64_t review_id);
  // Appends the entry that voids answer `review_id` (revlog_voids); returns the entry's id. The
  // answer's row stays as it was. Throws sqlite::SqliteError when it is already voided.
  std::int64_t void_answer(std::int64_t review_id, TimestampMs now);
  // The card's standing answers (voided and cram ones left out) in the order they were given
  // (the log's insertion order), even where their times go backwards.
  // Enough of each to replay the card's schedule (core/replay.hpp).
  std::vector<PastAnswer> card_history(std::int64_t card_id);
  // The card's answers imported from Anki (never voided), cram ones left out, in log order:
  // what its FSRS memory is made from when its deck schedules with FSRS (Replay::imported_start).
  std::vector<PastAnswer> imported_history(std::int64_t card_id);
  // Every standing answer of the card, imported and cram ones too, in the log's order, with the
  // state each left the card in: what an export with its history writes.
  std::vector<AnswerRow> answer_rows(std::int64_t card_id);
  // The log's answers stamped after `now` (an index range scan of the log's times).
  FutureAnswers future_answers(TimestampMs now);

 private:
  struct Statements;
  sqlite::Database& database_;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
