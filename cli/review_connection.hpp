// The review screen's requests survive a connection the daemon closed: the daemon's idle
// timeout ends a session left open for an hour, and a daemon that died is started again. A
// request whose connection turns out closed is sent once more on a new connection. That is
// safe only for requests that may be repeated, and the screen sends no others: review.next and
// due.counts only read, burying a buried card changes nothing, and review.choose and
// review.answer carry an answer_id the daemon records once (docs/decisions.md, "A review across
// a lost connection").
#pragma once

#include <boost/json.hpp>
#include <string_view>

#include "cli/cli_context.hpp"
#include "core/error.hpp"
#include "protocol/method_type.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::cli {

// The daemon could not be reached again. maybe_received() is false only when no daemon can
// have received the request (it never went out whole); otherwise one may have handled it
// before it closed the connection or died.
class DaemonLost : public Error {
 public:
  DaemonLost(ErrorCode code, const std::string& message, bool maybe_received)
      : Error(code, message), maybe_received_(maybe_received) {}
  bool maybe_received() const noexcept { return maybe_received_; }

 private:
  bool maybe_received_;
};

// Calls `method` on the context's connection; when it was closed (CallError kNotSent or
// kClosedAfterSend), reconnects (kiokud is autostarted unless --no-autostart) and calls once
// more. Throws DaemonLost when that fails too, or when no reply came in time; an error reply is
// thrown as the kioku::Error it is.
boost::json::value call_repeatable(CliContext& context, std::string_view method,
                                   const boost::json::object& params);

// `params` as a request's params object: a parameter left out (an empty std::optional) is not
// sent, since the daemon refuses null for it.
template <class Params>
boost::json::object request_params(const Params& params) {
  boost::json::object object = protocol::encode(params).as_object();
  for (auto field = object.begin(); field != object.end();) {
    field = field->value().is_null() ? object.stable_erase(field) : field + 1;
  }
  return object;
}

// The same, typed: the reply is read as the method's result, and a missing or mistyped field
// is an error naming it (kInternal), never a default.
template <class Params, class Result>
Result call_repeatable(CliContext& context, const protocol::MethodType<Params, Result>& method,
                       const Params& params) {
  return protocol::decode_result<Result>(
      method.name, call_repeatable(context, method.name, request_params(params)));
}

}  // namespace kioku::cli
