// The table: every noun's rows, in the order system.methods lists them.
#include "daemon/methods/method_table.hpp"

namespace kioku::daemon {

namespace {

const std::vector<Method>& table() {
  static const std::vector<Method> methods = [] {
    std::vector<Method> all;
    for (auto group : {system_methods, config_methods, deck_methods, doctor_methods, review_methods,
                       bury_methods, undo_methods, suspend_methods, due_methods, stats_methods,
                       note_methods, collection_methods, sched_methods}) {
      for (Method& method : group()) all.push_back(std::move(method));
    }
    return all;
  }();
  return methods;
}

}  // namespace

std::span<const Method> method_table() {
  return table();
}

void refuse_long_request_here(const MethodContext& context) {
  if (context.may_answer_later || context.session == nullptr) return;
  throw Error(
      ErrorCode::kInvalidRequest,
      bilingual("this request can take long, and runs beside other clients' requests only "
                "when sent alone with an id: send it on a line of its own, not in a batch "
                "or as a notification",
                "この要求は時間がかかることがあり、id を付けて単独で送られたときだけ、ほかの"
                "クライアントの要求と並んで実行されます。バッチや通知としてではなく、一行に"
                "一つだけで送ってください"));
}

const Method* find_method(std::string_view name) {
  for (const Method& method : table()) {
    if (method.name == name) return &method;
  }
  return nullptr;
}

std::string invoke(const Method& method, const boost::json::object& params,
                   MethodContext& context) {
  protocol::check_params(method.name, method.params, params);
  return method.handler(params, context);
}

}  // namespace kioku::daemon
