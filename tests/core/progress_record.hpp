// What a computation told its progress report, for the tests of the fit, the evaluation and the
// simulation: every fraction in order, and a way to cancel after a number of reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "core/work_progress.hpp"

namespace kioku::test {

struct ProgressRecord {
  std::vector<double> fractions;
  std::vector<WorkStage> stages;
  // The report after this many throws WorkCancelled, as kiokud's does once its client has gone.
  std::size_t cancel_after = std::numeric_limits<std::size_t>::max();

  ProgressReport report() {
    return ProgressReport([this](WorkStage stage, double fraction, std::optional<std::uint64_t>) {
      if (fractions.size() == cancel_after)
        throw WorkCancelled(kioku::same_in_both("the client left"));
      fractions.push_back(fraction);
      stages.push_back(stage);
    });
  }

  // Starts at 0, never goes back, and ends at exactly 1.
  bool rises_from_zero_to_one() const {
    if (fractions.empty() || fractions.front() != 0.0 || fractions.back() != 1.0) return false;
    for (std::size_t index = 1; index < fractions.size(); ++index) {
      if (fractions[index] < fractions[index - 1]) return false;
    }
    return true;
  }

  bool all_in(WorkStage stage) const {
    for (const WorkStage each : stages) {
      if (each != stage) return false;
    }
    return true;
  }
};

}  // namespace kioku::test
