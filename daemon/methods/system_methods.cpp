// system.*: greeting, introspection, status, shutdown.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "daemon/methods/config_wire.hpp"
#include "daemon/methods/due_watchers.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/server/configuration_state.hpp"
#include "daemon/store/backup.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/methods.hpp"
#include "protocol/paths.hpp"
#include "protocol/reminder_types.hpp"
#include "protocol/system_types.hpp"

namespace kioku::daemon {

namespace {

protocol::HelloResult hello(const protocol::HelloParams& params, MethodContext& context) {
  // A client of another protocol would misread the answers to come: it is told here, once, with
  // the daemon's version in the error's data for it to word in its own language. A client that
  // names no version (a script, socat) is trusted.
  if (params.protocol && *params.protocol != protocol::kProtocolVersion) {
    const std::string protocols = std::to_string(*params.protocol);
    const std::string ours = std::to_string(protocol::kProtocolVersion);
    const auto mismatch =
        params.client
            ? bilingual(
                  "{client} speaks protocol {protocol} but this kiokud ({version}) speaks "
                  "{ours}; run `kioku daemon restart` to start the kiokud installed beside "
                  "kioku",
                  "{client} のプロトコルは {protocol} ですが、この kiokud（{version}）のプロトコル"
                  "は {ours} です。`kioku daemon restart` を実行して、kioku "
                  "と一緒にインストールされた kiokud を起動してください",
                  {{"client", *params.client},
                   {"protocol", protocols},
                   {"version", KIOKU_VERSION},
                   {"ours", ours}})
            : bilingual(
                  "the client speaks protocol {protocol} but this kiokud ({version}) speaks "
                  "{ours}; run `kioku daemon restart` to start the kiokud installed beside "
                  "kioku",
                  "クライアントのプロトコルは {protocol} ですが、この kiokud（{version}）の"
                  "プロトコルは {ours} です。`kioku daemon restart` を実行して、kioku "
                  "と一緒にインストールされた kiokud を起動してください",
                  {{"protocol", protocols}, {"version", KIOKU_VERSION}, {"ours", ours}});
    throw protocol::ErrorWithData(
        ErrorCode::kInvalidParams, mismatch,
        boost::json::object{{"protocol", protocol::kProtocolVersion}, {"version", KIOKU_VERSION}});
  }
  return protocol::HelloResult{.daemon = "kiokud",
                               .version = KIOKU_VERSION,
                               .protocol = protocol::kProtocolVersion,
                               .collection = context.collection_path,
                               .pid = static_cast<std::int64_t>(::getpid())};
}

protocol::MethodsResult methods(const protocol::NoParams& /*params*/, MethodContext& /*context*/) {
  protocol::MethodsResult result;
  for (const Method& method : method_table()) {
    protocol::MethodInfo& info = result.methods.emplace_back();
    info.name = method.name;
    info.help = method.help;
    for (const protocol::FieldSpec& spec : method.params) {
      info.params.push_back(protocol::ParamInfo{.name = std::string(spec.name),
                                                .type = std::string(protocol::to_string(spec.type)),
                                                .required = spec.required,
                                                .help = std::string(spec.help)});
    }
  }
  return result;
}

// The collection's file and the WAL beside it: between checkpoints the newest pages, often most
// of a small collection, are only in the WAL.
std::int64_t size_on_disk(const std::string& collection_path) {
  std::int64_t bytes = 0;
  for (const std::string& path : {collection_path, collection_path + "-wal"}) {
    std::error_code missing;
    const auto size = std::filesystem::file_size(path, missing);
    if (!missing) bytes += static_cast<std::int64_t>(size);
  }
  return bytes;
}

// "defaults", "file", "command line" or "file and command line": which layers set anything.
std::string configuration_source(const MethodContext& context) {
  const bool file = context.configuration && !context.configuration->layers().file.keys_set.empty();
  const bool command_line = !context.facts.options.empty();
  if (file && command_line) return "file and command line";
  if (file) return "file";
  return command_line ? "command line" : "defaults";
}

protocol::StatusResult status(const protocol::NoParams& /*params*/, MethodContext& context) {
  const DaemonFacts& facts = context.facts;
  const std::optional<FoundBackup> backup =
      newest_backup(backups_directory(protocol::parent_directory(context.collection_path)));
  return protocol::StatusResult{
      .daemon = "kiokud",
      .version = KIOKU_VERSION,
      .protocol = protocol::kProtocolVersion,
      .pid = static_cast<std::int64_t>(::getpid()),
      .uptime_seconds = std::chrono::duration_cast<std::chrono::seconds>(
                            std::chrono::steady_clock::now() - facts.started)
                            .count(),
      .socket = facts.socket_path,
      .socket_activated = facts.socket_activated,
      .collection = context.collection_path,
      .collection_bytes = size_on_disk(context.collection_path),
      .cards = context.collection.counts().cards,
      .clients = static_cast<std::int64_t>(context.connected_clients()),
      .configuration = configuration_source(context),
      .options = facts.options,
      .configuration_file = context.configuration ? context.configuration->path() : "",
      .configuration_generation = context.configuration ? context.configuration->generation() : 0,
      .configuration_refused = context.configuration && context.configuration->refused()
                                   ? std::optional(problem_info(*context.configuration->refused()))
                                   : std::nullopt,
      .restart_needed = context.configuration ? context.configuration->restart_needed()
                                              : std::vector<std::string>{},
      .last_backup = backup ? std::optional<std::string>(backup->path) : std::nullopt,
      .last_backup_at = backup ? std::optional<std::int64_t>(backup->modified) : std::nullopt,
      .reminders = {}};
}

protocol::ReminderStatus reminders(const protocol::NoParams& /*params*/, MethodContext& context) {
  if (context.due_watchers == nullptr) return {};
  return context.due_watchers->reminder_status();
}

protocol::ShutdownResult shutdown(const protocol::NoParams& /*params*/, MethodContext& context) {
  context.request_shutdown();
  return protocol::ShutdownResult{.stopping = true};
}

}  // namespace

std::vector<Method> system_methods() {
  return {method_row(protocol::kHello, hello), method_row(protocol::kMethods, methods),
          method_row(protocol::kStatus, status), method_row(protocol::kSystemReminders, reminders),
          method_row(protocol::kShutdown, shutdown)};
}

}  // namespace kioku::daemon
