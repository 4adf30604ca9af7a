// The clients watching the due counts (due.watch, `kioku due --watch`): one group per deck
// watched (or every deck), each a SessionSet with the counts it was last sent, so that a group's
// counts are made once for all its clients and a notification goes out only when they differ.
// Owned by the server's thread, beside the method table (CollectionServer).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/time.hpp"
#include "daemon/methods/method_context.hpp"
#include "daemon/server/session_set.hpp"
#include "protocol/reminder_types.hpp"
#include "protocol/review_types.hpp"

namespace kioku::daemon {

// due.counts' result for `deck` (every deck when nullopt) at the context's now; with `tag`,
// of the cards whose note has it (review.next's tag), the next due time included; with
// `new_limit`, new cards counted against it instead of each deck's new_per_day.
protocol::DueCountsResult current_due_counts(const std::optional<std::string>& deck,
                                             MethodContext& context,
                                             const std::optional<std::string>& tag = std::nullopt,
                                             std::optional<std::int64_t> new_limit = std::nullopt);

// The instant after `now` at which `deck`'s counts may change with nothing written: the next
// intraday learning card falling due, or the next day's start, whichever comes first.
TimestampMs next_due_change(const std::optional<std::string>& deck, MethodContext& context);

class DueWatchers {
 public:
  // Told, after each change of the watchers or their counts, when the counts may next change
  // with nothing written (nullopt: nobody watches); the server sets its alarm to it and calls
  // refresh() when it rings.
  using AlarmSetter = std::function<void(std::optional<TimestampMs>)>;
  explicit DueWatchers(AlarmSetter set_alarm = {}) : set_alarm_(std::move(set_alarm)) {}

  // Adds `session` to the watchers of `deck` and returns the counts now. The group's other
  // clients are told first if their counts have moved since they were last sent.
  protocol::DueCountsResult watch(Session& session, const std::optional<std::string>& deck,
                                  MethodContext& context);
  // Counts again for each group and sends due.changed to the groups whose counts differ from
  // what they were last sent; then sets the alarm. A group whose deck has gone is dropped.
  void refresh(MethodContext& context);
  // Clients watching now.
  std::size_t watching() const;

  // The reminders are the due counts' other listener (daemon/server/reminders.hpp, run by the
  // server beside the watchers); system.reminders reads their state through here, the handlers'
  // one way to the server's listeners. Off, with no reason, until the server sets it.
  void set_reminder_status(std::function<protocol::ReminderStatus()> status) {
    reminder_status_ = std::move(status);
  }
  protocol::ReminderStatus reminder_status() const {
    return reminder_status_ ? reminder_status_() : protocol::ReminderStatus{};
  }

 private:
  struct Group {
    std::optional<std::string> deck;
    SessionSet sessions;
    protocol::Counts last;
  };
  // Sends `counts` to `group` when they differ from its last; true when they did.
  static bool tell(Group& group, const protocol::DueCountsResult& counts);
  void set_alarm(MethodContext& context);

  std::vector<Group> groups_;
  AlarmSetter set_alarm_;
  std::function<protocol::ReminderStatus()> reminder_status_;
};

}  // namespace kioku::daemon
