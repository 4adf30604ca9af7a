// What every command shares: how to reach the daemon, the output mode and the language.
#pragma once

#include <boost/json.hpp>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cli/client.hpp"
#include "cli/daemon_launcher.hpp"
#include "core/error.hpp"
#include "protocol/method_type.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::cli {

struct CliContext {
  ConnectOptions connect;
  bool json = false;
  std::string language;  // "en" or "ja"
  // Language "both" (--lang or the config file): `language` is ja, and the review screen shows
  // English under the Japanese.
  bool bilingual = false;
  std::string color = "auto";  // kioku --color: auto, always or never (Style::for_stdout)
  // kioku --timeout: one reply timeout for every request instead of ReplyTimeouts' defaults.
  std::optional<std::chrono::milliseconds> reply_timeout;

  // The daemon connection, made (and the daemon started) on first use, after checking with
  // system.hello that it speaks our protocol. Throws kioku::Error (CallError when the daemon
  // does not answer).
  Client& daemon();
  bool connected() const noexcept { return client_ != nullptr; }
  // Closes the connection (the next daemon() makes a new one).
  void disconnect() noexcept { client_.reset(); }

 private:
  std::unique_ptr<Client> client_;
};

// system.hello's parameters as kioku sends them.
boost::json::object hello_params();
// Throws kioku::Error (kUnavailable, in `language`) unless `hello`, system.hello's result,
// names our protocol version.
void check_hello(const boost::json::value& hello, const std::string& language);
// The error that says the daemon speaks protocol `theirs`, not ours, and to restart it.
Error protocol_mismatch(std::int64_t theirs, const std::string& language);
// Throws protocol_mismatch() when `failure`, the error reply to our system.hello, is a kiokud
// refusing our protocol (its version in the error's data); returns otherwise.
void check_hello_refusal(const Error& failure, const std::string& language);

// Writes `value` as one line of JSON to stdout.
void print_json(const boost::json::value& value);

// The language for card text and messages: ja when LC_ALL, LC_MESSAGES or LANG (the first that
// is set) starts with "ja", else en.
std::string language_from_environment();

// Sets the context's language from a choice of en, ja or both (--lang, the config file's
// `language`): both is Japanese first, then English, where a screen can show both (the review
// screen, docs/review-screen.md); every other text is Japanese, the first of the two.
void choose_language(CliContext& context, const std::string& choice);

// The params of a method that takes an optional deck: {"deck": deck}, or {} for every deck.
boost::json::object deck_params(const std::string& deck);

// Prints `method`'s `result`: one line of JSON with --json, else whatever `print` writes to
// stdout for the result, read as the method's result type. A reply that lacks a field or has one
// of another type is an error naming it (protocol/wire_struct.hpp), never a zero.
template <class Params, class Result, class Print>
void show_result(const CliContext& context, const protocol::MethodType<Params, Result>& method,
                 const boost::json::value& result, const Print& print) {
  if (context.json) {
    print_json(result);
    return;
  }
  print(protocol::decode_result<Result>(method.name, result), std::cout);
}

// Calls `method` with `params` and shows its result (show_result).
template <class Params, class Result, class Print>
void call_and_show(CliContext& context, const protocol::MethodType<Params, Result>& method,
                   boost::json::object params, const Print& print) {
  show_result(context, method, context.daemon().call(method.name, std::move(params)), print);
}

}  // namespace kioku::cli
