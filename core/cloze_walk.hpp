// A walk over a cloze tree in the order its text reads, on a stack of its own: a tree built by
// hand may be deeper than the parser allows, and the walk must not recurse with it.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "core/cloze.hpp"

namespace kioku {

// Calls `visit(segment)` for every segment, a deletion before what it holds; a deletion's content
// is walked when `visit` returns true for it.
template <typename Visit>
void walk_cloze_segments(const std::vector<ClozeSegment>& segments, Visit&& visit) {
  std::vector<std::pair<const std::vector<ClozeSegment>*, std::size_t>> pending{{&segments, 0}};
  while (!pending.empty()) {
    auto& [siblings, next] = pending.back();
    if (next == siblings->size()) {
      pending.pop_back();
      continue;
    }
    const ClozeSegment& segment = (*siblings)[next++];
    const bool descend = visit(segment);
    if (descend && segment.is_cloze() && !segment.content.empty())
      pending.emplace_back(&segment.content, 0);
  }
}

}  // namespace kioku
