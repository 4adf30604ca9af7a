// The sessions that asked for one kind of notification (the clients watching the due counts,
// say), for the server's side to fan an event out to. A session that has ended drops out by
// itself, so nobody has to remember to remove it. Owned by the server's thread.
#pragma once

#include <boost/json.hpp>
#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

#include "daemon/server/session.hpp"

namespace kioku::daemon {

class SessionSet {
 public:
  // Adding a session twice keeps it once.
  void add(Session& session);
  void remove(const Session& session);
  bool contains(const Session& session) const;
  // The sessions in the set that have not ended.
  std::size_t size() const;

  // Sends one notification to every session in the set; the line is made once for all of them.
  // Returns how many it was queued for.
  std::size_t notify(std::string_view method, const boost::json::value& params);

 private:
  // Forgets the sessions that have ended.
  void prune();

  std::vector<std::weak_ptr<Session>> sessions_;
};

}  // namespace kioku::daemon
