// system.*: greeting, introspection, shutdown.
#include <unistd.h>

#include "daemon/methods/method_table.hpp"
#include "protocol/methods.hpp"
#include "protocol/system_types.hpp"

namespace kioku::daemon {

namespace {

protocol::HelloResult hello(const protocol::HelloParams& /*params*/, MethodContext& context) {
  return protocol::HelloResult{.daemon = "kiokud",
                               .version = KIOKU_VERSION,
                               .protocol = protocol::kProtocolVersion,
                               .collection = context.collection_path,
                               .pid = static_cast<std::int64_t>(::getpid())};
}

protocol::MethodsResult methods(const protocol::NoParams& /*params*/, MethodContext& /*context*/) {
  protocol::MethodsResult result;
  for (const Method& method : method_table()) {
    protocol::MethodInfo& info = result.methods.emplace_back();
    info.name = method.name;
    info.help = method.help;
    for (const protocol::FieldSpec& spec : method.params) {
      info.params.push_back(protocol::ParamInfo{.name = std::string(spec.name),
                                                .type = std::string(protocol::to_string(spec.type)),
                                                .required = spec.required,
                                                .help = std::string(spec.help)});
    }
  }
  return result;
}

protocol::ShutdownResult shutdown(const protocol::NoParams& /*params*/, MethodContext& context) {
  context.request_shutdown();
  return protocol::ShutdownResult{.stopping = true};
}

}  // namespace

std::vector<Method> system_methods() {
  return {method_row(protocol::kHello, hello), method_row(protocol::kMethods, methods),
          method_row(protocol::kShutdown, shutdown)};
}

}  // namespace kioku::daemon
