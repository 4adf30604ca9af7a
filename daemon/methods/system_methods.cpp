// system.*: greeting, introspection, shutdown.
#include <unistd.h>

#include "daemon/methods/method_table.hpp"
#include "protocol/methods.hpp"

namespace kioku::daemon {

namespace json = boost::json;

json::value handle_hello(const json::object& /*params*/, MethodContext& context) {
  return json::object{{"daemon", "kiokud"},
                      {"version", KIOKU_VERSION},
                      {"protocol", protocol::kProtocolVersion},
                      {"collection", context.collection_path},
                      {"pid", static_cast<std::int64_t>(::getpid())}};
}

json::value handle_methods(const json::object& /*params*/, MethodContext& /*context*/) {
  json::array methods;
  for (const Method& method : method_table()) {
    json::array params;
    for (const protocol::FieldSpec& spec : method.params) {
      params.push_back(json::object{{"name", spec.name},
                                    {"type", protocol::to_string(spec.type)},
                                    {"required", spec.required},
                                    {"help", spec.help}});
    }
    methods.push_back(
        json::object{{"name", method.name}, {"help", method.help}, {"params", std::move(params)}});
  }
  return json::object{{"methods", std::move(methods)}};
}

json::value handle_shutdown(const json::object& /*params*/, MethodContext& context) {
  context.request_shutdown();
  return json::object{{"stopping", true}};
}

}  // namespace kioku::daemon
