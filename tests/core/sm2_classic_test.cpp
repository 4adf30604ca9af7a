// Tests for classic SM-2 (docs/scheduling.md §1) against the supermemo 2.0.23 package: its rules
// one by one, Appendix A.4, and every history in tests/reference/sm2_classic_vectors.json.
#include "core/sm2_classic.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>
#include "tests/core/reference_vectors.hpp"

#include "core/error.hpp"
#include "core/sm2.hpp"
#include "tests/core/time_zone_guard.hpp"
#include "tests/support/durations.hpp"

namespace kioku {
namespace {

using test::kHourMs;

namespace json = boost::json;
using test::TimeZoneGuard;

struct ClassicScene {
  TimeZoneGuard zone{"UTC"};
  DayCalendar calendar;  // 04:00 day start
  TimestampMs now = calendar.day_start(days_from_civil(2026, 5, 11)) + 8 * kHourMs;
  DeckOptions options;

  ClassicScene() { options.algorithm = Algorithm::kSm2Classic; }

  AnswerContext context() const { return {now, calendar}; }
  CardState answer(const CardState& state, int quality) const {
    return sm2_classic_next_state(state, quality, context(), options);
  }
};

// A card in a run of `repetition` successes with the given interval and E-Factor.
CardState in_run(int repetition, int interval_days, double efactor) {
  CardState card;
  card.phase = Phase::kReview;
  card.repetition = repetition;
  card.interval_days = interval_days;
  card.ease = efactor;
  card.reps = repetition + 2;
  return card;
}

TEST_CASE("sm2-classic: each quality changes the E-Factor by SM-2's delta", "[core][sm2-classic]") {
  const ClassicScene scene;
  struct Row {
    int quality;
    double delta;
  };
  const auto row = GENERATE(values<Row>({
      {5, 0.10},
      {4, 0.00},
      {3, -0.14},
      {2, -0.32},
      {1, -0.54},
      {0, -0.80},
  }));
  INFO("quality " << row.quality);
  CHECK(scene.answer(in_run(3, 10, 2.5), row.quality).ease == Approx(2.5 + row.delta));
  // A new card starts from 2.5.
  CHECK(scene.answer(CardState{}, row.quality).ease == Approx(2.5 + row.delta));
}

TEST_CASE("sm2-classic: the E-Factor never falls below 1.3", "[core][sm2-classic]") {
  const ClassicScene scene;
  CHECK(scene.answer(in_run(3, 10, 1.35), 3).ease == 1.3);
  CHECK(scene.answer(in_run(3, 10, 1.3), 0).ease == 1.3);
  CHECK(scene.answer(in_run(3, 10, 1.3), 5).ease == Approx(1.4));
}

TEST_CASE("sm2-classic: intervals are 1 then 6 then the previous interval times the old E-Factor",
          "[core][sm2-classic]") {
  const ClassicScene scene;
  CardState card = scene.answer(CardState{}, 5);
  CHECK(card.interval_days == 1);
  CHECK(card.repetition == 1);
  card = scene.answer(card, 5);
  CHECK(card.interval_days == 6);
  CHECK(card.repetition == 2);
  // EF is 2.7 now; the third interval uses it before this answer's +0.1: round(6 * 2.7) = 16.
  card = scene.answer(card, 5);
  CHECK(card.interval_days == 16);
  CHECK(card.repetition == 3);
  CHECK(card.ease == Approx(2.8));
  // Rounded to nearest, halves up: 7 * 1.5 = 10.5 -> 11; 7 * 1.3 = 9.1 -> 9.
  CHECK(scene.answer(in_run(4, 7, 1.5), 4).interval_days == 11);
  CHECK(scene.answer(in_run(4, 7, 1.3), 4).interval_days == 9);
}

TEST_CASE("sm2-classic: quality below 3 restarts the run and counts a lapse once",
          "[core][sm2-classic]") {
  const ClassicScene scene;
  const CardState card = in_run(4, 40, 2.2);
  const CardState failed = scene.answer(card, 2);
  CHECK(failed.interval_days == 1);
  CHECK(failed.repetition == 0);
  CHECK(failed.ease == Approx(1.88));  // updated even on failure, as supermemo does
  CHECK(failed.lapses == 1);
  // Failing again before a success is not another lapse; the next success starts at 1 day.
  const CardState again = scene.answer(failed, 0);
  CHECK(again.lapses == 1);
  CHECK(again.repetition == 0);
  const CardState recovered = scene.answer(again, 4);
  CHECK(recovered.interval_days == 1);
  CHECK(recovered.repetition == 1);
  // A new card that fails has not lapsed either.
  CHECK(scene.answer(CardState{}, 1).lapses == 0);
}

TEST_CASE("sm2-classic: every answer leaves a review card due after its interval",
          "[core][sm2-classic]") {
  const ClassicScene scene;
  const int quality = GENERATE(0, 1, 2, 3, 4, 5);
  CardState card = in_run(3, 10, 2.5);
  card.last_review = scene.now - 10 * kMillisecondsPerDay;
  const CardState next = scene.answer(card, quality);
  INFO("quality " << quality);
  CHECK(next.phase == Phase::kReview);
  CHECK(next.remaining_steps == 0);
  CHECK(next.due == review_due(scene.context(), next.interval_days));
  CHECK(next.reps == card.reps + 1);
  CHECK(next.last_review == scene.now);
  CHECK(next.stability == 0.0);
}

TEST_CASE("sm2-classic: intervals stop at the maximum interval", "[core][sm2-classic]") {
  ClassicScene scene;
  CHECK(scene.answer(in_run(8, 30000, 2.5), 5).interval_days == 36500);
  scene.options.maximum_interval = 100;
  CHECK(scene.answer(in_run(8, 90, 2.5), 4).interval_days == 100);
  // A long run of perfect answers stays bounded (supermemo's would overflow).
  CardState card;
  for (int i = 0; i < 60; ++i) card = scene.answer(card, 5);
  CHECK(card.interval_days == 100);
}

TEST_CASE("sm2-classic: a quality outside 0..5 is refused", "[core][sm2-classic]") {
  const ClassicScene scene;
  const int quality = GENERATE(-1, 6, 100);
  try {
    scene.answer(CardState{}, quality);
    FAIL("quality " << quality << " was accepted");
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kInvalidParams);
  }
}

TEST_CASE("sm2-classic: leeches follow the deck's threshold", "[core][sm2-classic]") {
  const ClassicScene scene;
  CardState card = in_run(3, 10, 1.3);
  card.lapses = 7;
  const CardState leech = scene.answer(card, 1);
  CHECK(leech.lapses == 8);
  CHECK(leech.leech);
  CHECK(leech.suspended);
}

// Rows of interval / repetition / E-Factor after each grade.
struct ClassicRow {
  int interval;
  int repetition;
  double efactor;
};

void check_grades(const std::vector<int>& grades, const std::vector<ClassicRow>& rows) {
  const ClassicScene scene;
  REQUIRE(grades.size() == rows.size());
  CardState card;
  for (std::size_t i = 0; i < grades.size(); ++i) {
    INFO("answer " << i + 1 << " grade " << grades[i]);
    card = scene.answer(card, grades[i]);
    CHECK(card.interval_days == rows[i].interval);
    CHECK(card.repetition == rows[i].repetition);
    CHECK(card.ease == Approx(rows[i].efactor).margin(0.005));
  }
}

TEST_CASE("sm2-classic: Appendix A.4 supermemo vectors", "[core][sm2-classic]") {
  SECTION("5 5 5 5 5") {
    check_grades({5, 5, 5, 5, 5},
                 {{1, 1, 2.60}, {6, 2, 2.70}, {16, 3, 2.80}, {45, 4, 2.90}, {131, 5, 3.00}});
  }
  SECTION("4 4 3 2 4 5 5 3") {
    check_grades({4, 4, 3, 2, 4, 5, 5, 3}, {{1, 1, 2.50},
                                            {6, 2, 2.50},
                                            {15, 3, 2.36},
                                            {1, 0, 2.04},
                                            {1, 1, 2.04},
                                            {6, 2, 2.14},
                                            {13, 3, 2.24},
                                            {29, 4, 2.10}});
  }
  SECTION("3 ten times") {
    check_grades(std::vector<int>(10, 3), {{1, 1, 2.36},
                                           {6, 2, 2.22},
                                           {13, 3, 2.08},
                                           {27, 4, 1.94},
                                           {52, 5, 1.80},
                                           {94, 6, 1.66},
                                           {156, 7, 1.52},
                                           {237, 8, 1.38},
                                           {327, 9, 1.30},
                                           {425, 10, 1.30}});
  }
  SECTION("0 5 5 5") {
    check_grades({0, 5, 5, 5}, {{1, 0, 1.70}, {1, 1, 1.80}, {6, 2, 1.90}, {11, 3, 2.00}});
  }
}

using kioku::test::load_vectors;

TEST_CASE("sm2-classic: every generated supermemo history replays bit for bit",
          "[core][sm2-classic]") {
  const ClassicScene scene;
  const json::value vectors = load_vectors("sm2_classic_vectors.json");
  int histories = 0;
  int answers = 0;
  for (const json::value& value : vectors.at("histories").as_array()) {
    const json::object& history = value.as_object();
    CardState card;
    int index = 0;
    bool same = true;
    for (const json::value& step_value : history.at("steps").as_array()) {
      const json::array& step = step_value.as_array();
      card = scene.answer(card, step.at(0).to_number<int>());
      ++index;
      ++answers;
      const int interval = step.at(1).to_number<int>();
      const int repetition = step.at(2).to_number<int>();
      // A decimal string: strtod reads it exactly (Boost.JSON 1.81 may not).
      const double efactor = std::strtod(step.at(3).as_string().c_str(), nullptr);
      if (card.interval_days != interval || card.repetition != repetition || card.ease != efactor) {
        FAIL_CHECK(history.at("name").as_string()
                   << " answer " << index << ": got " << card.interval_days << "/"
                   << card.repetition << "/" << std::setprecision(17) << card.ease << " want "
                   << interval << "/" << repetition << "/" << efactor);
        same = false;
        break;
      }
    }
    if (same) ++histories;
  }
  CHECK(histories == static_cast<int>(vectors.at("histories").as_array().size()));
  CHECK(histories >= 150);
  CHECK(answers >= 2000);
}

}  // namespace
}  // namespace kioku
