// One reconnection per request: a daemon that keeps closing the connection is not chased.
#include "cli/review_connection.hpp"

#include "cli/call_error.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

// A call that got no reply. Closed before the request went out whole: no daemon has it, and a
// new connection may try again. Closed after: a daemon may have handled it, which the request's
// own repeatability makes harmless. Any other failure (no reply in time) is not repeated on a
// daemon that may still be working on it.
bool may_try_again(const CallError& failure) {
  return failure.failure() == CallFailure::kNotSent ||
         failure.failure() == CallFailure::kClosedAfterSend;
}

}  // namespace

json::value call_repeatable(CliContext& context, std::string_view method,
                            const json::object& params) {
  bool maybe_received = false;
  try {
    return context.daemon().call(method, params);
  } catch (const CallError& failure) {
    if (failure.failure() == CallFailure::kInterrupted) throw;
    maybe_received = failure.failure() != CallFailure::kNotSent;
    if (!may_try_again(failure)) throw DaemonLost(failure.code(), failure.what(), maybe_received);
  }
  context.disconnect();
  Client* again = nullptr;
  try {
    again = &context.daemon();  // starts kiokud again unless --no-autostart
  } catch (const Error& error) {
    throw DaemonLost(error.code(), error.what(), maybe_received);
  }
  try {
    return again->call(method, params);
  } catch (const CallError& failure) {
    if (failure.failure() == CallFailure::kInterrupted) throw;
    throw DaemonLost(failure.code(), failure.what(),
                     maybe_received || failure.failure() != CallFailure::kNotSent);
  }
}

}  // namespace kioku::cli
