// Anki's stored scheduling as kioku's imported state (core/anki_card_state.hpp): each card type
// and queue, dues re-based on today, a filtered deck's card taken home, and what Anki never
// writes refused.
#include "core/anki_card_state.hpp"

#include <catch2/catch.hpp>
#include <limits>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

// 2026-06-01 10:00 UTC; days start at 04:00 UTC.
constexpr TimestampMs kNow = 1780308000000;
// Created 2024-01-01 04:00 UTC: 882 whole days before kNow.
constexpr std::int64_t kCreatedSeconds = 1704081600;

struct Fixture {
  test::TimeZoneGuard zone{"UTC"};
  DayCalendar calendar{4};
  AnkiDays days = anki_days(kCreatedSeconds, kNow, calendar);
};

TEST_CASE("anki state: the collection's day numbers at the import", "[core][anki]") {
  const Fixture fixture;
  CHECK(fixture.days.anki_today == 882);
  CHECK(fixture.days.today == fixture.calendar.day_number(kNow));
  // A creation time after now (a clock set back) counts whole days down, not toward 0.
  CHECK(anki_days(kNow / 1000 + 10, kNow, fixture.calendar).anki_today == -1);
}

TEST_CASE("anki state: a review card due in three days, overdue, or suspended", "[core][anki]") {
  const Fixture fixture;
  AnkiScheduling card{.type = 2,
                      .queue = 2,
                      .due = 885,
                      .interval_days = 12,
                      .factor = 2350,
                      .reps = 9,
                      .lapses = 1};
  const CardState state = anki_card_state(card, fixture.days, fixture.calendar, kNow - 86'400'000);
  CHECK(state.phase == Phase::kReview);
  CHECK(state.due == fixture.calendar.day_start(fixture.days.today + 3));
  CHECK(state.interval_days == 12);
  CHECK(state.ease == 2.35);
  CHECK(state.reps == 9);
  CHECK(state.lapses == 1);
  CHECK(state.last_review == kNow - 86'400'000);
  CHECK_FALSE(state.suspended);

  card.due = 880;  // two days overdue stays two days overdue
  CHECK(anki_card_state(card, fixture.days, fixture.calendar, 0).due ==
        fixture.calendar.day_start(fixture.days.today - 2));
  card.queue = -1;
  const CardState suspended = anki_card_state(card, fixture.days, fixture.calendar, 0);
  CHECK(suspended.suspended);
  CHECK(suspended.due == fixture.calendar.day_start(fixture.days.today - 2));
  card.queue = -3;  // buried by the user: Anki's day, not kept
  CHECK_FALSE(anki_card_state(card, fixture.days, fixture.calendar, 0).suspended);
}

TEST_CASE("anki state: learning within the day, learning across days, relearning", "[core][anki]") {
  const Fixture fixture;
  const AnkiScheduling learning{
      .type = 1, .queue = 1, .due = kNow / 1000 + 600, .reps = 1, .left = 2002};
  const CardState intraday = anki_card_state(learning, fixture.days, fixture.calendar, kNow);
  CHECK(intraday.phase == Phase::kLearning);
  CHECK(intraday.due == kNow + 600'000);
  CHECK(intraday.remaining_steps == 2);  // 2002: two today, two in all
  CHECK_FALSE(intraday.interday);

  const AnkiScheduling interday{.type = 1, .queue = 3, .due = 883, .reps = 2, .left = 1};
  const CardState tomorrow = anki_card_state(interday, fixture.days, fixture.calendar, kNow);
  CHECK(tomorrow.interday);
  CHECK(tomorrow.due == fixture.calendar.day_start(fixture.days.today + 1));
  CHECK(tomorrow.remaining_steps == 1);

  const AnkiScheduling relearning{.type = 3,
                                  .queue = 1,
                                  .due = kNow / 1000 + 60,
                                  .interval_days = 4,
                                  .factor = 2100,
                                  .reps = 12,
                                  .lapses = 3,
                                  .left = 1};
  const CardState lapsed = anki_card_state(relearning, fixture.days, fixture.calendar, kNow);
  CHECK(lapsed.phase == Phase::kRelearning);
  CHECK(lapsed.interval_days == 4);
  CHECK(lapsed.due == kNow + 60'000);
  // Suspended while learning: the queue no longer says which kind of due it keeps.
  AnkiScheduling suspended = interday;
  suspended.queue = -1;
  CHECK(anki_card_state(suspended, fixture.days, fixture.calendar, kNow).due == tomorrow.due);
  suspended = learning;
  suspended.queue = -1;
  CHECK(anki_card_state(suspended, fixture.days, fixture.calendar, kNow).due == intraday.due);
}

TEST_CASE("anki state: a filtered deck's card goes home with its original due", "[core][anki]") {
  const Fixture fixture;
  const AnkiScheduling card{.type = 2,
                            .queue = 2,
                            .due = -100'000,
                            .interval_days = 30,
                            .factor = 2500,
                            .reps = 5,
                            .original_due = 900};
  CHECK(anki_card_state(card, fixture.days, fixture.calendar, 0).due ==
        fixture.calendar.day_start(fixture.days.today + 18));
}

TEST_CASE("anki state: a new card, FSRS memory, and what Anki never writes", "[core][anki]") {
  const Fixture fixture;
  const CardState fresh =
      anki_card_state({.type = 0, .queue = 0, .due = 17}, fixture.days, fixture.calendar, 0);
  CHECK(fresh == CardState{});
  AnkiScheduling remembered{.type = 2,
                            .queue = 2,
                            .due = 882,
                            .interval_days = 3,
                            .factor = 530,
                            .reps = 3,
                            .stability = 3.2,
                            .difficulty = 5.5};
  const CardState fsrs = anki_card_state(remembered, fixture.days, fixture.calendar, 0);
  CHECK(fsrs.stability == 3.2);
  CHECK(fsrs.difficulty == 5.5);
  // Out of FSRS's range: kept as the scheduler reads it.
  const auto memory_of = [&](double stability, double difficulty) {
    AnkiScheduling card = remembered;
    card.stability = stability;
    card.difficulty = difficulty;
    const CardState state = anki_card_state(card, fixture.days, fixture.calendar, 0);
    return std::pair(state.stability, state.difficulty);
  };
  CHECK(memory_of(1e300, 50.0) == std::pair(36500.0, 10.0));
  CHECK(memory_of(1e-9, 0.2) == std::pair(0.001, 1.0));
  CHECK(memory_of(-4.0, 5.0) == std::pair(0.0, 0.0));  // none, as a card that has no memory
  CHECK(memory_of(4.0, 0.0) == std::pair(0.0, 0.0));
  remembered.difficulty.reset();  // half a memory is none
  CHECK(anki_card_state(remembered, fixture.days, fixture.calendar, 0).stability == 0.0);

  CHECK_THROWS_AS(anki_card_state({.type = 4}, fixture.days, fixture.calendar, 0), Error);
  CHECK_THROWS_AS(anki_card_state({.type = 2, .queue = 7}, fixture.days, fixture.calendar, 0),
                  Error);
  CHECK_THROWS_AS(anki_card_state({.type = 2, .queue = 2, .interval_days = -600}, fixture.days,
                                  fixture.calendar, 0),
                  Error);
}

TEST_CASE("anki state: values past any real card's are refused before any arithmetic",
          "[core][anki]") {
  const Fixture fixture;
  const auto refused = [&](const AnkiScheduling& card) {
    try {
      anki_card_state(card, fixture.days, fixture.calendar, 0);
    } catch (const Error& error) {
      return error.code() == ErrorCode::kInvalidInput;
    }
    return false;
  };
  // An interval a scheduler would overflow on, an ease of 2 million, counts past int's range.
  CHECK(refused({.type = 2, .queue = 2, .due = 900, .interval_days = 2'147'483'647}));
  CHECK(refused({.type = 2, .queue = 2, .due = 900, .interval_days = 36'501}));
  CHECK(refused({.type = 2, .queue = 2, .due = 900, .interval_days = 3, .factor = 2'000'000}));
  CHECK(refused({.type = 2, .queue = 2, .due = 900, .interval_days = 3, .reps = 4'294'967'296}));
  // Dues that are neither a day nor a time: the day before, the instant after, overflow.
  CHECK(refused({.type = 2, .queue = 2, .due = INT64_MIN, .interval_days = 3}));
  CHECK(refused({.type = 1, .queue = 1, .due = INT64_MAX}));
  CHECK(refused({.type = 2, .queue = 2, .due = 900, .original_due = -5'000'000}));
  CHECK(refused({.type = 2,
                 .queue = 2,
                 .due = 900,
                 .interval_days = 3,
                 .stability = std::numeric_limits<double>::infinity(),
                 .difficulty = 5.0}));
  // A day-numbered due further than the longest interval from Anki's today (day 882): a
  // review card's, a day-learning card's, one of the largest day the check above lets by.
  CHECK(refused({.type = 2, .queue = 2, .due = 882 + 36'501, .interval_days = 3}));
  CHECK(refused({.type = 2, .queue = 2, .due = 99'999'999, .interval_days = 3}));
  CHECK(refused({.type = 1, .queue = 3, .due = 999'999'999}));
  CHECK(refused({.type = 2, .queue = 2, .due = 253'402'300'799, .interval_days = 3}));
  // The largest real values still pass.
  CHECK_FALSE(refused({.type = 2, .queue = 2, .due = 900, .interval_days = 36'500}));
  CHECK_FALSE(refused({.type = 2, .queue = 2, .due = 882 + 36'500, .interval_days = 36'500}));
  // A creation time before 1970 or after 9999 is no time: no day numbers come of it.
  CHECK_THROWS_AS(anki_days(INT64_MIN, kNow, fixture.calendar), Error);
  CHECK_THROWS_AS(anki_days(-1, kNow, fixture.calendar), Error);
  CHECK_THROWS_AS(anki_days(253'402'300'800, kNow, fixture.calendar), Error);
}

TEST_CASE("anki state: what Anki never writes is refused in English and Japanese", "[core][anki]") {
  const Fixture fixture;
  // The English and the Japanese of the error the card's state is refused with.
  const auto refusal = [&](const AnkiScheduling& card) -> std::pair<std::string, std::string> {
    try {
      anki_card_state(card, fixture.days, fixture.calendar, 0);
    } catch (const Error& error) {
      return {error.what(), error.japanese()};
    }
    return {"accepted", "accepted"};
  };
  using Refusal = std::pair<std::string, std::string>;
  CHECK(refusal({.type = 4}) ==
        Refusal{"card type 4 is none Anki writes (0 to 3)",
                "カードの type 4 は Anki が書き込む値（0 から 3）ではありません"});
  CHECK(refusal({.type = 2, .queue = 7}) ==
        Refusal{"card queue 7 is none Anki writes (-3 to 4)",
                "カードの queue 7 は Anki が書き込む値（-3 から 4）ではありません"});
  CHECK(refusal({.type = 2, .queue = 2, .interval_days = -600}) ==
        Refusal{"a card's interval, reps, lapses and steps left cannot be negative",
                "カードの間隔、復習回数、失敗回数、残りのステップ数は負の値にできません"});
  CHECK(refusal({.type = 2, .queue = 2, .due = 900, .interval_days = 3, .factor = 2'000'000}) ==
        Refusal{"a card's interval (3 days), ease (2000000 permille) or counts are past any Anki "
                "writes",
                "カードの間隔（3 日）、易しさ（2000000 パーミル）または回数が、Anki "
                "が書き込むどの値よりも大きくなっています"});
  CHECK(refusal({.type = 2, .queue = 2, .due = 900, .original_due = -5'000'000}) ==
        Refusal{"a card's due (-5000000) is neither a day nor a time",
                "カードの期日（-5000000）は日付でも時刻でもありません"});
  CHECK(refusal({.type = 2, .queue = 2, .due = 99'999'999, .interval_days = 3}) ==
        Refusal{"a card's due (day 99999999) is more than 36500 days after the collection's today "
                "(day 882), later than Anki schedules",
                "カードの期日（99999999 日目）がコレクションの今日（882 日目）から 36500 "
                "日より先で、Anki が予定する範囲を超えています"});
  CHECK(refusal({.type = 2,
                 .queue = 2,
                 .due = 900,
                 .interval_days = 3,
                 .stability = std::numeric_limits<double>::quiet_NaN(),
                 .difficulty = 5.0}) == Refusal{"a card's FSRS memory is not a number",
                                                "カードの FSRS の記憶の値が数値ではありません"});
  try {
    anki_days(-1, kNow, fixture.calendar);
    FAIL("a creation time before 1970 was taken");
  } catch (const Error& error) {
    CHECK(std::string(error.what()) == "the collection's creation time (col.crt -1) is not a time");
    CHECK(error.japanese() == "コレクションの作成時刻（col.crt -1）は時刻ではありません");
  }
}

}  // namespace
}  // namespace kioku
