// The words kioku says about reaching kiokud: connecting, starting it, a reply that does not
// come, and the protocol check. Filled in with fill_in() (cli/messages.hpp). The daemon's own
// error messages are not here: they come over the wire in English (docs/decisions.md).
#pragma once

#include <boost/describe/class.hpp>
#include <string>

namespace kioku::cli {

struct ConnectionMessages {
  // Client (cli/client.cpp)
  const char* cannot_connect;   // {socket}, {error}
  const char* daemon_with_pid;  // {pid}
  const char* daemon_at;        // {socket}
  const char* not_answering;    // {daemon}, {method}, {timeout}, {advice}
  const char* stop_advice;
  const char* resume_advice;         // {pid}
  const char* seconds;               // {count}: a timeout, "1.5"
  const char* cannot_wait;           // {error}
  const char* interrupted;           // {daemon}, {method}
  const char* cannot_send;           // {error}
  const char* closed_before_sent;    // {method}, {socket}
  const char* closed_before_answer;  // {method}, {socket}
  // Finding or starting kiokud (cli/daemon_launcher.cpp)
  const char* other_user;                // {socket}
  const char* not_running_at;            // {socket}, {error}
  const char* not_running_no_autostart;  // {socket}, {error}
  const char* holds_without_socket;      // {pid}, {directory}, {socket}
  const char* cannot_create_pipe;        // {error}
  const char* cannot_fork;               // {error}
  const char* cannot_run;                // {program}, {error}
  const char* not_ready;                 // {seconds}, {log}
  const char* failed_to_start;           // {log}
  const char* failed_to_start_because;   // {reason} (kiokud's last log line), {log}
  // The protocol check (cli/cli_context.cpp)
  const char* protocol_mismatch;  // {theirs}, {ours}
  // A reply that breaks the protocol (cli/reply.cpp)
  const char* reply_too_long;  // {mebibytes}
  const char* not_json_rpc;    // {line}: what kiokud sent, escaped and cut
  const char* neither_result_nor_error;
  const char* unknown_error;  // an error reply without a message
};
BOOST_DESCRIBE_STRUCT(ConnectionMessages, (),
                      (cannot_connect, daemon_with_pid, daemon_at, not_answering, stop_advice,
                       resume_advice, seconds, cannot_wait, interrupted, cannot_send,
                       closed_before_sent, closed_before_answer, other_user, not_running_at,
                       not_running_no_autostart, holds_without_socket, cannot_create_pipe,
                       cannot_fork, cannot_run, not_ready, failed_to_start, failed_to_start_because,
                       protocol_mismatch, reply_too_long, not_json_rpc, neither_result_nor_error,
                       unknown_error))

const ConnectionMessages& connection_messages_for(const std::string& language);

}  // namespace kioku::cli
