// Counting per group, not per client: a hundred status bars on one deck cost one count a change.
#include "daemon/methods/due_watchers.hpp"

#include <algorithm>
#include <iostream>

#include "core/error.hpp"
#include "core/time_format.hpp"
#include "daemon/log_priority.hpp"
#include "daemon/methods/review_queue.hpp"
#include "daemon/methods/wire_views.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::daemon {

protocol::DueCountsResult current_due_counts(const std::optional<std::string>& deck,
                                             MethodContext& context,
                                             const std::optional<std::string>& tag,
                                             std::optional<std::int64_t> new_limit) {
  const TimestampMs now = context.clock.now();
  const DueBounds bounds = due_bounds(now, context.calendar);
  const auto decks = queue_decks(context.collection, context.calendar.day_number(now),
                                 chosen_decks(context.collection, deck), new_limit, tag);
  const DueCounts counts = due_counts(context.collection, decks, bounds);
  const auto next_due = next_due_time(context.collection, decks, bounds);
  protocol::DueCountsResult result;
  static_cast<protocol::Counts&>(result) = counts_view(counts);
  result.next_due_ms = next_due;
  if (next_due) result.next_due = format_rfc3339_utc(*next_due);
  return result;
}

TimestampMs next_due_change(const std::optional<std::string>& deck, MethodContext& context) {
  const TimestampMs now = context.clock.now();
  const DueBounds bounds = due_bounds(now, context.calendar);
  // Interday learning and review cards fall due at a day's start; buried cards come back then.
  TimestampMs next = bounds.tomorrow_start;
  for (const QueueDeck& entry :
       queue_decks(context.collection, bounds.today, chosen_decks(context.collection, deck),
                   std::nullopt, std::nullopt)) {
    const auto due =
        context.collection.due_index().next_learning_due(entry.deck.id, now, bounds.today);
    if (due) next = std::min(next, *due);
  }
  return next;
}

protocol::DueCountsResult DueWatchers::watch(Session& session,
                                             const std::optional<std::string>& deck,
                                             MethodContext& context) {
  protocol::DueCountsResult counts = current_due_counts(deck, context);
  auto group = std::find_if(groups_.begin(), groups_.end(),
                            [&](const Group& candidate) { return candidate.deck == deck; });
  if (group == groups_.end()) {
    groups_.push_back(Group{deck, {}, counts});
    group = std::prev(groups_.end());
  } else {
    tell(*group, counts);  // the clients already watching have their line before this one
  }
  group->sessions.add(session);
  session.keep_listening();
  set_alarm(context);
  return counts;
}

bool DueWatchers::tell(Group& group, const protocol::DueCountsResult& counts) {
  if (group.last == counts) return false;
  group.last = counts;
  group.sessions.notify(protocol::kDueChanged, protocol::encode(counts));
  return true;
}

void DueWatchers::refresh(MethodContext& context) {
  std::erase_if(groups_, [](const Group& group) { return group.sessions.size() == 0; });
  for (auto group = groups_.begin(); group != groups_.end();) {
    try {
      tell(*group, current_due_counts(group->deck, context));
      ++group;
    } catch (const Error& error) {
      // The deck was deleted: there is nothing more to count for its watchers.
      std::cerr << log_warning << "kiokud: due.watch: " << error.what() << '\n';
      group = groups_.erase(group);
    }
  }
  set_alarm(context);
}

std::size_t DueWatchers::watching() const {
  std::size_t count = 0;
  for (const Group& group : groups_) count += group.sessions.size();
  return count;
}

void DueWatchers::set_alarm(MethodContext& context) {
  if (!set_alarm_) return;
  std::optional<TimestampMs> next;
  for (const Group& group : groups_) {
    if (group.sessions.size() == 0) continue;
    try {
      const TimestampMs change = next_due_change(group.deck, context);
      next = next ? std::min(*next, change) : change;
    } catch (const Error&) {
      // A deck deleted since: the next refresh drops its group.
    }
  }
  set_alarm_(next);
}

}  // namespace kioku::daemon
