// Tests for the "added" figure (core/added_cards.hpp).
#include "core/added_cards.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "tests/core/stats_history.hpp"
#include "tests/core/time_zone_guard.hpp"

namespace kioku {
namespace {

using test::utc;

CardSnapshot created_at(TimestampMs when) {
  CardSnapshot snapshot;
  snapshot.created = when;
  return snapshot;
}

TEST_CASE("added: cards per scheduler day of their creation", "[core][added_cards]") {
  test::TimeZoneGuard zone("UTC");
  const DayCalendar calendar(4);
  const std::int64_t today = calendar.day_number(utc(2026, 6, 10, 12));
  const std::vector<CardSnapshot> cards = {
      created_at(utc(2026, 6, 10, 5)),  // today
      created_at(utc(2026, 6, 10, 3)),  // 03:00: yesterday
      created_at(utc(2026, 6, 9, 12)),  // yesterday
      created_at(utc(2026, 6, 8, 12)),  // two days back: outside two days
  };
  const AddedCards added = added_cards(cards, calendar, DayRange::last_days(today, 2));
  CHECK(added.per_day == std::vector<std::int64_t>{2, 1});
  CHECK(added.total == 3);
}

}  // namespace
}  // namespace kioku
