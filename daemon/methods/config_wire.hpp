// The configuration's wire forms, shared by config.* and system.status.
#pragma once

#include "core/configuration.hpp"
#include "core/configuration_keys.hpp"
#include "protocol/config_types.hpp"
#include "protocol/json_rpc.hpp"

namespace kioku::daemon {

class ConfigurationState;

protocol::ConfigProblemInfo problem_info(const ConfigProblem& problem);
// The error a refused value or text is answered with: invalid input, the English line as its
// message and the problem in data.config_problem.
protocol::ErrorWithData refusal(const ConfigProblem& problem);
// `key` as `state` holds it: the effective value and its source.
protocol::ConfigEntry config_entry(const ConfigurationState& state, const ConfigKey& key);

}  // namespace kioku::daemon
