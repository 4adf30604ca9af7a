// The review screen's requests survive a connection the daemon closed: the daemon's idle
// timeout ends a session left open for an hour, and a daemon that died is started again. A
// request whose connection turns out closed is sent once more on a new connection. That is
// safe only for requests that may be repeated, and the screen sends no others: review.next and
// due.counts only read, burying a buried card changes nothing, and review.answer carries an
// answer_id the daemon records once (docs/decisions.md, "A review across a lost connection").
#pragma once

#include <boost/json.hpp>
#include <string_view>

#include "cli/cli_context.hpp"
#include "core/error.hpp"

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

}  // namespace kioku::cli
