// JSON-RPC 2.0 request handling over the method table.
#include "daemon/methods/dispatcher.hpp"

#include <functional>
#include <iostream>
#include <new>
#include <optional>
#include <stdexcept>
#include <utility>

#include "core/escaped_text.hpp"
#include "daemon/log_priority.hpp"
#include "daemon/methods/method_table.hpp"
#include "protocol/framing.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/message_parser.hpp"

namespace kioku::daemon {

namespace json = boost::json;
namespace code = protocol::code;

namespace {

// Deeper nesting than this is refused before it can exhaust the stack.
constexpr std::size_t kMaxJsonDepth = 64;
constexpr std::size_t kMaxBatchSize = 256;
// How long one batch may hold kiokud's thread before its remaining requests are answered "not
// run": a batch runs whole before any other client is served, and 256 searches of a large
// collection took seconds. The first request always runs.
constexpr std::int64_t kBatchShareMs = 200;
// Room on the stack for an everyday request's values (review.answer's take about 1 KiB).
constexpr std::size_t kRequestBufferBytes = 4096;
constexpr const char* kOutOfMemory =
    "kiokud ran out of memory answering this request; ask for less in one request or batch";

// One response's JSON text and its id as written there; or, when the handler answers later
// (MethodContext::later), the work that makes the response line, its text empty.
struct Response {
  std::string id;
  std::string text;
  LaterWork later = {};
};

// Whether a repeated key lies inside the request's params (then the params are invalid) rather
// than in the request's own members (then the request is).
bool in_params(const protocol::DuplicateKey& duplicate) {
  const std::string_view where = duplicate.where;
  return where == "params" || where.starts_with("params.") || where.starts_with("params[");
}

std::string duplicate_message(const protocol::DuplicateKey& duplicate) {
  return "duplicate key '" + duplicate.key + "' in " +
         (duplicate.where.empty() ? std::string("the request") : duplicate.where) +
         "; each key may appear once";
}

// Messages quote what the client sent (a method's or a parameter's name); escaped, as every
// kioku::Error's message is, so that they read whole on any terminal (core/escaped_text.hpp).
Response error_text(std::string_view id_text, int error_code, const std::string& message,
                    json::value data = nullptr) {
  return {std::string(id_text),
          protocol::response_text(
              protocol::make_error(nullptr, error_code, escape_controls(message), std::move(data)),
              id_text),
          {}};
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

// Lends `value` to the handlers through the context's `slot` for the lender's lifetime: the
// session a line came from, the descriptor passed with a request.
template <typename T>
class Lent {
 public:
  Lent(T*& slot, T* value) : slot_(slot) { slot_ = value; }
  ~Lent() { slot_ = nullptr; }
  Lent(const Lent&) = delete;
  Lent& operator=(const Lent&) = delete;

 private:
  T*& slot_;
};

// Runs `run` (a handler's work, giving the result's JSON text) and turns what it gives or throws
// into the response to request `id` of `name`: nothing for a notification, unless it was not
// well formed.
std::optional<Response> guarded(std::string_view name, const std::string& id, bool is_notification,
                                const std::function<std::string()>& run) {
  const auto error = [&](int error_code, const std::string& message,
                         json::value data = nullptr) -> std::optional<Response> {
    if (is_notification) return std::nullopt;
    return error_text(id, error_code, message, std::move(data));
  };
  try {
    const std::string result = run();
    if (is_notification) return std::nullopt;
    return Response{id, protocol::result_response_text(id, result), {}};
  } catch (const InputError& failure) {
    json::object data{
        {"file", failure.file()}, {"line", failure.line()}, {"field", failure.field()}};
    if (failure.column() > 0) data["column"] = failure.column();
    return error(protocol::to_json_rpc_code(failure.code()), failure.what(),
                 protocol::with_japanese_message(std::move(data), failure.japanese()));
  } catch (const protocol::ErrorWithData& failure) {
    return error(protocol::to_json_rpc_code(failure.code()), failure.what(),
                 protocol::with_japanese_message(failure.data(), failure.japanese()));
  } catch (const Error& failure) {
    json::value data = nullptr;
    if (!failure.japanese().empty()) data = protocol::with_japanese_message({}, failure.japanese());
    return error(protocol::to_json_rpc_code(failure.code()), failure.what(), std::move(data));
  } catch (const std::bad_alloc&) {
    return error(code::kUnavailable, kOutOfMemory);
  } catch (const std::length_error&) {
    return error(code::kUnavailable, kOutOfMemory);
  } catch (const std::exception& failure) {
    std::cerr << log_error << "kiokud: internal error in " << name << ": " << failure.what()
              << '\n';
    return error(code::kInternalError, std::string("internal error: ") + failure.what());
  }
}

// Handles one request object and the descriptors passed with it; returns the response, or
// nothing for a notification.
std::optional<Response> handle_request(const json::value& request,
                                       const protocol::MessageFacts& facts, MethodContext& context,
                                       PassedDescriptors& descriptors) {
  if (!request.is_object()) {
    return error_text("null", code::kInvalidRequest, "a request must be a JSON object");
  }
  const json::object& object = request.as_object();
  const json::value* id_field = object.if_contains("id");
  const bool is_notification = id_field == nullptr;
  if (id_field && !(id_field->is_string() || id_field->is_number() || id_field->is_null())) {
    return error_text("null", code::kInvalidRequest, "'id' must be a string or number");
  }
  // Echoed as the client wrote it: 1e400 or a 30-digit id would not survive a double.
  const std::string id = protocol::id_text(id_field, facts);
  // Once a request is well formed, a notification is never answered, not even with an error
  // (JSON-RPC 2.0 §4.1); a malformed one is an invalid request and gets a reply.
  const auto error = [&](int error_code, const std::string& message,
                         json::value data = nullptr) -> std::optional<Response> {
    if (is_notification) return std::nullopt;
    return error_text(id, error_code, message, std::move(data));
  };

  if (facts.duplicate && !in_params(*facts.duplicate)) {
    // With two ids there is none to answer with.
    const bool two_ids = facts.duplicate->where.empty() && facts.duplicate->key == "id";
    return error_text(two_ids ? "null" : id, code::kInvalidRequest,
                      duplicate_message(*facts.duplicate));
  }
  const json::value* version = object.if_contains("jsonrpc");
  if (version == nullptr || !version->is_string() || version->as_string() != "2.0") {
    return error_text(id, code::kInvalidRequest, "'jsonrpc' must be \"2.0\"");
  }
  const json::value* method_name = object.if_contains("method");
  if (method_name == nullptr || !method_name->is_string()) {
    return error_text(id, code::kInvalidRequest, "'method' must be a string");
  }
  const std::string_view name = method_name->as_string();
  const Method* method = find_method(name);
  if (method == nullptr) {
    return error(code::kMethodNotFound,
                 "unknown method '" + std::string(name) + "' (system.methods lists them)");
  }
  // Boost.JSON keeps the last of two equal keys: {"card":1,"card":2} would answer card 2.
  if (facts.duplicate) return error(code::kInvalidParams, duplicate_message(*facts.duplicate));
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
  static const json::object kNoParams;
  const json::object* params = &kNoParams;
  if (const json::value* given = object.if_contains("params"); given && !given->is_null()) {
    if (given->is_array() && given->as_array().empty()) {
      // An empty positional list is the same as no parameters.
    } else if (!given->is_object()) {
      return error(code::kInvalidParams, "'params' must be an object of named parameters");
    } else {
      params = &given->as_object();
    }
  }
  // The request's descriptor (none for a method that takes none), for the handler's duration.
  const Lent<protocol::UniqueFd> lent(context.passed_descriptor,
                                      method->takes_descriptor ? &descriptors.first : nullptr);
  context.may_answer_later = context.may_answer_later && !is_notification;
  LaterWork later = {};
  std::optional<Response> response = guarded(name, id, is_notification, [&] {
    std::string result = invoke(*method, *params, context);
    later = std::exchange(context.later, {});
    return result;
  });
  context.may_answer_later = false;
  context.later = {};
  if (later && response) {
    // Answered later: the work's own failures (its cancelling too) become this request's
    // errors, as the handler's.
    later.id = id;
    later.method = std::string(name);
    later.make = [id, method_name = later.method,
                  make = std::move(later.make)](const ProgressReport& progress) {
      const std::optional<Response> made =
          guarded(method_name, id, false, [&] { return make(progress); });
      return made->text + '\n';
    };
    if (later.stops_when_client_leaves) {
      later.unstarted = [id, method_name = later.method](const BilingualMessage& reason) {
        const std::optional<Response> made =
            guarded(method_name, id, false, [&]() -> std::string { throw WorkCancelled(reason); });
        return made->text + '\n';
      };
    }
    return Response{id, {}, std::move(later)};
  }
  return response;
}

// Collects the responses of one line within kMaxReplyBytes. A result that does not fit is
// replaced by an error, unless its request wrote: the client must learn what was recorded,
// and every write's result is small but review.answer's explanation. The requests of a batch
// after one that did not fit are not run at all, so the work stays bounded too.
class Reply {
 public:
  explicit Reply(MethodContext& context) : context_(context) {}

  bool full() const noexcept { return full_; }

  // Runs one request and returns its response (nothing for a notification).
  std::optional<Response> run(const json::value& request, const protocol::MessageFacts& facts,
                              std::size_t already, PassedDescriptors& descriptors) {
    GroupCommit& writes = context_.collection.group_commit();
    const std::uint64_t writes_before = writes.writes_done();
    std::optional<Response> response = handle_request(request, facts, context_, descriptors);
    if (!response || already + response->text.size() + 2 <= protocol::kMaxReplyBytes ||
        writes.writes_done() != writes_before) {
      return response;
    }
    full_ = true;
    return error_text(id_of(request, facts), code::kInvalidRequest,
                      "the reply would pass the " + std::to_string(protocol::kMaxReplyBytes) +
                          "-byte limit of one reply with this result (" +
                          std::to_string(response->text.size()) +
                          " bytes); it was not sent (ask for less in one request or batch)");
  }

  // The response of a batch entry left out once the reply was full (nothing for a
  // notification, which cannot be told).
  static std::optional<Response> not_run(const json::value& request,
                                         const protocol::MessageFacts& facts) {
    return left_out(request, facts,
                    "not run: the reply to this batch reached its limit of " +
                        std::to_string(protocol::kMaxReplyBytes) +
                        " bytes; send this request again");
  }

  // The response of a batch entry left out once the batch had run for its share of time.
  static std::optional<Response> not_run_late(const json::value& request,
                                              const protocol::MessageFacts& facts) {
    return left_out(request, facts,
                    "not run: this batch had run for " + std::to_string(kBatchShareMs) +
                        " ms, as long as one batch may before other clients are served; send "
                        "this request again");
  }

 private:
  static std::optional<Response> left_out(const json::value& request,
                                          const protocol::MessageFacts& facts,
                                          const std::string& message) {
    if (request.is_object() && !request.as_object().contains("id")) return std::nullopt;
    return error_text(id_of(request, facts), code::kInvalidRequest, message);
  }

  static std::string id_of(const json::value& request, const protocol::MessageFacts& facts) {
    const json::value* id = request.is_object() ? request.as_object().if_contains("id") : nullptr;
    if (id != nullptr && !(id->is_string() || id->is_number())) id = nullptr;
    return protocol::id_text(id, facts);
  }

  MethodContext& context_;
  bool full_ = false;
};

// A response line of one message about the whole line, with no id to answer.
ResponseLine line_error(int error_code, const std::string& message) {
  return {
      protocol::to_line(protocol::make_error(nullptr, error_code, message)), {"null"}, false, {}};
}

ResponseLine dispatch(std::string_view line, MethodContext& context,
                      PassedDescriptors& descriptors) {
  // The request's values live in one buffer on this frame (the heap past it), freed at once
  // when the line is answered: building them with a malloc and a free each cost an answer
  // about 5,000 instructions. Nothing keeps them longer: decoding copies what it keeps.
  alignas(std::max_align_t) unsigned char buffer[kRequestBufferBytes];
  json::monotonic_resource resource(buffer, sizeof buffer);
  protocol::ParsedLine parsed{json::value(json::storage_ptr(&resource)), {}};
  if (const json::error_code parse_error = protocol::parse_line(line, kMaxJsonDepth, parsed)) {
    return line_error(code::kParseError, "request is not valid JSON: " + parse_error.message());
  }
  const protocol::MessageFacts no_facts;
  const auto facts_of = [&](std::size_t index) -> const protocol::MessageFacts& {
    return index < parsed.messages.size() ? parsed.messages[index] : no_facts;
  };
  Reply reply(context);
  ResponseLine written;
  if (!parsed.value.is_array()) {
    // A lone request over a socket may be answered later (MethodContext::may_answer_later).
    context.may_answer_later = context.session != nullptr;
    std::optional<Response> response = reply.run(parsed.value, facts_of(0), 0, descriptors);
    context.may_answer_later = false;
    if (response) {
      if (response->later) {
        written.later = std::move(response->later);
      } else {
        written.text = std::move(response->text) + '\n';
      }
      written.ids.push_back(std::move(response->id));
    }
    return written;
  }
  const json::array& batch = parsed.value.as_array();
  if (batch.empty()) return line_error(code::kInvalidRequest, "a batch must not be empty");
  if (batch.size() > kMaxBatchSize) {
    return line_error(code::kInvalidRequest,
                      "a batch may hold at most " + std::to_string(kMaxBatchSize) + " requests");
  }
  if (!descriptors.empty()) {
    return line_error(code::kInvalidRequest,
                      "a file descriptor cannot be passed with a batch (it was closed); send the "
                      "request that takes it on a line of its own");
  }
  written.batch = true;
  std::string& responses = written.text;
  responses = "[";
  // On the steady clock: a wall clock set back while a batch ran gave it no end.
  const std::int64_t started = context.clock.steady_ms();
  bool late = false;
  for (std::size_t index = 0; index < batch.size(); ++index) {
    late = late || (index > 0 && context.clock.steady_ms() - started >= kBatchShareMs);
    std::optional<Response> response =
        reply.full() ? Reply::not_run(batch[index], facts_of(index))
        : late       ? Reply::not_run_late(batch[index], facts_of(index))
                     : reply.run(batch[index], facts_of(index), responses.size(), descriptors);
    if (!response) continue;
    if (responses.size() > 1) responses += ',';
    responses += response->text;
    written.ids.push_back(std::move(response->id));
  }
  if (responses.size() == 1) return {};
  responses += "]\n";
  return written;
}

}  // namespace

ResponseLine respond_to_line(std::string_view line, MethodContext& context,
                             PassedDescriptors descriptors, Session* session) {
  const Lent<Session> lent(context.session, session);
  try {
    return dispatch(line, context, descriptors);
  } catch (const std::bad_alloc&) {
    // Past every request's own error handling: the reply itself did not fit in memory. An
    // error object still fits where a closed connection would tell the client nothing.
  } catch (const std::length_error&) {
  }
  Response error = error_text("null", code::kUnavailable, kOutOfMemory);
  return {std::move(error.text) + '\n', {std::move(error.id)}, false, {}};
}

std::string dispatch_line(std::string_view line, MethodContext& context,
                          PassedDescriptors descriptors) {
  return respond_to_line(line, context, std::move(descriptors)).text;
}

}  // namespace kioku::daemon
