// THE method table: every method the daemon answers, with its parameters and one line of help,
// both taken from the method's request type in protocol/ (protocol/*_types.hpp). Each noun's
// file (`*_methods.cpp`) lists its own rows with `method_row`, so adding a method to a noun
// touches that file and the noun's types only.
#pragma once

#include <boost/json.hpp>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "daemon/methods/method_context.hpp"
#include "protocol/field_spec.hpp"
#include "protocol/method_type.hpp"
#include "protocol/wire_struct.hpp"
#include "protocol/wire_text.hpp"

namespace kioku::daemon {

// A row's handler on the wire's terms: parameters already checked against the row's `params`
// in, the result's JSON text out. Throws kioku::Error for failures.
using JsonHandler =
    std::function<std::string(const boost::json::object& params, MethodContext& context)>;

struct Method {
  std::string_view name;
  std::string_view help;
  std::span<const protocol::FieldSpec> params;
  JsonHandler handler;
  // Whether a descriptor passed with the request (SCM_RIGHTS) is for this method; with any other
  // method it is refused and closed.
  bool takes_descriptor = false;
};

// A handler as each noun writes it: its method's request struct in, its result struct out.
template <class Params, class Result>
using Handler = Result (*)(const Params& params, MethodContext& context);

// One row of the table: the name, help and parameters come from the method's type; the handler
// reads and writes that type's structs.
template <class Params, class Result>
Method method_row(const protocol::MethodType<Params, Result>& type, Handler<Params, Result> handler,
                  bool takes_descriptor = false) {
  const std::string_view name = type.name;
  return Method{name, type.help, protocol::field_specs<Params>(),
                [handler, name](const boost::json::object& params, MethodContext& context) {
                  return protocol::wire_text(
                      handler(protocol::decode_checked_params<Params>(name, params), context));
                },
                takes_descriptor};
}

// Throws kioku::Error (kInvalidRequest) for a long request that may not be answered later because
// it came over a socket in a batch or as a notification: run at once, it would hold the server's
// thread, and every other client, for as long as it takes (a 1M-row import). Off a socket
// (in-process), it runs at once.
void refuse_long_request_here(const MethodContext& context);

// Answers the request with what `work` returns, made off the server's thread when the request
// allows it (MethodContext::may_answer_later), so that the other clients are served meanwhile
// (a backup of a large collection); otherwise it runs now. `work` must not touch the collection
// or the context: it runs beside the thread that owns them. What it throws becomes the
// request's error as a handler's would. Returns the result to give when it ran now, and an empty
// one (which is never sent) when it will run later.
// A `work` that takes a ProgressReport tells it how far it has come; the report throws
// WorkCancelled once nobody waits for the result, and the client hears request.progress
// notifications when `notify_progress` (the request's `progress` parameter). Run now, it tells
// nobody and is never stopped.
template <class Result, class Work>
Result answer_later(MethodContext& context, Work work, bool notify_progress = false) {
  constexpr bool reports = std::is_invocable_v<Work&, const ProgressReport&>;
  if (!context.may_answer_later) {
    refuse_long_request_here(context);
    if constexpr (reports) {
      return work(ProgressReport{});
    } else {
      return work();
    }
  }
  context.later.make = [work = std::move(work)](const ProgressReport& progress) mutable {
    if constexpr (reports) {
      return protocol::wire_text(Result(work(progress)));
    } else {
      return protocol::wire_text(Result(work()));
    }
  };
  context.later.notify_progress = notify_progress;
  context.later.stops_when_client_leaves = reports;
  return Result{};
}

std::span<const Method> method_table();
const Method* find_method(std::string_view name);

// Runs `method` with `params` outside any envelope: checks the parameters (kInvalidParams
// naming the one at fault) and returns the JSON text of the handler's result, which a front end
// puts in its envelope as it is. Throws kioku::Error; JSON-RPC's dispatcher and any other front
// end turn those into their own errors.
std::string invoke(const Method& method, const boost::json::object& params, MethodContext& context);

// Each noun's rows, defined in its `*_methods.cpp`; the table lists them in this order.
std::vector<Method> system_methods();
std::vector<Method> config_methods();
std::vector<Method> deck_methods();
std::vector<Method> doctor_methods();
std::vector<Method> review_methods();
std::vector<Method> bury_methods();
std::vector<Method> undo_methods();
std::vector<Method> suspend_methods();
std::vector<Method> due_methods();
std::vector<Method> stats_methods();
std::vector<Method> note_methods();
std::vector<Method> collection_methods();
std::vector<Method> sched_methods();

}  // namespace kioku::daemon
