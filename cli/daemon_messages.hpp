// The words of kioku daemon start|stop|restart|status. Filled in with fill_in() (cli/messages.hpp).
// A {reason} is not_answering_on or no_socket, filled in first; {daemon} is "kiokud (pid 12)" or
// "kiokud".
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct DaemonMessages {
  const char* running;  // {version}, {pid}
  const char* socket_label;
  const char* collection_label;
  const char* running_but;     // {daemon}, {reason}
  const char* not_running_at;  // {socket}
  const char* not_running;
  const char* stopped;              // {pid}
  const char* not_answering_on;     // {socket}
  const char* no_socket;            // {socket}, {directory}
  const char* pid_unknown;          // {reason}
  const char* process_gone;         // {pid}, {reason}
  const char* not_kiokud;           // {pid}, {reason}, {name}
  const char* sigterm_failed;       // {daemon}, {reason}, {error}
  const char* sent_sigterm;         // {daemon}, {reason}
  const char* not_exited;           // {daemon}, {seconds}
  const char* kill_hint;            // {pid}: after not_exited when kioku sent SIGTERM
  const char* shutdown_not_closed;  // {pid}
  // kioku daemon start|restart
  const char* started;          // {version}, {pid}, {socket}
  const char* already_running;  // {version}, {pid}, {socket}
  // kioku daemon status: the labels, then the values that are words
  const char* protocol_label;
  const char* uptime_label;
  const char* activation_label;
  const char* size_label;
  const char* cards_label;
  const char* clients_label;
  const char* configuration_label;
  const char* last_backup_label;
  const char* reminders_label;
  const char* yes;
  const char* no;
  const char* none;
  const char* defaults;      // no option given, and nothing set in the configuration file
  const char* command_line;  // {options}
  const char* from_file;
  const char* file_and_command_line;  // {options}
  const char* configuration_file_label;
  const char* configuration_refused;  // {problem}
  const char* restart_needed;         // {keys}
  // The reminders (docs/reminders.md): why none runs, or what runs, when it last did and the
  // earliest the next may
  const char* reminders_notify_off;
  const char* reminders_no_command;
  const char* reminders_on;     // {command}, {threshold}, {interval}
  const char* reminders_quiet;  // {hours}: after reminders_on
  const char* last_reminder_label;
  const char* next_reminder_label;
  const char* reminder_never;
  const char* reminder_ran;     // {when}, {due}
  const char* reminder_failed;  // {problem}: after reminder_ran, kiokud's own English words
  const char* reminder_next;    // {when}
};
BOOST_DESCRIBE_STRUCT(DaemonMessages, (),
                      (running, socket_label, collection_label, running_but, not_running_at,
                       not_running, stopped, not_answering_on, no_socket, pid_unknown, process_gone,
                       not_kiokud, sigterm_failed, sent_sigterm, not_exited, kill_hint,
                       shutdown_not_closed, started, already_running, protocol_label, uptime_label,
                       activation_label, size_label, cards_label, clients_label,
                       configuration_label, last_backup_label, reminders_label, yes, no, none,
                       defaults, command_line, from_file, file_and_command_line,
                       configuration_file_label, configuration_refused, restart_needed,
                       reminders_notify_off, reminders_no_command, reminders_on, reminders_quiet,
                       last_reminder_label, next_reminder_label, reminder_never, reminder_ran,
                       reminder_failed, reminder_next))

const DaemonMessages& daemon_messages_for(const std::string& language);

}  // namespace kioku::cli
