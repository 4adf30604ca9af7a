// THE method table: every method the daemon answers, with its parameters and one line of help,
// both taken from the method's request type in protocol/ (protocol/*_types.hpp). Parameter
// checks happen once, in the dispatcher, from the `params` listed here.
#pragma once

#include <boost/json.hpp>
#include <functional>
#include <span>
#include <string_view>

#include "daemon/methods/method_context.hpp"
#include "protocol/field_spec.hpp"

namespace kioku::daemon {

// A handler gets parameters already checked against its method's params and returns the result.
// It throws kioku::Error for failures; the dispatcher turns them into JSON-RPC errors.
using Handler =
    std::function<boost::json::value(const boost::json::object& params, MethodContext& context)>;

struct Method {
  std::string_view name;
  std::string_view help;
  std::span<const protocol::FieldSpec> params;
  Handler handler;
  // Whether a descriptor passed with the request (SCM_RIGHTS) is for this method; with any other
  // method it is refused and closed.
  bool takes_descriptor = false;
};

std::span<const Method> method_table();
const Method* find_method(std::string_view name);

// Handlers, one group per noun (each defined in its own file).
boost::json::value handle_hello(const boost::json::object& params, MethodContext& context);
boost::json::value handle_methods(const boost::json::object& params, MethodContext& context);
boost::json::value handle_shutdown(const boost::json::object& params, MethodContext& context);
boost::json::value handle_deck_list(const boost::json::object& params, MethodContext& context);
boost::json::value handle_deck_import(const boost::json::object& params, MethodContext& context);
boost::json::value handle_deck_config(const boost::json::object& params, MethodContext& context);
boost::json::value handle_doctor_rebuild(const boost::json::object& params, MethodContext& context);
boost::json::value handle_doctor_check(const boost::json::object& params, MethodContext& context);
boost::json::value handle_review_next(const boost::json::object& params, MethodContext& context);
boost::json::value handle_review_answer(const boost::json::object& params, MethodContext& context);
boost::json::value handle_review_bury(const boost::json::object& params, MethodContext& context);
boost::json::value handle_review_unbury(const boost::json::object& params, MethodContext& context);
boost::json::value handle_due_counts(const boost::json::object& params, MethodContext& context);
boost::json::value handle_stats_summary(const boost::json::object& params, MethodContext& context);

}  // namespace kioku::daemon
