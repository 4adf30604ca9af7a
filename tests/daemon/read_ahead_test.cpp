// ReadAhead with real threads (and under TSan in CI): every item in order, once; never more
// than its slots ahead of the taker; what the maker throws in its place; a taker that stops
// early stops the maker, interrupting a make() under way.
#include "daemon/store/read_ahead.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using kioku::daemon::ReadAhead;

namespace {

// A slot as a walk fills it: a number and text the slot keeps between items.
struct Item {
  std::size_t number = 0;
  std::string text;
};

}  // namespace

TEST_CASE("read ahead: every item comes once, in order, however few the slots",
          "[daemon][read-ahead]") {
  const std::size_t slots = GENERATE(1, 2, 3, 64);
  const std::size_t items = GENERATE(0, 1, 5, 2000);
  INFO("slots " << slots << ", items " << items);
  std::size_t made = 0;
  ReadAhead<Item> ahead(
      slots,
      [&made, items](Item& item) {
        if (made == items) return false;
        item.number = made;
        item.text = "item " + std::to_string(made);
        ++made;
        return true;
      },
      nullptr);
  std::size_t taken = 0;
  while (const Item* item = ahead.next()) {
    REQUIRE(item->number == taken);
    REQUIRE(item->text == "item " + std::to_string(taken));
    ++taken;
  }
  CHECK(taken == items);
  // And stays at its end.
  CHECK(ahead.next() == nullptr);
  CHECK(ahead.next() == nullptr);
}

TEST_CASE("read ahead: the maker is never more than its slots ahead of the taker",
          "[daemon][read-ahead]") {
  const std::size_t slots = GENERATE(2, 8);
  std::atomic<std::size_t> taken{0};  // items the taker has let go of
  std::atomic<std::size_t> furthest_ahead{0};
  std::size_t made = 0;
  ReadAhead<Item> ahead(
      slots,
      [&](Item& item) {
        if (made == 500) return false;
        // The slot about to be filled is free only if the item it held was let go of.
        const std::size_t ahead_by = made - taken.load();
        if (ahead_by > furthest_ahead.load()) furthest_ahead.store(ahead_by);
        item.number = made;
        item.text = "item " + std::to_string(made);
        ++made;
        return true;
      },
      nullptr);
  std::size_t count = 0;
  while (const Item* item = ahead.next()) {
    REQUIRE(item->number == count);
    // The item before this one is let go of now: its slot may be filled again.
    taken.store(count);
    // The maker runs meanwhile, and must leave the held item's slot alone.
    for (int turn = 0; turn < 3; ++turn) std::this_thread::yield();
    REQUIRE(item->number == count);
    REQUIRE(item->text == "item " + std::to_string(count));
    ++count;
  }
  CHECK(count == 500);
  // The maker filled item `made` only while the taker held item `taken` or later: at most
  // `slots` items apart (the held one's slot included).
  CHECK(furthest_ahead.load() <= slots);
}

TEST_CASE("read ahead: what the maker throws comes in its place among the items",
          "[daemon][read-ahead]") {
  const std::size_t slots = GENERATE(2, 16);
  std::size_t made = 0;
  ReadAhead<Item> ahead(
      slots,
      [&made](Item& item) {
        if (made == 7) throw std::runtime_error("the eighth item is unreadable");
        item.number = made++;
        return true;
      },
      nullptr);
  for (std::size_t number = 0; number < 7; ++number) {
    const Item* item = ahead.next();
    REQUIRE(item != nullptr);
    CHECK(item->number == number);
  }
  CHECK_THROWS_WITH(ahead.next(), "the eighth item is unreadable");
  // Nothing after it was made.
  CHECK(made == 7);
}

TEST_CASE("read ahead: a taker that stops early stops the maker, cutting a make() short",
          "[daemon][read-ahead]") {
  std::atomic<bool> interrupted{false};
  std::atomic<bool> waiting{false};
  std::atomic<int> makes{0};
  {
    ReadAhead<Item> ahead(
        4,
        [&](Item& item) {
          // The fourth make waits until it is interrupted, as a long statement would.
          if (makes.fetch_add(1) == 3) {
            waiting.store(true);
            waiting.notify_all();
            while (!interrupted.load()) interrupted.wait(false);
            throw std::runtime_error("interrupted");
          }
          item.number = 1;
          return true;
        },
        [&] {
          interrupted.store(true);
          interrupted.notify_all();
        });
    REQUIRE(ahead.next() != nullptr);
    REQUIRE(ahead.next() != nullptr);
    // Stopped only once the fourth make is under way.
    waiting.wait(false);
  }
  // The destructor returned: the maker's thread ended, from inside its make.
  CHECK(interrupted.load());
  CHECK(makes.load() == 4);
}

TEST_CASE("read ahead: a taker that stops early frees a maker waiting for room",
          "[daemon][read-ahead]") {
  std::atomic<std::size_t> made{0};
  {
    ReadAhead<Item> ahead(
        2,
        [&](Item& item) {
          item.number = made.fetch_add(1);
          return true;  // endless: the maker waits for room once the slots are full
        },
        nullptr);
    REQUIRE(ahead.next() != nullptr);
  }
  // The two slots, filled before the maker waited for room.
  CHECK(made.load() <= 2);
}

TEST_CASE("read ahead: a maker on the taker's thread makes each item there, when it is asked for",
          "[daemon][read-ahead]") {
  const std::thread::id taker = std::this_thread::get_id();
  std::size_t made = 0;
  bool elsewhere = false;
  ReadAhead<Item> ahead(
      8,
      [&](Item& item) {
        elsewhere = elsewhere || std::this_thread::get_id() != taker;
        if (made == 100) return false;
        item.number = made++;
        return true;
      },
      nullptr, ReadAhead<Item>::Maker::kTakersThread);
  std::size_t taken = 0;
  // Nothing is made before it is asked for.
  CHECK(made == 0);
  while (const Item* item = ahead.next()) {
    REQUIRE(item->number == taken);
    ++taken;
    // None ahead of the one given.
    REQUIRE(made == taken);
  }
  CHECK(taken == 100);
  CHECK_FALSE(elsewhere);
}

TEST_CASE("read ahead: the items out never weigh more than the bound but one item's weight",
          "[daemon][read-ahead]") {
  // Each item weighs `each`; the maker waits once the items it made and the taker has not given
  // back weigh `most` or more, whatever room the 64 slots have, and one item always passes.
  const std::size_t each = GENERATE(10, 100);
  const std::size_t most = 35;
  // At most this many items out: three weigh 30, a fourth may come; one alone weighs 100. The
  // taker's count below lags the ring's by the item it holds and the one given back last.
  const std::size_t most_out = each == 10 ? 4 : 1;
  std::atomic<std::size_t> taken{0};
  std::atomic<std::size_t> furthest_ahead{0};
  std::size_t made = 0;
  ReadAhead<Item> ahead(64,
                        [&](Item& item) {
                          if (made == 300) return false;
                          const std::size_t ahead_by = made - taken.load();
                          if (ahead_by > furthest_ahead.load()) furthest_ahead.store(ahead_by);
                          item.number = made++;
                          item.text.assign(each, 'x');
                          return true;
                        },
                        nullptr, ReadAhead<Item>::Maker::kOwnThread,
                        {.of = [](const Item& item) { return item.text.size(); }, .most = most});
  std::size_t count = 0;
  while (const Item* item = ahead.next()) {
    REQUIRE(item->number == count);
    taken.store(count);
    for (int turn = 0; turn < 3; ++turn) std::this_thread::yield();
    REQUIRE(item->text.size() == each);
    ++count;
  }
  CHECK(count == 300);
  CHECK(furthest_ahead.load() <= most_out + 1);
}
