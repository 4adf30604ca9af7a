// Unique ids near the ones asked for (core/unique_ids.hpp).
#include "core/unique_ids.hpp"

#include <iterator>
#include <stdexcept>
#include <string>

namespace kioku {

std::int64_t UniqueIds::take(std::int64_t wanted) {
  auto next = runs_.upper_bound(wanted);  // the first run that starts past `wanted`
  auto run = next == runs_.begin() ? runs_.end() : std::prev(next);
  std::int64_t id = wanted;
  // Inside a run: just past it, which is free, as runs are kept apart by at least one id.
  if (run != runs_.end() && run->second >= wanted) {
    if (run->second >= kLargest)
      throw std::overflow_error("no unique id is left past " + std::to_string(wanted));
    id = run->second + 1;
  }
  if (id > kLargest)
    throw std::overflow_error("no unique id is left past " + std::to_string(wanted));
  const bool joins_before = run != runs_.end() && run->second == id - 1;
  const bool joins_after = next != runs_.end() && next->first == id + 1;
  if (joins_before && joins_after) {
    run->second = next->second;
    runs_.erase(next);
  } else if (joins_before) {
    run->second = id;
  } else if (joins_after) {
    const std::int64_t last = next->second;
    runs_.erase(next);
    runs_.emplace(id, last);
  } else {
    runs_.emplace(id, id);
  }
  return id;
}

}  // namespace kioku
