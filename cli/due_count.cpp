// The fast path's parser accepts only what it can take exactly as CLI11 would; anything else
// goes to the command table, so the two can never disagree about a line they both accept.
#include "cli/due_count.hpp"

#include <iostream>

#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

// "--name=value" or "--name value": the value, advancing `at` past it; nullopt when `arguments`
// at `at` is not that option or its value is missing or looks like an option.
std::optional<std::string> option_value(const std::vector<std::string_view>& arguments,
                                        std::size_t& at, std::string_view name) {
  const std::string_view argument = arguments[at];
  if (argument.size() > name.size() && argument.substr(0, name.size()) == name &&
      argument[name.size()] == '=') {
    return std::string(argument.substr(name.size() + 1));
  }
  if (argument != name || at + 1 >= arguments.size()) return std::nullopt;
  const std::string_view value = arguments[at + 1];
  if (value.empty() || value.front() == '-') return std::nullopt;
  ++at;
  return std::string(value);
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

}  // namespace

std::optional<DueCountLine> parse_due_count_line(const std::vector<std::string_view>& arguments) {
  DueCountLine line;
  bool due = false;
  bool count = false;
  bool json = false;
  bool deck = false;
  for (std::size_t at = 0; at < arguments.size(); ++at) {
    const std::string_view argument = arguments[at];
    if (argument == "due" && !due) {
      due = true;
    } else if (argument == "--count" && due && !count) {
      count = true;
    } else if (argument == "--json" && !json) {
      json = true;  // one number is JSON already
    } else if (argument == "--no-autostart" && line.autostart) {
      line.autostart = false;
    } else if (starts_with(argument, "--deck") && due && !deck) {
      auto value = option_value(arguments, at, "--deck");
      if (!value) return std::nullopt;
      line.deck = std::move(*value);
      deck = true;
    } else if (starts_with(argument, "--socket") && !line.socket) {
      line.socket = option_value(arguments, at, "--socket");
      if (!line.socket) return std::nullopt;
    } else if (starts_with(argument, "--lang") && !line.language) {
      line.language = option_value(arguments, at, "--lang");
      if (line.language != "en" && line.language != "ja") return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  if (!due || !count) return std::nullopt;
  return line;
}

int run_due_count(const DueCountLine& line, CliContext& context) {
  if (line.socket) context.connect.socket_path = *line.socket;
  context.connect.autostart = line.autostart;
  if (line.language) context.language = *line.language;
  return print_due_total(context, line.deck);
}

int print_due_total(CliContext& context, const std::string& deck) {
  const auto counts = protocol::decode_result<protocol::DueCountsResult>(
      protocol::kDueCounts.name,
      context.daemon().call(protocol::kDueCounts.name, deck_params(deck)));
  std::cout << counts.total << '\n';
  return 0;
}

}  // namespace kioku::cli
