// The statistics' roll-ups' SQL, prepared once.
#include "daemon/store/stats_rollups.hpp"

#include "daemon/store/sqlite.hpp"

namespace kioku::daemon {

namespace {

constexpr const char* kDayKey =
    "day = ?1 AND answer_group = ?2 AND rating = ?3 AND retention = ?4 AND deck_id = ?5";
constexpr const char* kHourKey = "day = ?1 AND hour = ?2 AND deck_id = ?3";

// Stored values are checked by the tables' CHECK constraints; a row that breaks them cannot
// be there, so these casts see only the enumerations' values.
DayAnswers read_day(const sqlite::Statement& row) {
  return DayAnswers{.day = row.column_int(0),
                    .group = static_cast<AnswerGroup>(row.column_int(1)),
                    .rating = static_cast<Rating>(row.column_int(2)),
                    .counts_for_retention = row.column_int(3) != 0,
                    .answers = row.column_int(4),
                    .duration_ms = row.column_int(5)};
}

HourAnswers read_hour(const sqlite::Statement& row) {
  return HourAnswers{.day = row.column_int(0),
                     .hour = static_cast<int>(row.column_int(1)),
                     .answers = row.column_int(2),
                     .passed = row.column_int(3)};
}

}  // namespace

struct StatsRollups::Statements {
  explicit Statements(sqlite::Database& database)
      : add_day(database.prepare(
            "INSERT INTO stats_day_rollup (day, answer_group, rating, retention, deck_id, "
            "answers, duration_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO UPDATE "
            "SET answers = answers + excluded.answers, "
            "duration_ms = duration_ms + excluded.duration_ms")),
        drop_empty_day(database.prepare(std::string("DELETE FROM stats_day_rollup WHERE ") +
                                        kDayKey + " AND answers <= 0")),
        add_hour(database.prepare(
            "INSERT INTO stats_hour_rollup (day, hour, deck_id, answers, passed) "
            "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO UPDATE "
            "SET answers = answers + excluded.answers, passed = passed + excluded.passed")),
        drop_empty_hour(database.prepare(std::string("DELETE FROM stats_hour_rollup WHERE ") +
                                         kHourKey + " AND answers <= 0")),
        // Range scans of the primary key (deck, day, ...): the rows come in key order.
        select_days(
            database.prepare("SELECT day, answer_group, rating, retention, answers, duration_ms "
                             "FROM stats_day_rollup WHERE deck_id = ?1 AND day >= ?2")),
        // Only true retention's all-time row reads the days before those read one by one:
        // its four counts, summed without a sort (a GROUP BY over ten years of rows took 35 ms).
        select_retention_before(database.prepare(
            "SELECT coalesce(sum(CASE WHEN answer_group <> 3 AND rating > 1 THEN answers END), 0), "
            "coalesce(sum(CASE WHEN answer_group <> 3 AND rating = 1 THEN answers END), 0), "
            "coalesce(sum(CASE WHEN answer_group = 3 AND rating > 1 THEN answers END), 0), "
            "coalesce(sum(CASE WHEN answer_group = 3 AND rating = 1 THEN answers END), 0) "
            "FROM stats_day_rollup WHERE deck_id = ?1 AND day < ?2 AND retention = 1")),
        select_hours(database.prepare("SELECT day, hour, answers, passed FROM stats_hour_rollup "
                                      "WHERE deck_id = ?1 AND day >= ?2 AND day <= ?3")),
        // How many day rows the range scan returns, so that their list is made at its size:
        // grown by doubling, ten years of rows were held twice while the list grew.
        count_days(database.prepare(
            "SELECT count(*) FROM stats_day_rollup WHERE deck_id = ?1 AND day >= ?2")),
        select_answered_days(database.prepare(
            "SELECT DISTINCT day FROM stats_day_rollup WHERE deck_id = ?1 AND day <= ?2 "
            "AND answers > 0 ORDER BY day")),
        clear_days(database.prepare("DELETE FROM stats_day_rollup")),
        clear_hours(database.prepare("DELETE FROM stats_hour_rollup")) {}

  sqlite::Statement add_day;
  sqlite::Statement drop_empty_day;
  sqlite::Statement add_hour;
  sqlite::Statement drop_empty_hour;
  sqlite::Statement select_days;
  sqlite::Statement select_retention_before;
  sqlite::Statement select_hours;
  sqlite::Statement count_days;
  sqlite::Statement select_answered_days;
  sqlite::Statement clear_days;
  sqlite::Statement clear_hours;
};

StatsRollups::StatsRollups(sqlite::Database& database)
    : statements_(std::make_unique<Statements>(database)) {}

StatsRollups::~StatsRollups() = default;

void StatsRollups::add(std::int64_t deck_id, const DayAnswers& day, const HourAnswers& hour,
                       int sign) {
  for (const std::int64_t sums : {deck_id, kWholeCollection}) {
    add_day(sums, day, sign);
    if (hour.answers != 0) add_hour(sums, hour, sign);  // a cram answer has no hour share
  }
}

void StatsRollups::add_day(std::int64_t deck_id, const DayAnswers& day, int sign) {
  Statements& statements = *statements_;
  const auto bind_key = [&](sqlite::Statement& statement) {
    statement.bind(1, day.day).bind(2, static_cast<std::int64_t>(day.group));
    statement.bind(3, static_cast<std::int64_t>(day.rating));
    statement.bind(4, std::int64_t{day.counts_for_retention ? 1 : 0}).bind(5, deck_id);
  };
  bind_key(statements.add_day);
  statements.add_day.bind(6, sign * day.answers).bind(7, sign * day.duration_ms).run();
  if (sign < 0) {
    bind_key(statements.drop_empty_day);
    statements.drop_empty_day.run();
  }
}

void StatsRollups::add_hour(std::int64_t deck_id, const HourAnswers& hour, int sign) {
  Statements& statements = *statements_;
  const auto bind_key = [&](sqlite::Statement& statement) {
    statement.bind(1, hour.day).bind(2, std::int64_t{hour.hour}).bind(3, deck_id);
  };
  bind_key(statements.add_hour);
  statements.add_hour.bind(4, sign * hour.answers).bind(5, sign * hour.passed).run();
  if (sign < 0) {
    bind_key(statements.drop_empty_hour);
    statements.drop_empty_hour.run();
  }
}

AnswerRollups StatsRollups::read_days(std::optional<std::int64_t> deck_id, std::int64_t first_day) {
  const std::int64_t sums = deck_id.value_or(kWholeCollection);
  AnswerRollups rollups;
  {
    sqlite::Statement& select = statements_->select_retention_before;
    sqlite::StatementScope scope(select);
    select.bind(1, sums).bind(2, first_day);
    select.step();
    // Young (any group but mature) passed and failed, mature passed and failed, as rows of
    // day first_day - 1 rated Good (passed) or Again.
    const auto add = [&](int column, AnswerGroup group, Rating rating) {
      const std::int64_t answers = select.column_int(column);
      if (answers == 0) return;
      rollups.days.push_back({.day = first_day - 1,
                              .group = group,
                              .rating = rating,
                              .counts_for_retention = true,
                              .answers = answers});
    };
    add(0, AnswerGroup::kYoung, Rating::kGood);
    add(1, AnswerGroup::kYoung, Rating::kAgain);
    add(2, AnswerGroup::kMature, Rating::kGood);
    add(3, AnswerGroup::kMature, Rating::kAgain);
    merge_rollups(rollups);  // in key order, Again before Good
  }
  {
    sqlite::Statement& count = statements_->count_days;
    sqlite::StatementScope scope(count);
    count.bind(1, sums).bind(2, first_day);
    count.step();
    rollups.days.reserve(rollups.days.size() + static_cast<std::size_t>(count.column_int(0)));
  }
  sqlite::Statement& select = statements_->select_days;
  sqlite::StatementScope scope(select);
  select.bind(1, sums).bind(2, first_day);
  while (select.step()) rollups.days.push_back(read_day(select));
  return rollups;
}

HourlyBreakdown StatsRollups::hourly_breakdown(std::optional<std::int64_t> deck_id,
                                               DayRange period) {
  sqlite::Statement& select = statements_->select_hours;
  sqlite::StatementScope scope(select);
  select.bind(1, deck_id.value_or(kWholeCollection)).bind(2, period.first).bind(3, period.last);
  HourlyBreakdown hours{};
  while (select.step()) count_hour(hours, read_hour(select), period);
  return hours;
}

std::vector<std::int64_t> StatsRollups::answered_days(std::optional<std::int64_t> deck_id,
                                                      std::int64_t last_day) {
  sqlite::Statement& select = statements_->select_answered_days;
  sqlite::StatementScope scope(select);
  select.bind(1, deck_id.value_or(kWholeCollection)).bind(2, last_day);
  std::vector<std::int64_t> days;
  while (select.step()) days.push_back(select.column_int(0));
  return days;
}

void StatsRollups::replace(const std::map<std::int64_t, AnswerRollups>& by_deck) {
  statements_->clear_days.run();
  statements_->clear_hours.run();
  AnswerRollups whole;
  for (const auto& [deck_id, rollups] : by_deck) {
    whole.days.insert(whole.days.end(), rollups.days.begin(), rollups.days.end());
    whole.hours.insert(whole.hours.end(), rollups.hours.begin(), rollups.hours.end());
  }
  merge_rollups(whole);
  for (const DayAnswers& day : whole.days) add_day(kWholeCollection, day, 1);
  for (const HourAnswers& hour : whole.hours) add_hour(kWholeCollection, hour, 1);
  for (const auto& [deck_id, rollups] : by_deck) {
    for (const DayAnswers& day : rollups.days) add_day(deck_id, day, 1);
    for (const HourAnswers& hour : rollups.hours) add_hour(deck_id, hour, 1);
  }
}

}  // namespace kioku::daemon
