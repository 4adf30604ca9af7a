// THE method table: every method the daemon answers, with its parameters and one line of help.
// Parameter checks happen once, in the dispatcher, from the `params` described here.
#pragma once

#include <boost/json.hpp>
#include <functional>
#include <span>
#include <string_view>

#include "daemon/methods/method_context.hpp"

namespace kioku::daemon {

enum class ParamType { kString, kInteger, kBoolean, kObject };

struct ParamSpec {
  std::string_view name;
  ParamType type;
  bool required;
  std::string_view help;
};

// A handler gets parameters already checked against its ParamSpecs and returns the result.
// It throws kioku::Error for failures; the dispatcher turns them into JSON-RPC errors.
using Handler =
    std::function<boost::json::value(const boost::json::object& params, MethodContext& context)>;

struct Method {
  std::string_view name;
  std::string_view help;
  std::vector<ParamSpec> params;
  Handler handler;
  // Whether a descriptor passed with the request (SCM_RIGHTS) is for this method; with any other
  // method it is refused and closed.
  bool takes_descriptor = false;
};

std::span<const Method> method_table();
const Method* find_method(std::string_view name);
std::string_view to_string(ParamType type) noexcept;

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
