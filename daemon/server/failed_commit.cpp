// Rewrites responses into errors (a held one once its commit has failed, a read's too large to
// hold), from the ids the dispatcher wrote them with: the response text itself is not read again.
#include "daemon/server/failed_commit.hpp"

#include <boost/json.hpp>

#include "core/fill_in.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::daemon {

std::string error_response(const ResponseLine& response, int code,
                           const BilingualMessage& message) {
  const boost::json::object error = protocol::make_error(
      nullptr, code, message.english, protocol::with_japanese_message({}, message.japanese));
  if (!response.batch) {
    return protocol::response_text(error, response.ids.empty() ? "null" : response.ids.front()) +
           '\n';
  }
  std::string line = "[";
  for (const std::string& id : response.ids) {
    if (line.size() > 1) line += ',';
    line += protocol::response_text(error, id);
  }
  line += "]\n";
  return line;
}

std::string failed_commit_response(const ResponseLine& response, const BilingualMessage& reason) {
  if (response.text.empty()) return {};
  return error_response(
      response, protocol::code::kStorage,
      BilingualMessage{fill_in("not recorded, the commit was rolled back: {reason}",
                               {{"reason", reason.english}}),
                       fill_in("記録していません。コミットがロールバックされました: {reason}",
                               {{"reason", text_in(reason, "ja")}})});
}

}  // namespace kioku::daemon
