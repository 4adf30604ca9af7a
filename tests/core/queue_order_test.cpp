// The main queue's order, asked one card at a time from what was studied today and what is
// still due, is the order of Anki's nested intersperser over the whole day's queue.
#include "core/queue_order.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tests/core/intersperse.hpp"

using namespace kioku;
using kioku::test::intersperse;

namespace {

// R for a review, I for an interday learning card, N for a new card: the day as a user who
// studies in the order given sees it.
std::string day_by_steps(MainQueueTally due) {
  MainQueueTally done;
  std::string order;
  while (due.reviews + due.interday_learning + due.new_cards > 0) {
    for (const MainQueueSource source : main_queue_order(done, due)) {
      std::int64_t& left = source == MainQueueSource::kReview             ? due.reviews
                           : source == MainQueueSource::kInterdayLearning ? due.interday_learning
                                                                          : due.new_cards;
      if (left == 0) continue;
      --left;
      std::int64_t& taken = source == MainQueueSource::kReview             ? done.reviews
                            : source == MainQueueSource::kInterdayLearning ? done.interday_learning
                                                                           : done.new_cards;
      ++taken;
      order += source == MainQueueSource::kReview             ? 'R'
               : source == MainQueueSource::kInterdayLearning ? 'I'
                                                              : 'N';
      break;
    }
  }
  return order;
}

std::string day_by_intersperser(int reviews, int interday, int new_cards) {
  const std::vector<char> stream =
      intersperse(std::vector<char>(static_cast<std::size_t>(reviews), 'R'),
                  std::vector<char>(static_cast<std::size_t>(interday), 'I'));
  const std::vector<char> day =
      intersperse(stream, std::vector<char>(static_cast<std::size_t>(new_cards), 'N'));
  return std::string(day.begin(), day.end());
}

}  // namespace

TEST_CASE("queue order: reviews with interday learning and then new cards", "[core][queue]") {
  CHECK(day_by_steps({10, 0, 5}) == "RNRRNRRNRRNRRNR");
  CHECK(day_by_steps({4, 2, 0}) == "RIRRIR");
  // Stream R I R R I R (6) mixed with 3 new cards.
  CHECK(day_by_steps({4, 2, 3}) == "RNIRNRINR");
  CHECK(day_by_steps({0, 0, 3}) == "NNN");
  CHECK(day_by_steps({0, 2, 0}) == "II");
}

TEST_CASE("queue order: one card at a time gives the intersperser's whole-day order",
          "[core][queue]") {
  for (int reviews = 0; reviews <= 9; ++reviews) {
    for (int interday = 0; interday <= 5; ++interday) {
      for (int new_cards = 0; new_cards <= 7; ++new_cards) {
        INFO(reviews << " reviews, " << interday << " interday, " << new_cards << " new");
        CHECK(day_by_steps({reviews, interday, new_cards}) ==
              day_by_intersperser(reviews, interday, new_cards));
      }
    }
  }
}
