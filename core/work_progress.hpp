// How far a long computation has come (a fit, an evaluation, a simulation), told to whoever
// waits for it, and how that waiter stops it: the report throws WorkCancelled, and the
// computation, which holds nothing but its own memory, unwinds with nothing to undo
// (docs/fsrs-optimizer.md, "Progress and cancelling").
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace kioku {

enum class WorkStage {
  kReading,
  kFitting,
  kScoring,
  kSimulating,
  kImporting,
  kChecking,   // SQLite's integrity check (doctor.check)
  kReplaying,  // card states recomputed from their logs (doctor.rebuild, a deck's new scheduler)
  kWriting,    // an export's file
  kRestoring,  // collection.restore, once the file has passed its check
  kBackingUp,  // collection.backup's copy
};

// "reading", "fitting", "scoring", "simulating", "importing", "checking", "replaying",
// "writing", "restoring", "backing-up": the names the protocol uses.
const char* work_stage_name(WorkStage stage) noexcept;
std::optional<WorkStage> parse_work_stage(std::string_view name) noexcept;

// Thrown from a report to stop the work; an Error (kUnavailable), so that a request stopped so
// answers as any other refused one.
class WorkCancelled : public Error {
 public:
  explicit WorkCancelled(const BilingualMessage& why) : Error(ErrorCode::kUnavailable, why) {}
};

class ProgressReport {
 public:
  // Told a stage, how much of it is done (0 to 1) and, when the work counts them, how many
  // cards it has done so far (an import); may throw WorkCancelled.
  using Sink =
      std::function<void(WorkStage stage, double fraction, std::optional<std::uint64_t> cards)>;

  ProgressReport() = default;  // tells nobody
  explicit ProgressReport(Sink sink);

  // `done` of `total` steps of `stage` are done (a total of 0 is all of it).
  void operator()(WorkStage stage, std::size_t done, std::size_t total) const;
  // `cards` cards are done, and `fraction` of `stage` (an import: the share of its file read).
  void cards_done(WorkStage stage, double fraction, std::uint64_t cards) const;
  // This report for a part of the work: the part's fractions 0 to 1 arrive as `from` to `to`
  // of this one's (the folds of an evaluation, each a fit of its own).
  ProgressReport part(double from, double to) const;
  // Part `index` of `count` equal parts (the decks of a check or an export, whose sizes are not
  // counted first).
  ProgressReport share(std::size_t index, std::size_t count) const;

 private:
  std::shared_ptr<const Sink> sink_;
  double from_ = 0.0;
  double to_ = 1.0;
};

}  // namespace kioku
