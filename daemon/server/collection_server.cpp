// The handler and the durable-write hooks read the context and the group commit through
// pointers set by attach(): the server exists, and listens, before the collection is opened.
#include "daemon/server/collection_server.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <utility>

#include "core/error.hpp"
#include "daemon/log_priority.hpp"
#include "daemon/methods/dispatcher.hpp"

namespace kioku::daemon {

CollectionServer::CollectionServer(std::string socket_path, const Clock& clock, ServerLimits limits)
    : clock_(clock),
      server_(
          std::move(socket_path),
          [this](std::string_view line, PassedDescriptors descriptors, Session& session) {
            return respond_to_line(line, *context_, std::move(descriptors), &session);
          },
          clock, limits,
          DurableWrites{[this] { return group_commit_->write_count(); },
                        [this] { group_commit_->commit(); }}),
      due_watchers_([this](std::optional<TimestampMs> next_change) {
        due_alarm_ = next_change;
        set_alarm();
      }),
      reminders_(
          [this](int descriptor, std::function<void()> exited) {
            server_.when_readable(descriptor, std::move(exited));
          },
          std::getenv("PATH") ? std::getenv("PATH") : "/usr/local/bin:/usr/bin:/bin") {}

void CollectionServer::attach(Collection& collection, const DayCalendar& calendar,
                              std::string collection_path, bool group_commit, DaemonFacts facts) {
  // Made in place: a calendar is 96 KB of caches, and each copy on the way (a parameter, a
  // temporary context) was stack that stays resident.
  context_.emplace(collection, clock_, calendar, std::move(collection_path));
  context_->facts = std::move(facts);
  context_->request_shutdown = [this] { server_.stop(); };
  context_->due_watchers = &due_watchers_;
  context_->connected_clients = [this] { return server_.session_count(); };
  due_watchers_.set_reminder_status([this] { return reminders_.status(clock_.now()); });
  group_commit_ = &collection.group_commit();
  group_commit_->set_grouping(group_commit);
  // Not counted here: the listener runs before the commit's held responses are released, and
  // an answer should not wait for the status bars. The alarm rings once this turn is done.
  group_commit_->add_listener([this](const CommitEvent&) {
    if (stats_refill_pending_) refill_stats_on_calendar();
    if (due_watchers_.watching() > 0) due_alarm_ = clock_.now();
    if (reminders_.on()) reminder_alarm_ = clock_.now();
    set_alarm();
  });
}

void CollectionServer::back_up_daily(std::string directory, BackupRetention retention,
                                     bool new_collection) {
  daily_backup_.emplace(
      context_->collection_path, std::move(directory), retention, context_->calendar,
      [this](std::function<void()> work) { server_.run_beside(std::move(work)); });
  // A collection made by this start holds nothing of the user's yet: its first answer backs
  // it up.
  daily_backup_->at_start(clock_.now(), !new_collection);
  // After the commit, so the backup's snapshot holds the answer, and handed to the worker, so
  // the answer's response (released once the listeners return) does not wait for the copy.
  group_commit_->add_listener([this](const CommitEvent& event) {
    const bool answered =
        std::any_of(event.writes.begin(), event.writes.end(),
                    [](const Write& write) { return write.kind == WriteKind::kAnswer; });
    if (!answered) return;
    try {
      daily_backup_->after_answer(clock_.now());
    } catch (const std::exception& error) {
      std::cerr << log_error << "kiokud: automatic backup not started: " << error.what() << '\n';
    }
  });
}

void CollectionServer::use_configuration(ConfigurationState& configuration) {
  context_->configuration = &configuration;
  // A new day start moves every scheduler day: the due counts watched change with it.
  configuration.when_changed([this](const Configuration& settings) {
    // The automatic backups follow the file's counts from the next answer on (and its day start
    // through context_->calendar, below).
    if (daily_backup_) daily_backup_->set_retention(settings.backup_retention());
    if (settings.day_starts_at != context_->calendar.day_starts_at_hour()) {
      context_->calendar = DayCalendar(settings.day_starts_at);
      // Answers move to other days: the statistics' sums are made again on the new ones.
      refill_stats_on_calendar();
      due_alarm_ = clock_.now();
    }
  });
  // Every accepted load, changed or not: a reload also looks for notify-send on PATH again.
  configuration.when_loaded([this](const Configuration& settings) { start_reminders(settings); });
  start_reminders(configuration.effective());
  server_.when_hangup([&configuration] { configuration.reload(); });
}

void CollectionServer::refill_stats_on_calendar() {
  try {
    if (context_->collection.use_stats_calendar(context_->calendar)) server_.commit_soon();
    stats_refill_pending_ = false;
  } catch (const Error& error) {
    // An import holds the collection's writes: the sums are made again after its commit (the
    // commit listener in attach()), or after the next commit if it failed.
    if (error.code() != ErrorCode::kBusy) throw;
    stats_refill_pending_ = true;
  }
}

void CollectionServer::start_reminders(const Configuration& settings) {
  reminders_.configure(settings);
  // Counted at once: a reminder turned on with cards already due reminds now (or when the
  // quiet hours end), not at the next answer.
  reminder_alarm_ = reminders_.on() ? std::optional(clock_.now()) : std::nullopt;
  set_alarm();
}

void CollectionServer::set_alarm() {
  std::optional<TimestampMs> next = due_alarm_;
  if (reminder_alarm_ && (!next || *reminder_alarm_ < *next)) next = reminder_alarm_;
  if (next) {
    server_.set_alarm(*next, [this] { ring(); });
  } else {
    server_.cancel_alarm();
  }
}

void CollectionServer::ring() {
  const TimestampMs now = clock_.now();
  if (due_alarm_ && *due_alarm_ <= now) {
    due_alarm_.reset();
    refresh_due_watchers();  // sets due_alarm_ again through the watchers' setter
  }
  if (reminder_alarm_ && *reminder_alarm_ <= now) {
    reminder_alarm_.reset();
    check_reminders();
  }
  set_alarm();
}

void CollectionServer::check_reminders() {
  // As for the watchers: a transaction still open would count writes not yet acknowledged; its
  // commit brings the check back.
  if (!reminders_.on() || group_commit_->has_uncommitted_writes()) return;
  // Within the interval or the quiet hours no count can remind: none is made (a review
  // session's every answer would otherwise count the whole collection), and the reminders look
  // again when they end, which is when the count would have been looked at anyway.
  if (const std::optional<TimestampMs> held = reminders_.held_until(clock_.now())) {
    reminder_alarm_ = *held;
    return;
  }
  try {
    const std::int64_t due = current_due_counts(std::nullopt, *context_).total;
    const std::optional<TimestampMs> again = reminders_.check(due, clock_.now());
    // With nothing written, the count can next change when a learning card falls due or a day
    // begins; a decision waiting for an interval or quiet hours to end looks again then too.
    const TimestampMs change = next_due_change(std::nullopt, *context_);
    reminder_alarm_ = again ? std::min(*again, change) : change;
  } catch (const std::exception& error) {
    std::cerr << log_error << "kiokud: reminder: " << error.what() << '\n';
  }
}

void CollectionServer::refresh_due_watchers() {
  // Counts read inside a transaction still open would show writes not yet acknowledged; its
  // commit calls the listener above, which brings the refresh back.
  if (group_commit_->has_uncommitted_writes()) return;
  due_watchers_.refresh(*context_);
}

}  // namespace kioku::daemon
