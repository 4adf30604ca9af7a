// The steps between two sequences (core/sequence_diff.hpp): a longest common subsequence,
// bounded.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "core/sequence_diff.hpp"

using namespace kioku;
using Sequence = std::vector<std::uint32_t>;
using Steps = std::vector<DiffStep>;

namespace {

constexpr DiffStep K = DiffStep::kKeep;
constexpr DiffStep D = DiffStep::kDelete;
constexpr DiffStep I = DiffStep::kInsert;

// The length of a longest common subsequence, by the textbook recurrence on prefixes.
std::size_t lcs_length(const Sequence& a, const Sequence& b) {
  std::vector<std::vector<std::size_t>> length(a.size() + 1,
                                               std::vector<std::size_t>(b.size() + 1, 0));
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      length[i][j] = a[i - 1] == b[j - 1] ? length[i - 1][j - 1] + 1
                                          : std::max(length[i - 1][j], length[i][j - 1]);
    }
  }
  return length[a.size()][b.size()];
}

// Walks `steps` over both sequences: every kept pair equal, both consumed exactly. Returns the
// number kept.
std::size_t check_walk(const Sequence& from, const Sequence& to, const Steps& steps) {
  std::size_t i = 0;
  std::size_t j = 0;
  std::size_t kept = 0;
  for (const DiffStep step : steps) {
    if (step == K) {
      REQUIRE(i < from.size());
      REQUIRE(j < to.size());
      CHECK(from[i] == to[j]);
      ++i;
      ++j;
      ++kept;
    } else if (step == D) {
      REQUIRE(i < from.size());
      ++i;
    } else {
      REQUIRE(j < to.size());
      ++j;
    }
  }
  CHECK(i == from.size());
  CHECK(j == to.size());
  return kept;
}

}  // namespace

TEST_CASE("sequence diff: keeps a longest common subsequence", "[core][typed-answer]") {
  CHECK(diff_sequences(Sequence{}, Sequence{}, 100).empty());
  CHECK(diff_sequences(Sequence{1, 2}, Sequence{}, 100) == Steps{D, D});
  CHECK(diff_sequences(Sequence{}, Sequence{1, 2}, 100) == Steps{I, I});
  CHECK(diff_sequences(Sequence{1, 2, 3}, Sequence{1, 2, 3}, 0) == Steps{K, K, K});
  CHECK(diff_sequences(Sequence{1, 2, 3}, Sequence{1, 3}, 100) == Steps{K, D, K});
  CHECK(diff_sequences(Sequence{1, 3}, Sequence{1, 2, 3}, 100) == Steps{K, I, K});
  // A changed element: the deletion comes first.
  CHECK(diff_sequences(Sequence{1, 2, 3}, Sequence{1, 4, 3}, 100) == Steps{K, D, I, K});
  CHECK(diff_sequences(Sequence{5, 1, 2, 6}, Sequence{7, 1, 2, 8}, 100) == Steps{D, I, K, K, D, I});
}

TEST_CASE("sequence diff: agrees with the textbook on random sequences", "[core][typed-answer]") {
  std::mt19937 random(11);
  for (int round = 0; round < 300; ++round) {
    std::uniform_int_distribution<std::size_t> length(0, 12);
    std::uniform_int_distribution<std::uint32_t> symbol(0, round % 2 == 0 ? 2 : 6);
    Sequence a(length(random));
    Sequence b(length(random));
    for (auto& x : a) x = symbol(random);
    for (auto& x : b) x = symbol(random);
    INFO("round " << round);
    CHECK(check_walk(a, b, diff_sequences(a, b, 1000)) == lcs_length(a, b));
  }
}

TEST_CASE("sequence diff: past max_cells only the common ends are kept", "[core][typed-answer]") {
  const Sequence a{1, 2, 3, 4, 5, 9};
  const Sequence b{1, 4, 3, 2, 9};
  // The middles {2,3,4,5} and {4,3,2} make 12 pairs.
  CHECK(diff_sequences(a, b, 12) == Steps{K, D, D, K, D, I, I, K});
  CHECK(diff_sequences(a, b, 11) == Steps{K, D, D, D, D, I, I, I, K});
  const Sequence long_a(100'000, 1);
  Sequence long_b(100'000, 2);
  const Steps steps = diff_sequences(long_a, long_b, 1000);
  CHECK(check_walk(long_a, long_b, steps) == 0);
}
