// One reconnection per request: a daemon that keeps closing the connection is not chased.
#include "cli/review_connection.hpp"

namespace kioku::cli {

namespace json = boost::json;

json::value call_repeatable(CliContext& context, std::string_view method,
                            const json::object& params) {
  bool maybe_received = false;
  try {
    return context.daemon().call(method, params);
  } catch (const ConnectionClosed& closed) {
    maybe_received = closed.request_sent();
  } catch (const Error& error) {
    // Any other failure to get a reply (a reply timeout, say) leaves the request received or
    // not, and it is not repeated on a daemon that may still be working on it.
    if (error.code() != ErrorCode::kUnavailable) throw;
    throw DaemonLost(error.code(), error.what(), true);
  }
  Client* again = nullptr;
  try {
    again = &context.reconnect();
  } catch (const Error& error) {
    throw DaemonLost(error.code(), error.what(), maybe_received);
  }
  try {
    return again->call(method, params);
  } catch (const ConnectionClosed& closed) {
    throw DaemonLost(closed.code(), closed.what(), maybe_received || closed.request_sent());
  } catch (const Error& error) {
    if (error.code() != ErrorCode::kUnavailable) throw;
    throw DaemonLost(error.code(), error.what(), true);
  }
}

}  // namespace kioku::cli
