// A progress report's parts and stage names (core/work_progress.hpp).
#include "core/work_progress.hpp"

#include <catch2/catch.hpp>

#include "tests/core/progress_record.hpp"

namespace kioku {
namespace {

using Catch::Detail::Approx;

TEST_CASE("progress: parts land in their share of the whole and nest", "[core][progress]") {
  test::ProgressRecord record;
  const ProgressReport whole = record.report();
  whole(WorkStage::kFitting, 1, 4);
  const ProgressReport second_half = whole.part(0.5, 1.0);
  second_half(WorkStage::kFitting, 0, 10);
  second_half(WorkStage::kFitting, 5, 10);
  // A quarter of the second half's first half.
  second_half.part(0.0, 0.5)(WorkStage::kFitting, 1, 2);
  second_half(WorkStage::kFitting, 10, 10);
  // A total of none is all done, and more than the total is no more than all.
  whole.part(0.2, 0.4)(WorkStage::kScoring, 0, 0);
  whole(WorkStage::kFitting, 7, 3);
  REQUIRE(record.fractions.size() == 7);
  CHECK(record.fractions[0] == Approx(0.25));
  CHECK(record.fractions[1] == Approx(0.5));
  CHECK(record.fractions[2] == Approx(0.75));
  CHECK(record.fractions[3] == Approx(0.625));
  CHECK(record.fractions[4] == Approx(1.0));
  CHECK(record.fractions[5] == Approx(0.4));
  CHECK(record.stages[5] == WorkStage::kScoring);
  CHECK(record.fractions[6] == 1.0);
}

TEST_CASE("progress: a report to nobody does nothing", "[core][progress]") {
  const ProgressReport nobody;
  CHECK_NOTHROW(nobody(WorkStage::kReading, 1, 2));
  CHECK_NOTHROW(nobody.part(0.1, 0.2)(WorkStage::kReading, 1, 2));
}

TEST_CASE("progress: a cancelled report throws an Error the server can answer with",
          "[core][progress]") {
  test::ProgressRecord record;
  record.cancel_after = 1;
  const ProgressReport report = record.report();
  report(WorkStage::kSimulating, 0, 3);
  try {
    report(WorkStage::kSimulating, 1, 3);
    FAIL("no WorkCancelled");
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kUnavailable);
    CHECK(std::string(error.what()) == "the client left");
  }
}

TEST_CASE("progress: stage names go both ways", "[core][progress]") {
  for (const WorkStage stage :
       {WorkStage::kReading, WorkStage::kFitting, WorkStage::kScoring, WorkStage::kSimulating,
        WorkStage::kImporting, WorkStage::kChecking, WorkStage::kReplaying, WorkStage::kWriting,
        WorkStage::kRestoring, WorkStage::kBackingUp}) {
    CHECK(parse_work_stage(work_stage_name(stage)) == stage);
  }
  CHECK(std::string(work_stage_name(WorkStage::kRestoring)) == "restoring");
  CHECK(std::string(work_stage_name(WorkStage::kBackingUp)) == "backing-up");
  CHECK(std::string(work_stage_name(WorkStage::kFitting)) == "fitting");
  CHECK_FALSE(parse_work_stage("Fitting").has_value());
  CHECK_FALSE(parse_work_stage("").has_value());
}

}  // namespace
}  // namespace kioku
