// Weak references: the set never keeps a connection alive.
#include "daemon/server/session_set.hpp"

#include <algorithm>
#include <string>

namespace kioku::daemon {

namespace {

bool is(const std::weak_ptr<Session>& held, const Session& session) {
  const std::shared_ptr<Session> live = held.lock();
  return live.get() == &session;
}

}  // namespace

void SessionSet::add(Session& session) {
  prune();
  if (contains(session)) return;
  sessions_.push_back(session.weak_from_this());
}

void SessionSet::remove(const Session& session) {
  std::erase_if(sessions_, [&](const std::weak_ptr<Session>& held) { return is(held, session); });
}

bool SessionSet::contains(const Session& session) const {
  return std::any_of(sessions_.begin(), sessions_.end(),
                     [&](const std::weak_ptr<Session>& held) { return is(held, session); });
}

std::size_t SessionSet::size() const {
  return static_cast<std::size_t>(
      std::count_if(sessions_.begin(), sessions_.end(), [](const std::weak_ptr<Session>& held) {
        const std::shared_ptr<Session> live = held.lock();
        return live && !live->ended();
      }));
}

void SessionSet::prune() {
  std::erase_if(sessions_, [](const std::weak_ptr<Session>& held) {
    const std::shared_ptr<Session> live = held.lock();
    return !live || live->ended();
  });
}

std::size_t SessionSet::notify(std::string_view method, const boost::json::value& params) {
  prune();
  if (sessions_.empty()) return 0;
  const std::string line = Session::notification_line(method, params);
  std::size_t sent = 0;
  // A copy: a session whose send ends it (too much unread) must not change what is iterated.
  const std::vector<std::weak_ptr<Session>> targets = sessions_;
  for (const std::weak_ptr<Session>& held : targets) {
    if (const std::shared_ptr<Session> live = held.lock(); live && !live->ended()) {
      live->send_notification(line);
      ++sent;
    }
  }
  return sent;
}

}  // namespace kioku::daemon
