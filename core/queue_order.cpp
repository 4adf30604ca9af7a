// The main queue's nested intersperser, one step at a time.
#include "core/queue_order.hpp"

#include <algorithm>

#include "core/intersperser.hpp"

namespace kioku {

std::array<MainQueueSource, 3> main_queue_order(const MainQueueTally& done,
                                                const MainQueueTally& due) noexcept {
  // Reviews interspersed with interday learning cards...
  const auto inner =
      intersperse_next(done.reviews, done.reviews + due.reviews, done.interday_learning,
                       done.interday_learning + due.interday_learning);
  // ...and that stream interspersed with new cards.
  const std::int64_t stream_done = done.reviews + done.interday_learning;
  const std::int64_t stream_length = stream_done + due.reviews + due.interday_learning;
  const auto outer =
      intersperse_next(stream_done, stream_length, done.new_cards, done.new_cards + due.new_cards);
  std::array<MainQueueSource, 3> order = {
      MainQueueSource::kReview, MainQueueSource::kInterdayLearning, MainQueueSource::kNew};
  if (inner == IntersperseSource::kSecond) std::swap(order[0], order[1]);
  if (outer == IntersperseSource::kSecond)
    std::rotate(order.begin(), order.begin() + 2, order.end());
  return order;
}

}  // namespace kioku
