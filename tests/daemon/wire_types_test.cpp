// The daemon's method table against the protocol's method types: every type has its row, and
// each row's name, help and parameters are the type's.
#include <catch2/catch.hpp>
#include <tuple>

#include "daemon/methods/method_table.hpp"
#include "protocol/card_history_types.hpp"
#include "protocol/collection_types.hpp"
#include "protocol/config_types.hpp"
#include "protocol/deck_types.hpp"
#include "protocol/doctor_types.hpp"
#include "protocol/note_types.hpp"
#include "protocol/reminder_types.hpp"
#include "protocol/review_types.hpp"
#include "protocol/sched_types.hpp"
#include "protocol/stats_types.hpp"
#include "protocol/suspend_types.hpp"
#include "protocol/system_types.hpp"
#include "protocol/undo_types.hpp"

using namespace kioku;

namespace {

template <class Params, class Result>
void check_against_table(const protocol::MethodType<Params, Result>& type) {
  INFO("method " << type.name);
  const daemon::Method* method = daemon::find_method(type.name);
  REQUIRE(method != nullptr);
  CHECK(method->help == type.help);
  const auto& specs = protocol::field_specs<Params>();
  CHECK(method->params.data() == specs.data());
  CHECK(method->params.size() == specs.size());
  for (const protocol::FieldSpec& spec : specs) {
    INFO("parameter " << spec.name);
    CHECK_FALSE(spec.help.empty());  // every parameter of every method says what it is
  }
}

}  // namespace

TEST_CASE("wire types: every method of the table has its request type, field for field",
          "[daemon][protocol]") {
  const auto methods = std::make_tuple(
      protocol::kHello, protocol::kMethods, protocol::kStatus, protocol::kSystemReminders,
      protocol::kShutdown, protocol::kDeckList, protocol::kDeckImport, protocol::kDeckExport,
      protocol::kDeckConfig, protocol::kDoctorRebuild, protocol::kDoctorCheck,
      protocol::kReviewNext, protocol::kReviewCheck, protocol::kReviewChoose,
      protocol::kReviewAnswer, protocol::kReviewBury, protocol::kReviewUnbury, protocol::kDueCounts,
      protocol::kDueWatch, protocol::kStatsSummary, protocol::kStatsDays, protocol::kStatsReport,
      protocol::kNoteAdd, protocol::kNoteAddMany, protocol::kNoteUpdate, protocol::kNoteGet,
      protocol::kNoteFind, protocol::kNoteDelete, protocol::kNoteRestore, protocol::kCardGet,
      protocol::kCardHistory, protocol::kReviewUndo, protocol::kCardSuspend,
      protocol::kCardUnsuspend, protocol::kCardFlag, protocol::kCollectionBackup,
      protocol::kCollectionBackups, protocol::kCollectionRestore, protocol::kSchedOptimize,
      protocol::kSchedEvaluate, protocol::kSchedSimulate, protocol::kConfigGet,
      protocol::kConfigSet, protocol::kConfigList, protocol::kConfigReload, protocol::kConfigRead,
      protocol::kConfigWrite);
  std::apply([](const auto&... type) { (check_against_table(type), ...); }, methods);
  CHECK(std::tuple_size_v<decltype(methods)> == daemon::method_table().size());
}
