// Anki's Intersperser (scheduling.md §2.7): mixes two queues evenly into one. With lengths n1 and
// n2 and ratio r = (n1 + 1) / (n2 + 1), the next item comes from the second queue when
// (items taken from it + 1) × r < items taken from the first + 1, else from the first; when one
// queue is used up the other continues. The longer queue therefore starts, and the gaps between
// items of the shorter one are as even as possible, also at the start and the end.
//
// The daemon builds no queue object that lives across requests: it asks intersperse_next which
// queue comes next, with the day's totals as lengths and what was already studied today as the
// items taken, which gives the order Anki's iterator over the day's queue would give.
#pragma once

#include <cstdint>
#include <optional>

namespace kioku {

enum class IntersperseSource { kFirst, kSecond };

// Which queue the next item comes from, after `first_taken` of `first_length` and `second_taken`
// of `second_length` items; nullopt when both are used up. Computed in float as Anki does, so
// ties round the same way.
std::optional<IntersperseSource> intersperse_next(std::int64_t first_taken,
                                                  std::int64_t first_length,
                                                  std::int64_t second_taken,
                                                  std::int64_t second_length) noexcept;

}  // namespace kioku
