// The steps that turn one sequence into another (a longest common subsequence), with a bound on
// the work so that long input cannot make it quadratic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace kioku {

enum class DiffStep {
  kKeep,    // the next element of both sequences is the same
  kDelete,  // the next element of `from` is not in `to`
  kInsert,  // the next element of `to` is not in `from`
};

// Steps from `from` to `to`: walking them consumes both sequences in order. The common
// beginning and end are kept; between them, a longest common subsequence is kept when the
// middles make at most `max_cells` pairs (their lengths multiplied), and otherwise nothing of
// the middle is: it is all deleted, then all inserted. Of several longest subsequences, the
// one kept takes a match as soon as it can, and a deletion before an insertion. Time and
// memory: linear in the lengths, plus at most `max_cells` (two bytes each).
std::vector<DiffStep> diff_sequences(std::span<const std::uint32_t> from,
                                     std::span<const std::uint32_t> to, std::size_t max_cells);

}  // namespace kioku
