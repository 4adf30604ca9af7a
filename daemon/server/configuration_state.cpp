#include "daemon/server/configuration_state.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/system_error_reason.hpp"
#include "daemon/log_priority.hpp"
#include "protocol/paths.hpp"

namespace kioku::daemon {

namespace {

ConfigProblem unreadable(const std::string& path, std::string why) {
  ConfigProblem problem;
  problem.kind = ConfigProblemKind::kUnreadable;
  problem.file = path;
  problem.got = std::move(why);
  return problem;
}

[[noreturn]] void refuse_write(const std::string& path, int error) {
  throw Error(ErrorCode::kStorage,
              bilingual_with("cannot write {path}: {reason}", "{path} に書き込めません: {reason}",
                             "reason", system_error_reason(error), {{"path", path}}));
}

// Writes `text` to a new file beside `path` and renames it over `path`: a reader (or a crash)
// sees the old file or the new one, never half of one.
void write_atomically(const std::string& path, const std::string& text) {
  const std::string directory = protocol::parent_directory(path);
  protocol::make_directories(directory);
  std::string temporary = path + ".XXXXXX";
  const int descriptor = ::mkstemp(temporary.data());
  if (descriptor < 0) refuse_write(path, errno);
  std::size_t written = 0;
  bool failed = false;
  while (written < text.size()) {
    const ssize_t now = ::write(descriptor, text.data() + written, text.size() - written);
    if (now < 0 && errno == EINTR) continue;
    if (now <= 0) {
      failed = true;
      break;
    }
    written += static_cast<std::size_t>(now);
  }
  const int error = errno;
  if (failed || ::fsync(descriptor) != 0 || ::close(descriptor) != 0 ||
      ::rename(temporary.c_str(), path.c_str()) != 0) {
    const int reason = failed ? error : errno;
    ::unlink(temporary.c_str());
    refuse_write(path, reason);
  }
}

}  // namespace

std::string read_config_file(const std::string& path, bool required) {
  std::error_code error;
  const bool exists = std::filesystem::exists(path, error);
  if (!exists && !error && !required) return {};
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(unreadable(path, system_error_reason(errno).english));
  std::string text(kMaxConfigFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) throw ConfigError(unreadable(path, system_error_reason(errno).english));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMaxConfigFileBytes) {
    throw ConfigError(unreadable(path, kConfigFileTooLarge));
  }
  return text;
}

ConfigurationState::ConfigurationState(std::string path, bool required, Configuration command_line,
                                       std::vector<std::string> command_line_keys)
    : path_(std::move(path)), required_(required) {
  layers_.command_line = std::move(command_line);
  layers_.command_line_keys = std::move(command_line_keys);
  layers_.file = parse_configuration(read_config_file(path_, required_), path_);
  effective_ = kioku::effective(layers_);
  running_ = effective_;
  generation_ = 1;
}

ReloadOutcome ConfigurationState::reload() {
  ++generation_;
  try {
    return apply(parse_configuration(read_config_file(path_, required_), path_));
  } catch (const ConfigError& error) {
    refused_ = error.problem();
    std::cerr << log_error
              << "kiokud: configuration refused, keeping the last good one: " << error.what()
              << " (generation " << generation_ << ")\n";
    ReloadOutcome outcome;
    outcome.refused = refused_;
    outcome.restart_needed = restart_needed();
    return outcome;
  }
}

ReloadOutcome ConfigurationState::replace(const std::string& text) {
  ParsedConfiguration parsed = parse_configuration(text, path_);  // before anything is written
  write_atomically(path_, text);
  ++generation_;
  return apply(std::move(parsed));
}

ReloadOutcome ConfigurationState::apply(ParsedConfiguration parsed) {
  const Configuration before = effective_;
  layers_.file = std::move(parsed);
  effective_ = kioku::effective(layers_);
  refused_.reset();
  ReloadOutcome outcome;
  outcome.loaded = true;
  outcome.restart_needed = restart_needed();
  for (const std::string& key : changed_keys(before, effective_)) {
    if (find_config_key(key)->takes_effect != ConfigTakesEffect::kRestart) {
      outcome.changed.push_back(key);
    }
  }
  if (!outcome.changed.empty()) changed_(effective_);
  loaded_(effective_);
  std::cerr << log_info << "kiokud: configuration reloaded from " << path_ << " (generation "
            << generation_ << ")";
  for (const std::string& key : outcome.restart_needed) {
    std::cerr << "; " << key << " needs a restart";
  }
  std::cerr << '\n';
  return outcome;
}

}  // namespace kioku::daemon
