// The table itself. Adding a method is one row here plus its handler.
#include "daemon/methods/method_table.hpp"

#include <vector>

#include "protocol/deck_types.hpp"
#include "protocol/doctor_types.hpp"
#include "protocol/review_types.hpp"
#include "protocol/stats_types.hpp"
#include "protocol/system_types.hpp"

namespace kioku::daemon {

namespace {

// One row: the name, help and parameters come from the method's type.
template <class Params, class Result>
Method row(const protocol::MethodType<Params, Result>& type, Handler handler,
           bool takes_descriptor = false) {
  return Method{type.name, type.help, protocol::field_specs<Params>(), std::move(handler),
                takes_descriptor};
}

const std::vector<Method>& table() {
  static const std::vector<Method> methods = {
      row(protocol::kHello, handle_hello),
      row(protocol::kMethods, handle_methods),
      row(protocol::kShutdown, handle_shutdown),
      row(protocol::kDeckList, handle_deck_list),
      row(protocol::kDeckImport, handle_deck_import, true),
      row(protocol::kDeckConfig, handle_deck_config),
      row(protocol::kDoctorRebuild, handle_doctor_rebuild),
      row(protocol::kDoctorCheck, handle_doctor_check),
      row(protocol::kReviewNext, handle_review_next),
      row(protocol::kReviewAnswer, handle_review_answer),
      row(protocol::kReviewBury, handle_review_bury),
      row(protocol::kReviewUnbury, handle_review_unbury),
      row(protocol::kDueCounts, handle_due_counts),
      row(protocol::kStatsSummary, handle_stats_summary),
  };
  return methods;
}

}  // namespace

std::span<const Method> method_table() {
  return table();
}

const Method* find_method(std::string_view name) {
  for (const Method& method : table()) {
    if (method.name == name) return &method;
  }
  return nullptr;
}

}  // namespace kioku::daemon
