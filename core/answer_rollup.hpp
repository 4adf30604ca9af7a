// The answer-based statistics (docs/stats.md "Roll-ups") read answers reduced to what they
// count: per scheduler day, how many answers of each group and rating there were, whether they
// count for true retention and how long they took; and per day and local hour, how many were
// given and how many passed. The daemon keeps these sums per deck, updated with every answer
// and undo, so the figures never scan the review log; the same reduction of the log's answers
// (roll_up) is what a rebuild stores and what the tests compare the kept sums with.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/day_calendar.hpp"
#include "core/rating.hpp"
#include "core/review_entry.hpp"

namespace kioku {

// Anki's split of answers, as every answer-based figure uses it: review kind, and reviews by
// maturity. The values are stored (stats_day_rollup.answer_group): never renumber them.
enum class AnswerGroup : std::uint8_t {
  kLearning = 0,
  kRelearning = 1,
  kYoung = 2,   // review answers with an interval before of less than 21 days
  kMature = 3,  // review answers with an interval before of 21 days or more
  kCram = 4,
};
inline constexpr int kAnswerGroups = 5;

AnswerGroup answer_group(const ReviewEntry& entry) noexcept;

// The answers of one day, group, rating and retention flag, with their time.
struct DayAnswers {
  std::int64_t day = 0;
  AnswerGroup group = AnswerGroup::kLearning;
  Rating rating = Rating::kAgain;
  bool counts_for_retention = false;  // counts_for_true_retention (core/true_retention.hpp)
  std::int64_t answers = 0;
  std::int64_t duration_ms = 0;
  bool operator==(const DayAnswers&) const = default;
};

// The answers of one day given in one local hour (h:00 to h:59), cram answers left out as the
// hourly breakdown leaves them out.
struct HourAnswers {
  std::int64_t day = 0;
  int hour = 0;
  std::int64_t answers = 0;
  std::int64_t passed = 0;  // rated Hard, Good or Easy
  bool operator==(const HourAnswers&) const = default;
};

// Both sums, each list ordered by its key (day, then group, rating and flag; day, then hour),
// each key once, no row with zero answers.
struct AnswerRollups {
  std::vector<DayAnswers> days;
  std::vector<HourAnswers> hours;
  bool operator==(const AnswerRollups&) const = default;
};

// One answer's share of each sum, on scheduler day `day` and local hour `hour`; its hour share
// is none (0 answers) for a cram answer.
DayAnswers day_share(const ReviewEntry& entry, std::int64_t day) noexcept;
HourAnswers hour_share(const ReviewEntry& entry, std::int64_t day, int hour) noexcept;

// Sums answers as they come, in any order, into AnswerRollups.
class AnswerRollupBuilder {
 public:
  // Adds an answer given on `day` at local `hour`.
  void add(const ReviewEntry& entry, std::int64_t day, int hour);
  // Adds an answer on the day `calendar` puts it and the hour the process's zone gives it.
  void add(const ReviewEntry& entry, const DayCalendar& calendar);
  // The sums, ordered and merged; the builder is empty afterwards.
  AnswerRollups take();

 private:
  static constexpr std::size_t kFirstMerge = 1 << 16;
  std::vector<DayAnswers> days_;
  std::vector<HourAnswers> hours_;
  std::size_t days_merge_at_ = kFirstMerge;
  std::size_t hours_merge_at_ = kFirstMerge;
};

// The sums of `entries`, each on the day `calendar` puts it.
AnswerRollups roll_up(std::span<const ReviewEntry> entries, const DayCalendar& calendar);

// Merges rows of the same key (from several decks) into one, ordered by key.
void merge_rollups(AnswerRollups& rollups);

}  // namespace kioku
