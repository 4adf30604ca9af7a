// One client's connection as a request handler sees it: besides answering, a handler may push
// JSON-RPC notifications (requests without an id) to this client, and may keep the session (in a
// SessionSet) to notify it later, after its request is answered.
#pragma once

#include <boost/json.hpp>
#include <memory>
#include <string>
#include <string_view>

namespace kioku::daemon {

class Session : public std::enable_shared_from_this<Session> {
 public:
  virtual ~Session() = default;

  // Queues {"jsonrpc":"2.0","method":method,"params":params} for this client. Lines reach the
  // client in the order they were queued: a notification pushed while a request is handled
  // comes before that request's response. Never waits for the client; a client that lets too
  // much go unread has its connection closed (ServerLimits::max_unsent_notification_bytes).
  void notify(std::string_view method, const boost::json::value& params);
  // The same with the notification already written as one line ending in '\n'.
  virtual void send_notification(std::string line) = 0;
  // True once the connection has ended: notifications are then dropped.
  virtual bool ended() const noexcept = 0;
  // The client subscribed and now only listens: its quiet is no idleness (the idle timeout
  // leaves it connected) and it shares no commit (the lone-writer fast commit ignores it).
  virtual void keep_listening() {}

  // The line notify() sends.
  static std::string notification_line(std::string_view method, const boost::json::value& params);
};

}  // namespace kioku::daemon
