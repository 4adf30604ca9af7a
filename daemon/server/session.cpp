// A notification is a request without an id (JSON-RPC 2.0 §4.1): the client answers nothing.
#include "daemon/server/session.hpp"

namespace kioku::daemon {

void Session::notify(std::string_view method, const boost::json::value& params) {
  send_notification(notification_line(method, params));
}

std::string Session::notification_line(std::string_view method, const boost::json::value& params) {
  std::string line = boost::json::serialize(
      boost::json::object{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
  line += '\n';
  return line;
}

}  // namespace kioku::daemon
