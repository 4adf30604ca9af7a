#include "daemon/methods/config_wire.hpp"

#include <boost/json.hpp>

#include "daemon/server/configuration_state.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::daemon {

protocol::ConfigProblemInfo problem_info(const ConfigProblem& problem) {
  return protocol::ConfigProblemInfo{.kind = std::string(to_string(problem.kind)),
                                     .file = problem.file,
                                     .line = problem.line,
                                     .column = problem.column,
                                     .key = problem.key,
                                     .expected = problem.expected,
                                     .lowest = problem.lowest,
                                     .highest = problem.highest,
                                     .got = problem.got,
                                     .message = describe(problem)};
}

protocol::ErrorWithData refusal(const ConfigProblem& problem) {
  return protocol::ErrorWithData(
      ErrorCode::kInvalidInput, describe_in_both(problem),
      boost::json::object{{"config_problem", protocol::encode(problem_info(problem))}});
}

protocol::ConfigEntry config_entry(const ConfigurationState& state, const ConfigKey& key) {
  const ConfigValue value = key.get(state.effective());
  boost::json::value json = nullptr;
  if (const auto* whole = std::get_if<std::int64_t>(&value)) json = *whole;
  if (const auto* text = std::get_if<std::string>(&value)) json = boost::json::string(*text);
  if (const auto* flag = std::get_if<bool>(&value)) json = *flag;
  if (const auto* words = std::get_if<std::vector<std::string>>(&value)) {
    boost::json::array command;
    for (const std::string& word : *words) command.emplace_back(word);
    json = std::move(command);
  }
  return protocol::ConfigEntry{
      .key = std::string(key.name),
      .value = std::move(json),
      .source = std::string(to_string(source_of(state.layers(), key.name))),
      .takes_effect = std::string(to_string(key.takes_effect)),
      .restart_needed = state.restart_needed(key)};
}

}  // namespace kioku::daemon
