// kiokud's wiring: the server on its socket with the dispatcher behind it. Each request line
// goes to the method table with the client's session; a request that wrote into the group
// commit's open transaction has its response held until the commit; system.shutdown stops the
// server. run_daemon (daemon.cpp) only decides the order things start in.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "core/backup_retention.hpp"
#include "core/clock.hpp"
#include "core/day_calendar.hpp"
#include "daemon/methods/due_watchers.hpp"
#include "daemon/methods/method_context.hpp"
#include "daemon/server/configuration_state.hpp"
#include "daemon/server/daily_backup.hpp"
#include "daemon/server/reminders.hpp"
#include "daemon/server/server.hpp"
#include "daemon/store/collection.hpp"

namespace kioku::daemon {

class CollectionServer {
 public:
  // `clock` is the handlers' and the idle timeouts'; it must outlive the server.
  CollectionServer(std::string socket_path, const Clock& clock, ServerLimits limits);
  CollectionServer(const CollectionServer&) = delete;
  CollectionServer& operator=(const CollectionServer&) = delete;

  // Binds the socket (Server::listen). Clients that connect before serve() wait in the backlog.
  void listen() { server_.listen(); }
  // Listens on systemd's socket instead (Server::adopt_listening_socket).
  void adopt_listening_socket(int descriptor) { server_.adopt_listening_socket(descriptor); }
  // Runs `stopping` as the server begins to stop (Server::when_stopping).
  void when_stopping(std::function<void()> stopping) { server_.when_stopping(std::move(stopping)); }
  // Puts `collection` behind the socket; grouping as DaemonConfig::group_commit says; `facts`
  // for system.status. Call once, before run().
  void attach(Collection& collection, const DayCalendar& calendar, std::string collection_path,
              bool group_commit, DaemonFacts facts = {});
  // Backs the collection up into `directory` once a collection day (DailyBackup): now, unless
  // `new_collection`, when today has no automatic backup yet, and after the first answer of
  // each new day. Nothing when `retention` is off. Call after attach(), before run().
  void back_up_daily(std::string directory, BackupRetention retention, bool new_collection);
  // Serves `configuration` to the config.* methods, applies what a reload changes (the day
  // start, the backup counts, the reminders) and reloads on SIGHUP; starts the reminders.
  // Call after attach(), before run().
  void use_configuration(ConfigurationState& configuration);
  // Runs `work` on the server's worker thread, at once or when no request is in progress
  // (Server::run_beside, Server::run_beside_when_quiet).
  void run_beside(std::function<void()> work) { server_.run_beside(std::move(work)); }
  void run_beside_when_quiet(std::function<void()> work) {
    server_.run_beside_when_quiet(std::move(work));
  }
  // Serves until stopped (Server::run).
  void run() { server_.run(); }

 private:
  // Makes the statistics' sums again on context_->calendar (a new day start); while an import
  // holds the writes, after the next commit instead.
  void refill_stats_on_calendar();
  // Counts again for the due watchers (a commit, a learning card falling due, a new day).
  void refresh_due_watchers();
  // Takes the [reminders] settings and counts at once.
  void start_reminders(const Configuration& settings);
  // Counts the due total and lets the reminders decide; sets when to look again.
  void check_reminders();
  // The server has one alarm: it is set to the sooner of the watchers' and the reminders'.
  void set_alarm();
  void ring();

  const Clock& clock_;
  std::optional<MethodContext> context_;
  GroupCommit* group_commit_ = nullptr;
  Server server_;
  DueWatchers due_watchers_;
  std::optional<TimestampMs> due_alarm_;
  Reminders reminders_;
  std::optional<TimestampMs> reminder_alarm_;
  std::optional<DailyBackup> daily_backup_;
  bool stats_refill_pending_ = false;  // refill_stats_on_calendar() met an import
};

}  // namespace kioku::daemon
