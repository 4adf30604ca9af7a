// Rewrites held responses into errors once their commit has failed, from the ids the dispatcher
// wrote them with: the response text itself is not read again.
#include "daemon/server/failed_commit.hpp"

#include <boost/json.hpp>

#include "core/fill_in.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::daemon {

std::string failed_commit_response(const ResponseLine& response, const BilingualMessage& reason) {
  if (response.text.empty()) return {};
  const BilingualMessage message{
      fill_in("not recorded, the commit was rolled back: {reason}", {{"reason", reason.english}}),
      fill_in("記録していません。コミットがロールバックされました: {reason}",
              {{"reason", text_in(reason, "ja")}})};
  const boost::json::object error =
      protocol::make_error(nullptr, protocol::code::kStorage, message.english,
                           protocol::with_japanese_message({}, message.japanese));
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

}  // namespace kioku::daemon
