// The protocol's request types against the daemon's method table: until the table is built from
// the types (issue 10), this keeps the two from drifting apart, method by method.
#include <catch2/catch.hpp>
#include <tuple>

#include "daemon/methods/method_table.hpp"
#include "protocol/deck_types.hpp"
#include "protocol/doctor_types.hpp"
#include "protocol/review_types.hpp"
#include "protocol/stats_types.hpp"
#include "protocol/system_types.hpp"

using namespace kioku;

namespace {

template <class Params, class Result>
void check_against_table(const protocol::MethodType<Params, Result>& type) {
  INFO("method " << type.name);
  const daemon::Method* method = daemon::find_method(type.name);
  REQUIRE(method != nullptr);
  CHECK(method->help == type.help);
  const auto& specs = protocol::field_specs<Params>();
  REQUIRE(specs.size() == method->params.size());
  for (std::size_t index = 0; index < specs.size(); ++index) {
    INFO("parameter " << index);
    CHECK(specs[index].name == method->params[index].name);
    CHECK(protocol::to_string(specs[index].type) == daemon::to_string(method->params[index].type));
    CHECK(specs[index].required == method->params[index].required);
    CHECK(specs[index].help == method->params[index].help);
  }
}

}  // namespace

TEST_CASE("wire types: every method of the table has its request type, field for field",
          "[daemon][protocol]") {
  const auto methods = std::make_tuple(
      protocol::kHello, protocol::kMethods, protocol::kShutdown, protocol::kDeckList,
      protocol::kDeckImport, protocol::kDeckConfig, protocol::kDoctorRebuild,
      protocol::kDoctorCheck, protocol::kReviewNext, protocol::kReviewAnswer, protocol::kReviewBury,
      protocol::kReviewUnbury, protocol::kDueCounts, protocol::kStatsSummary);
  std::apply([](const auto&... type) { (check_against_table(type), ...); }, methods);
  CHECK(std::tuple_size_v<decltype(methods)> == daemon::method_table().size());
}
