// The fast path's parser accepts only what it can take exactly as CLI11 would; anything else
// goes to the command table, so the two can never disagree about a line they both accept.
#include "cli/due_count.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <iostream>

#include "cli/client.hpp"
#include "cli/connection_messages.hpp"
#include "cli/daemon_launcher.hpp"
#include "cli/deck_refusal.hpp"
#include "cli/messages.hpp"
#include "cli/reply.hpp"
#include "core/error.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/methods.hpp"
#include "protocol/paths.hpp"
#include "protocol/unique_fd.hpp"

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

namespace json = boost::json;

// system.hello and due.counts written together and their replies read in order (kiokud
// answers a connection's lines in turn): one round trip, where CliContext::daemon() and then
// the call take two. Nullopt when nothing answers, or the connection ends or stalls before both
// replies came: the caller then takes the ordinary path, which starts kiokud or says what is
// wrong in its usual words. A reply that is an error is thrown as the ordinary path throws it.
std::optional<json::value> pipelined_due_counts(CliContext& context, const std::string& deck) {
  const ConnectionMessages& words = connection_messages_for(context.language);
  const std::string socket_path = resolve_socket_path(context.connect);
  protocol::check_socket_path_length(socket_path);
  if (context.connect.socket_path.empty()) {
    protocol::ensure_private_directory(protocol::runtime_directory());
  }
  const protocol::UniqueFd connection(try_connect(socket_path));
  if (connection.get() < 0) return std::nullopt;
  const std::string lines =
      protocol::to_line(protocol::make_request(1, protocol::kHello.name, hello_params())) +
      protocol::to_line(protocol::make_request(2, protocol::kDueCounts.name, deck_params(deck)));
  for (std::size_t sent = 0; sent < lines.size();) {
    const ssize_t written =
        ::send(connection.get(), lines.data() + sent, lines.size() - sent, MSG_NOSIGNAL);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return std::nullopt;
    sent += static_cast<std::size_t>(written);
  }
  const auto deadline = std::chrono::steady_clock::now() + ReplyTimeouts{}.ordinary;
  ReplyLines replies;
  std::int64_t waiting_for = 1;
  for (;;) {
    while (const std::optional<std::string> line = replies.next_line(words)) {
      std::optional<json::value> result;
      try {
        result = interpret_reply(*line, waiting_for, context.language);
      } catch (const Error& failure) {
        if (waiting_for == 1) check_hello_refusal(failure, context.language);
        throw;
      }
      if (!result) continue;
      if (waiting_for == 2) return result;
      check_hello(*result, context.language);
      waiting_for = 2;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    if (left <= 0) return std::nullopt;
    pollfd readable{connection.get(), POLLIN, 0};
    const int ready = ::poll(&readable, 1, static_cast<int>(left) + 1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return std::nullopt;
    char chunk[16384];
    const ssize_t received = ::recv(connection.get(), chunk, sizeof chunk, 0);
    if (received < 0 && errno == EINTR) continue;
    if (received <= 0) return std::nullopt;
    replies.append(std::string_view(chunk, static_cast<std::size_t>(received)));
  }
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
    } else if (argument.starts_with("--deck") && due && !deck) {
      auto value = option_value(arguments, at, "--deck");
      if (!value) return std::nullopt;
      line.deck = std::move(*value);
      deck = true;
    } else if (argument.starts_with("--socket") && !line.socket) {
      line.socket = option_value(arguments, at, "--socket");
      if (!line.socket) return std::nullopt;
    } else if (argument.starts_with("--lang") && !line.language) {
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
  context.connect.language = context.language;
  return worded_deck_refusal(line.deck, context.language, [&] {
    if (const std::optional<json::value> result = pipelined_due_counts(context, line.deck)) {
      std::cout << protocol::decode_result<protocol::DueCountsResult>(protocol::kDueCounts.name,
                                                                      *result)
                       .total
                << '\n';
      return 0;
    }
    return print_due_total(context, line.deck);
  });
}

json::object due_counts_params(const std::string& deck, const std::optional<std::string>& tag) {
  json::object params = deck_params(deck);
  if (tag) params["tag"] = *tag;
  return params;
}

int print_due_total(CliContext& context, const std::string& deck,
                    const std::optional<std::string>& tag) {
  const auto counts = protocol::decode_result<protocol::DueCountsResult>(
      protocol::kDueCounts.name,
      context.daemon().call(protocol::kDueCounts.name, due_counts_params(deck, tag)));
  std::cout << counts.total << '\n';
  return 0;
}

}  // namespace kioku::cli
