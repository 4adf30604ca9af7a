// config.*: the configuration file as kiokud holds it (docs/configuration.md). A refused value
// or text is an error whose data carries the problem (config_problem) for the client to word.
#include <string>

#include "core/configuration_edit.hpp"
#include "core/configuration_keys.hpp"
#include "core/error.hpp"
#include "daemon/methods/config_wire.hpp"
#include "daemon/methods/method_table.hpp"
#include "daemon/server/configuration_state.hpp"
#include "protocol/config_types.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::daemon {

namespace {

ConfigurationState& state_of(MethodContext& context) {
  if (context.configuration == nullptr) {
    throw Error(ErrorCode::kUnavailable, bilingual("this kiokud has no configuration file",
                                                   "この kiokud には設定ファイルがありません"));
  }
  return *context.configuration;
}

const ConfigKey& key_named(const std::string& name) {
  if (const ConfigKey* key = find_config_key(name)) return *key;
  ConfigProblem problem;
  problem.kind = ConfigProblemKind::kUnknownKey;
  problem.key = name;
  throw refusal(problem);
}

protocol::ConfigReloadResult reload_result(const ConfigurationState& state,
                                           const ReloadOutcome& outcome) {
  protocol::ConfigReloadResult result;
  result.file = state.path();
  result.generation = state.generation();
  result.loaded = outcome.loaded;
  if (outcome.refused) result.refused = problem_info(*outcome.refused);
  result.changed = outcome.changed;
  result.restart_needed = outcome.restart_needed;
  return result;
}

protocol::ConfigEntry get(const protocol::ConfigKeyParams& params, MethodContext& context) {
  const ConfigurationState& state = state_of(context);
  return config_entry(state, key_named(params.key));
}

protocol::ConfigListResult list(const protocol::NoParams& /*params*/, MethodContext& context) {
  const ConfigurationState& state = state_of(context);
  protocol::ConfigListResult result;
  result.file = state.path();
  result.generation = state.generation();
  for (const ConfigKey& key : configuration_keys()) {
    result.entries.push_back(config_entry(state, key));
  }
  if (state.refused()) result.refused = problem_info(*state.refused());
  return result;
}

// Rewrites the one value in the file's text (core/configuration_edit.hpp), so its comments
// stay; the text is then checked whole, as any file is.
protocol::ConfigReloadResult set(const protocol::ConfigSetParams& params, MethodContext& context) {
  ConfigurationState& state = state_of(context);
  const ConfigKey& key = key_named(params.key);
  try {
    const ConfigValue value = value_from_text(key, params.value);
    const std::string text =
        with_setting(read_config_file(state.path(), false), key, value, state.path());
    return reload_result(state, state.replace(text));
  } catch (const ConfigError& error) {
    throw refusal(error.problem());
  }
}

protocol::ConfigReloadResult reload(const protocol::NoParams& /*params*/, MethodContext& context) {
  ConfigurationState& state = state_of(context);
  return reload_result(state, state.reload());
}

protocol::ConfigTextResult read(const protocol::NoParams& /*params*/, MethodContext& context) {
  const ConfigurationState& state = state_of(context);
  try {
    return protocol::ConfigTextResult{.file = state.path(),
                                      .text = read_config_file(state.path(), false)};
  } catch (const ConfigError& error) {
    throw refusal(error.problem());
  }
}

protocol::ConfigReloadResult write(const protocol::ConfigWriteParams& params,
                                   MethodContext& context) {
  ConfigurationState& state = state_of(context);
  try {
    return reload_result(state, state.replace(params.text));
  } catch (const ConfigError& error) {
    throw refusal(error.problem());
  }
}

}  // namespace

std::vector<Method> config_methods() {
  return {method_row(protocol::kConfigGet, get),   method_row(protocol::kConfigSet, set),
          method_row(protocol::kConfigList, list), method_row(protocol::kConfigReload, reload),
          method_row(protocol::kConfigRead, read), method_row(protocol::kConfigWrite, write)};
}

}  // namespace kioku::daemon
