// JSON-RPC 2.0 request handling over the method table.
#include "daemon/methods/dispatcher.hpp"

#include <iostream>

#include "daemon/methods/method_table.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::daemon {

namespace json = boost::json;
namespace code = protocol::code;

namespace {

// Deeper nesting than this is refused before it can exhaust the stack.
constexpr std::size_t kMaxJsonDepth = 64;
constexpr std::size_t kMaxBatchSize = 256;

struct RequestError {
  int code;
  std::string message;
};

bool type_matches(const json::value& value, ParamType type) {
  switch (type) {
    case ParamType::kString:
      return value.is_string();
    case ParamType::kInteger:
      return value.is_int64() || value.is_uint64();
    case ParamType::kBoolean:
      return value.is_bool();
    case ParamType::kObject:
      return value.is_object();
  }
  return false;
}

// Checks params against the method's specs; returns an error message, or empty when fine.
std::string check_params(const Method& method, const json::object& params) {
  for (const auto& [key, value] : params) {
    const ParamSpec* spec = nullptr;
    for (const ParamSpec& candidate : method.params) {
      if (candidate.name == key) spec = &candidate;
    }
    if (spec == nullptr) {
      std::string allowed;
      for (const ParamSpec& candidate : method.params) {
        allowed += (allowed.empty() ? "" : ", ") + std::string(candidate.name);
      }
      return "unknown parameter '" + std::string(key) + "' for " + std::string(method.name) +
             (allowed.empty() ? " (it takes none)" : " (it takes: " + allowed + ")");
    }
    if (!type_matches(value, spec->type)) {
      return "parameter '" + std::string(key) + "' must be " +
             (spec->type == ParamType::kInteger ? "an " : "a ") +
             std::string(to_string(spec->type));
    }
  }
  for (const ParamSpec& spec : method.params) {
    if (spec.required && !params.contains(spec.name)) {
      return "missing required parameter '" + std::string(spec.name) + "' (" +
             std::string(to_string(spec.type)) + ": " + std::string(spec.help) + ")";
    }
  }
  return {};
}

// Why the descriptors passed with a request to `method` are refused; empty when they are fine.
std::string descriptor_problem(const Method& method, const PassedDescriptors& descriptors) {
  const std::string name(method.name);
  if (!method.takes_descriptor) {
    return "a file descriptor was passed with " + name + ", which takes none; it was closed";
  }
  if (descriptors.count > 1) {
    return std::to_string(descriptors.count) + " file descriptors were passed with " + name +
           "; a request may pass one at most (all were closed)";
  }
  return {};
}

// Lends the request's descriptor (null: none for this method) to its handler for the handler's
// duration.
class LentDescriptor {
 public:
  LentDescriptor(MethodContext& context, protocol::UniqueFd* descriptor) : context_(context) {
    context_.passed_descriptor = descriptor;
  }
  ~LentDescriptor() { context_.passed_descriptor = nullptr; }
  LentDescriptor(const LentDescriptor&) = delete;
  LentDescriptor& operator=(const LentDescriptor&) = delete;

 private:
  MethodContext& context_;
};

// Handles one request object and the descriptors passed with it; returns the response, or null
// for a notification.
json::value handle_request(const json::value& request, MethodContext& context,
                           PassedDescriptors& descriptors) {
  if (!request.is_object()) {
    return protocol::make_error(nullptr, code::kInvalidRequest, "a request must be a JSON object");
  }
  const json::object& object = request.as_object();
  const json::value* id_field = object.if_contains("id");
  const bool is_notification = id_field == nullptr;
  const json::value id = id_field ? *id_field : json::value(nullptr);
  // Once a request is well formed, a notification is never answered, not even with an error
  // (JSON-RPC 2.0 §4.1); a malformed one is an invalid request and gets a reply.
  const auto error = [&](int error_code, const std::string& message,
                         json::value data = nullptr) -> json::value {
    if (is_notification) return nullptr;
    return protocol::make_error(id, error_code, message, std::move(data));
  };

  if (id_field && !(id_field->is_string() || id_field->is_number() || id_field->is_null())) {
    return protocol::make_error(nullptr, code::kInvalidRequest, "'id' must be a string or number");
  }
  const json::value* version = object.if_contains("jsonrpc");
  if (version == nullptr || !version->is_string() || version->as_string() != "2.0") {
    return protocol::make_error(id, code::kInvalidRequest, "'jsonrpc' must be \"2.0\"");
  }
  const json::value* method_name = object.if_contains("method");
  if (method_name == nullptr || !method_name->is_string()) {
    return protocol::make_error(id, code::kInvalidRequest, "'method' must be a string");
  }
  const std::string_view name = method_name->as_string();
  const Method* method = find_method(name);
  if (method == nullptr) {
    return error(code::kMethodNotFound,
                 "unknown method '" + std::string(name) + "' (system.methods lists them)");
  }
  json::object params;
  if (const json::value* given = object.if_contains("params"); given && !given->is_null()) {
    if (given->is_array() && given->as_array().empty()) {
      // An empty positional list is the same as no parameters.
    } else if (!given->is_object()) {
      return error(code::kInvalidParams, "'params' must be an object of named parameters");
    } else {
      params = given->as_object();
    }
  }
  if (std::string problem = check_params(*method, params); !problem.empty()) {
    return error(code::kInvalidParams, problem);
  }
  if (!descriptors.empty()) {
    if (std::string problem = descriptor_problem(*method, descriptors); !problem.empty()) {
      return error(code::kInvalidParams, problem);
    }
    if (descriptors.lost) {
      return error(code::kUnavailable,
                   "the file descriptor passed with " + std::string(name) +
                       " did not arrive (kiokud is out of file descriptors?); try again");
    }
  }

  json::value response;
  const LentDescriptor lent(context, method->takes_descriptor ? &descriptors.first : nullptr);
  try {
    response = protocol::make_result(id, method->handler(params, context));
  } catch (const InputError& failure) {
    json::object data{
        {"file", failure.file()}, {"line", failure.line()}, {"field", failure.field()}};
    response = error(protocol::to_json_rpc_code(failure.code()), failure.what(), std::move(data));
  } catch (const Error& failure) {
    response = error(protocol::to_json_rpc_code(failure.code()), failure.what());
  } catch (const std::exception& failure) {
    std::cerr << "kiokud: internal error in " << name << ": " << failure.what() << '\n';
    response = error(code::kInternalError, std::string("internal error: ") + failure.what());
  }
  if (is_notification) return nullptr;
  return response;
}

}  // namespace

std::string dispatch_line(std::string_view line, MethodContext& context,
                          PassedDescriptors descriptors) {
  json::parse_options options;
  options.max_depth = kMaxJsonDepth;
  json::error_code parse_error;
  json::value request = json::parse(line, parse_error, {}, options);
  if (parse_error) {
    return protocol::to_line(protocol::make_error(
        nullptr, code::kParseError, "request is not valid JSON: " + parse_error.message()));
  }
  if (!request.is_array()) {
    const json::value response = handle_request(request, context, descriptors);
    return response.is_null() ? std::string() : protocol::to_line(response);
  }
  const json::array& batch = request.as_array();
  if (batch.empty()) {
    return protocol::to_line(
        protocol::make_error(nullptr, code::kInvalidRequest, "a batch must not be empty"));
  }
  if (!descriptors.empty()) {
    return protocol::to_line(protocol::make_error(
        nullptr, code::kInvalidRequest,
        "a file descriptor cannot be passed with a batch (it was closed); send the request that "
        "takes it on a line of its own"));
  }
  if (batch.size() > kMaxBatchSize) {
    return protocol::to_line(protocol::make_error(
        nullptr, code::kInvalidRequest,
        "a batch may hold at most " + std::to_string(kMaxBatchSize) + " requests"));
  }
  json::array responses;
  for (const json::value& entry : batch) {
    json::value response = handle_request(entry, context, descriptors);
    if (!response.is_null()) responses.push_back(std::move(response));
  }
  return responses.empty() ? std::string() : protocol::to_line(responses);
}

}  // namespace kioku::daemon
