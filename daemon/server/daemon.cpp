// Start-up order: directories, the single-instance lock, the socket (systemd's when it passed
// one), then the database and its migrations and the bundled deck; readiness is signalled (the
// ready fd, sd_notify) only once clients are served.
#include "daemon/server/daemon.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "core/clock.hpp"
#include "core/deck.hpp"
#include "core/error.hpp"
#include "core/time_zone_check.hpp"
#include "daemon/importers/deck_importer.hpp"
#include "daemon/importers/import_temporary_files.hpp"
#include "daemon/log_priority.hpp"
#include "daemon/methods/clock_check.hpp"
#include "daemon/server/collection_server.hpp"
#include "daemon/server/configuration_state.hpp"
#include "daemon/server/file_clock.hpp"
#include "daemon/server/file_limit.hpp"
#include "daemon/server/systemd_service.hpp"
#include "daemon/server/wal_checkpoints.hpp"
#include "daemon/store/backup.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/collection_connection.hpp"
#include "daemon/store/collection_lock.hpp"
#include "daemon/store/migrations.hpp"
#include "daemon/store/restore.hpp"
#include "daemon/store/time_zone_identity.hpp"
#include "protocol/daemon_lock.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

void signal_ready(int ready_fd) {
  if (ready_fd < 0) return;
  const char message[] = "ready\n";
  [[maybe_unused]] const ssize_t written = ::write(ready_fd, message, sizeof message - 1);
  ::close(ready_fd);
}

// The statistics' sums are made on the day start and zone they are read on; a collection just
// migrated to them, or one whose day start or zone changed, has them made from its log here.
void refill_stats_if_needed(Collection& collection, const DayCalendar& calendar) {
  const auto refill_started = std::chrono::steady_clock::now();
  if (!collection.use_stats_calendar(calendar)) return;
  const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - refill_started);
  std::cerr << log_info << "kiokud: statistics roll-ups made from the review log in "
            << elapsed.count() << " ms\n";
}

}  // namespace

int run_daemon(const DaemonConfig& config) {
  const auto started = std::chrono::steady_clock::now();
  if (stderr_is_journal()) write_priority_prefixes(std::cerr);
  try {
    // Taken first: LISTEN_FDS is this process's alone, and a refusal should come before
    // anything is made on disk.
    const std::optional<ActivationSocket> activation = socket_from_systemd();
    if (activation && config.ready_fd == activation->descriptor) {
      throw Error(ErrorCode::kInvalidParams,
                  bilingual("--ready-fd {fd} is the socket systemd passed; a socket-activated "
                            "kiokud needs no --ready-fd",
                            "--ready-fd {fd} は systemd が渡したソケットです。systemd "
                            "のソケットで起動した kiokud に --ready-fd は要りません",
                            {{"fd", std::to_string(config.ready_fd)}}));
    }
    // Before anything else that reads a setting: a refused file stops the start here, with its
    // line (docs/configuration.md).
    ConfigurationState configuration(
        config.config_file.empty() ? protocol::config_file_path() : config.config_file,
        !config.config_file.empty(), config.command_line, config.command_line_keys);
    const Configuration settings = configuration.effective();
    if (!settings.time_zone.empty()) {
      ::setenv("TZ", settings.time_zone.c_str(), 1);
      ::tzset();
    }
    if (const auto problem = time_zone_problem(std::getenv("TZ"))) {
      std::cerr << log_warning << "kiokud: warning: " << problem->english << '\n';
    }
    // TZ is final: the zone glibc has read is the one kiokud's days are in until it stops.
    pin_time_zone_identity();
    const auto max_clients = static_cast<std::size_t>(settings.max_clients);
    if (const auto raised = ensure_descriptors_for(max_clients)) {
      std::cerr << log_info << "kiokud: raised the open-file limit from " << raised->previous
                << " to " << raised->now << " for " << max_clients << " clients\n";
    }
    // Absolute, made once: the worker opens the collection again by this path (an import, an
    // export), and a relative one would be taken for a collection with no file of its own.
    const std::string data_directory =
        std::filesystem::absolute(config.data_directory.empty() ? protocol::data_directory()
                                                                : config.data_directory)
            .string();
    protocol::make_directories(data_directory);
    sqlite::keep_temporary_files_in(data_directory);
    const std::string collection_path = data_directory + "/collection.sqlite";
    CollectionLock lock(protocol::lock_file_path(data_directory), collection_path);
    // Held now: no other kiokud can be importing into this directory, or restoring.
    if (const int removed = remove_stale_import_files(data_directory); removed > 0) {
      std::cerr << log_info << "kiokud: removed " << removed
                << (removed == 1 ? " temporary file" : " temporary files")
                << " an interrupted import left in " << data_directory << '\n';
    }
    if (remove_stale_restore_staging(collection_path)) {
      std::cerr << log_info << "kiokud: removed the copy an interrupted restore staged at "
                << restore_staging_path(collection_path) << '\n';
    }

    // systemd made the socket, its directory and their modes (kiokud.socket), and removes them;
    // kiokud only listens on it.
    std::string socket_path = activation ? activation->path : settings.socket;
    if (!activation) {
      if (socket_path.empty()) {
        protocol::ensure_private_directory(protocol::runtime_directory());
        socket_path = protocol::default_socket_path();
      }
      protocol::check_socket_path_length(socket_path);
    }

    // The server exists, and its socket is bound, before the collection is opened: a socket
    // path that cannot be used (no such directory, a file in the way, another kiokud on it)
    // ends the start before anything is migrated or imported. Clients that connect meanwhile
    // wait in the backlog until the collection is ready.
    const SystemClock system_clock(config.clock_offset_ms);
    const std::optional<FileClock> file_clock =
        config.clock_file.empty() ? std::nullopt : std::optional<FileClock>(config.clock_file);
    const Clock& clock = file_clock ? static_cast<const Clock&>(*file_clock) : system_clock;
    ServerLimits limits;
    limits.idle_timeout = std::chrono::seconds(settings.idle_timeout);
    limits.max_clients = max_clients;
    limits.idle_exit =
        std::chrono::seconds(settings.idle_exit.value_or(activation ? kDefaultIdleExitSeconds : 0));
    CollectionServer server(socket_path, clock, limits);
    if (activation) {
      server.adopt_listening_socket(activation->descriptor);
    } else {
      server.listen();
    }

    sqlite::Database database(collection_path);
    // SQLite quietly falls back to reading when it cannot write; kiokud would then fail only
    // at the first answer, so it refuses to start instead.
    if (database.read_only()) {
      throw Error(ErrorCode::kPermission,
                  sqlite::describe_read_only(bilingual("cannot open the collection for writing",
                                                       "コレクションを書き込み用に開けません"),
                                             collection_path));
    }
    configure_collection_connection(database);
    const int previous_version = migrate(database, backups_directory(data_directory), clock.now());
    if (previous_version != latest_schema_version()) {
      std::cerr << log_info << "kiokud: collection " << collection_path << " at schema version "
                << latest_schema_version() << " (was " << previous_version << ")\n";
    }
    Collection collection(database);
    if (const auto warning = future_answers_warning(collection, clock.now())) {
      std::cerr << log_warning << "kiokud: warning: " << warning->english << '\n';
    }
    if (config.import_bundled_decks) {
      for (const ImportSummary& summary : import_bundled_decks_once(collection, clock.now())) {
        std::cerr << log_info << "kiokud: imported the bundled deck '" << summary.deck << "' ("
                  << summary.added << (summary.added == 1 ? " card" : " cards")
                  << ") into the empty collection\n";
      }
    }

    const DayCalendar calendar(settings.day_starts_at);
    refill_stats_if_needed(collection, calendar);
    server.attach(collection, calendar, collection_path, config.group_commit,
                  DaemonFacts{.started = started,
                              .socket_path = socket_path,
                              .socket_activated = activation.has_value(),
                              .options = config.given_options});
    server.back_up_daily(backups_directory(data_directory), settings.backup_retention(),
                         previous_version == 0);
    server.use_configuration(configuration);
    // After `database`, so its hook is taken off before the connection closes.
    const WalCheckpoints checkpoints(
        database, collection_path,
        WalCheckpoints::Handover{
            .at_once =
                [&server](std::function<void()> work) { server.run_beside(std::move(work)); },
            .when_quiet =
                [&server](std::function<void()> work) {
                  server.run_beside_when_quiet(std::move(work));
                }});
    collection.group_commit().add_listener(checkpoints.worker_write_listener());
    std::cerr << log_info << "kiokud: listening on " << socket_path << " (pid " << ::getpid()
              << (activation ? ", socket from systemd" : "") << ")\n";
    if (limits.idle_exit.count() > 0) {
      std::cerr << log_info << "kiokud: exits after " << limits.idle_exit.count()
                << " s without a client (--idle-exit)\n";
    }
    signal_ready(config.ready_fd);
    server.when_stopping([] { notify_stopping(); });
    notify_ready("serving " + collection_path + " on " + socket_path);
    server.run();
    std::cerr << log_info << "kiokud: stopped\n";
    return 0;
  } catch (const std::exception& error) {
    std::cerr << log_error << "kiokud: " << error.what() << '\n';
    if (config.ready_fd >= 0) ::close(config.ready_fd);
    return 1;
  }
}

}  // namespace kioku::daemon
