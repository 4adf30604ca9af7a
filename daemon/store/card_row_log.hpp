// The rows of `cards` a connection has written, counted, and the latest of them remembered: what
// a reader that kept something of the cards (TaggedCards) needs to bring it up to date by reading
// only those rows again, where a count alone makes it read every card (docs/decisions.md,
// "Session 43").
// Owned by the connection's row listener (KeptCardSnapshots); not thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace kioku::daemon {

class CardRowLog {
 public:
  // As many rows as an edit of notes in one request writes; an import writes more, and then
  // its readers read every card.
  static constexpr std::uint64_t kRemembered = 4096;

  void add(std::int64_t rowid) noexcept {
    rows_[written_ % kRemembered] = rowid;
    ++written_;
  }
  // How many rows were written (inserted, updated or deleted, rolled back or not).
  std::uint64_t written() const noexcept { return written_; }
  // The rows written since written() was `since`, oldest first, a row as often as it was
  // written; nothing when more were written since than are remembered.
  std::optional<std::vector<std::int64_t>> since(std::uint64_t since) const {
    if (since > written_ || written_ - since > kRemembered) return std::nullopt;
    std::vector<std::int64_t> rows;
    rows.reserve(written_ - since);
    for (std::uint64_t at = since; at < written_; ++at) rows.push_back(rows_[at % kRemembered]);
    return rows;
  }

 private:
  std::array<std::int64_t, kRemembered> rows_{};
  std::uint64_t written_ = 0;
};

}  // namespace kioku::daemon
