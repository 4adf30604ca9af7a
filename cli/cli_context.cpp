// Lazy connection with the protocol check, and small output helpers.
#include "cli/cli_context.hpp"

#include <cstdlib>
#include <iostream>

#include "cli/connection_messages.hpp"
#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "protocol/json_rpc.hpp"
#include "protocol/json_text.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

// The one field of system.hello's result that every protocol version keeps: the rest of the
// result is read only once the version is known to be ours.
struct HelloVersion {
  std::int64_t protocol = 0;
};
BOOST_DESCRIBE_STRUCT(HelloVersion, (), (protocol))

}  // namespace

json::object hello_params() {
  return json::object{{"client", std::string("kioku ") + KIOKU_VERSION},
                      {"protocol", protocol::kProtocolVersion}};
}

Error protocol_mismatch(std::int64_t theirs, const std::string& language) {
  return Error(ErrorCode::kUnavailable,
               fill_in(connection_messages_for(language).protocol_mismatch,
                       {{"theirs", std::to_string(theirs)},
                        {"ours", std::to_string(protocol::kProtocolVersion)}}));
}

void check_hello(const json::value& hello, const std::string& language) {
  const std::int64_t protocol_version =
      protocol::decode_result<HelloVersion>(protocol::kHello.name, hello).protocol;
  if (protocol_version != protocol::kProtocolVersion) {
    throw protocol_mismatch(protocol_version, language);
  }
}

void check_hello_refusal(const Error& failure, const std::string& language) {
  const auto* refusal = dynamic_cast<const protocol::ErrorWithData*>(&failure);
  if (refusal == nullptr) return;
  const json::value* theirs = refusal->data().if_contains("protocol");
  if (theirs != nullptr && theirs->is_int64())
    throw protocol_mismatch(theirs->as_int64(), language);
}

Client& CliContext::daemon() {
  if (client_) return *client_;
  connect.language = language;
  std::unique_ptr<Client> client = connect_to_daemon(connect);
  if (reply_timeout) client->set_timeouts(ReplyTimeouts::uniform(*reply_timeout));
  try {
    check_hello(client->call(protocol::kHello.name, hello_params()), language);
  } catch (const Error& failure) {
    check_hello_refusal(failure, language);
    throw;
  }
  client_ = std::move(client);
  return *client_;
}

void print_json(const json::value& value) {
  std::cout << safe_json(protocol::to_json_text(value)) << '\n';
}

void choose_language(CliContext& context, const std::string& choice) {
  context.bilingual = choice == "both";
  context.language = context.bilingual ? "ja" : choice;
}

std::string language_from_environment() {
  for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(variable);
    if (value == nullptr || *value == '\0') continue;
    return std::string(value).rfind("ja", 0) == 0 ? "ja" : "en";
  }
  return "en";
}

json::object deck_params(const std::string& deck) {
  json::object params;
  if (!deck.empty()) params["deck"] = deck;
  return params;
}

}  // namespace kioku::cli
