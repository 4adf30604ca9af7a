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
  // The card's answers in the order they were given (the log's insertion order), even where
  // their times go backwards.
  // Enough of each to replay the card's schedule (core/replay.hpp).
  std::vector<PastAnswer> card_history(std::int64_t card_id);
  // The log's answers stamped after `now` (an index range scan of the log's times).
  FutureAnswers future_answers(TimestampMs now);

 private:
  struct Statements;
  sqlite::Database& database_;
  std::unique_ptr<Statements> statements_;
};

}  // namespace kioku::daemon
