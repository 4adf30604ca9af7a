// Which part of the main queue (scheduling.md §2.7) the next card comes from: reviews evenly
// interspersed with interday learning cards, and that stream evenly interspersed with new cards,
// by Anki's Intersperser. Pure: the daemon passes what was studied today and what is still due,
// so the order over a day is the one Anki's iterator over the day's queue gives, without a
// queue kept between requests.
#pragma once

#include <array>
#include <cstdint>

namespace kioku {

struct MainQueueTally {
  std::int64_t reviews = 0;
  std::int64_t interday_learning = 0;
  std::int64_t new_cards = 0;
};

enum class MainQueueSource { kReview, kInterdayLearning, kNew };

// The sources in the order to try them: the intersperser's pick first, then the others (for
// when the pick turns out to have nothing after all).
std::array<MainQueueSource, 3> main_queue_order(const MainQueueTally& done,
                                                const MainQueueTally& due) noexcept;

}  // namespace kioku
