// The whole sequence Anki's Intersperser makes of two queues, built from core's one-step
// decision (intersperse_next). Only tests hold both queues at once: the daemon asks for one
// step at a time (core/queue_order).
#pragma once

#include <cstdint>
#include <vector>

#include "core/intersperser.hpp"

namespace kioku::test {

template <typename Item>
std::vector<Item> intersperse(const std::vector<Item>& first, const std::vector<Item>& second) {
  std::vector<Item> mixed;
  mixed.reserve(first.size() + second.size());
  std::size_t first_taken = 0;
  std::size_t second_taken = 0;
  while (const auto source = intersperse_next(
             static_cast<std::int64_t>(first_taken), static_cast<std::int64_t>(first.size()),
             static_cast<std::int64_t>(second_taken), static_cast<std::int64_t>(second.size()))) {
    mixed.push_back(*source == IntersperseSource::kFirst ? first[first_taken++]
                                                         : second[second_taken++]);
  }
  return mixed;
}

}  // namespace kioku::test
