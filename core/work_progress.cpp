// A progress report that scales its parts' fractions into its own (core/work_progress.hpp).
#include "core/work_progress.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace kioku {

namespace {

constexpr std::array<std::pair<WorkStage, const char*>, 10> kStageNames = {{
    {WorkStage::kReading, "reading"},
    {WorkStage::kFitting, "fitting"},
    {WorkStage::kScoring, "scoring"},
    {WorkStage::kSimulating, "simulating"},
    {WorkStage::kImporting, "importing"},
    {WorkStage::kChecking, "checking"},
    {WorkStage::kReplaying, "replaying"},
    {WorkStage::kWriting, "writing"},
    {WorkStage::kRestoring, "restoring"},
    {WorkStage::kBackingUp, "backing-up"},
}};

}  // namespace

const char* work_stage_name(WorkStage stage) noexcept {
  for (const auto& [each, name] : kStageNames) {
    if (each == stage) return name;
  }
  return "reading";
}

std::optional<WorkStage> parse_work_stage(std::string_view name) noexcept {
  for (const auto& [stage, each] : kStageNames) {
    if (name == each) return stage;
  }
  return std::nullopt;
}

ProgressReport ProgressReport::share(std::size_t index, std::size_t count) const {
  if (count == 0) return *this;
  return part(static_cast<double>(index) / static_cast<double>(count),
              static_cast<double>(index + 1) / static_cast<double>(count));
}

ProgressReport::ProgressReport(Sink sink)
    : sink_(sink ? std::make_shared<const Sink>(std::move(sink)) : nullptr) {}

void ProgressReport::operator()(WorkStage stage, std::size_t done, std::size_t total) const {
  if (!sink_) return;
  const double fraction =
      total == 0 ? 1.0 : std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
  // A part done is exactly its end, which rounding could leave short of 1 for the last part.
  (*sink_)(stage, fraction >= 1.0 ? to_ : from_ + (to_ - from_) * fraction, std::nullopt);
}

void ProgressReport::cards_done(WorkStage stage, double fraction, std::uint64_t cards) const {
  if (!sink_) return;
  (*sink_)(stage, from_ + (to_ - from_) * std::clamp(fraction, 0.0, 1.0), cards);
}

ProgressReport ProgressReport::part(double from, double to) const {
  ProgressReport narrowed = *this;
  narrowed.from_ = from_ + (to_ - from_) * std::clamp(from, 0.0, 1.0);
  narrowed.to_ = from_ + (to_ - from_) * std::clamp(to, 0.0, 1.0);
  return narrowed;
}

}  // namespace kioku
