// kioku reads the daemon's replies as the protocol's result types: a reply that lacks a field or
// carries one of another type (a daemon of another version, or a broken one) is an error that
// names the method and the field, never a count of zero.
#include <boost/json.hpp>

#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/relay_proxy.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// `reply` with its result's field `key` taken out (or, with `replacement`, set to it).
std::string with_field(const std::string& reply, const std::string& key,
                       std::optional<json::value> replacement = std::nullopt) {
  json::value message = json::parse(reply);
  json::object& result = message.at("result").as_object();
  if (replacement) {
    result[key] = *replacement;
  } else {
    result.erase(key);
  }
  return json::serialize(message);
}

}  // namespace

TEST_CASE("e2e: a reply without a field the client reads is an error naming it - not a zero",
          "[e2e][protocol][typed]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
  const std::string relayed = home.root() + "/relayed.sock";
  RelayProxy proxy(relayed, home.socket_path());
  const auto kioku = [&](std::vector<std::string> arguments) {
    arguments.insert(arguments.begin(), {kioku_path(), "--socket", relayed, "--no-autostart"});
    return run_command(arguments, home.environment());
  };

  SECTION("due without review") {
    proxy.rewrite_next_reply_to(
        "\"due.counts\"", [](const std::string& reply) { return with_field(reply, "review"); });
    const CommandResult result = kioku({"due"});
    INFO(result.out << result.err);
    CHECK(result.exit_code != 0);
    CHECK(result.out.empty());
    CHECK(result.err == "kioku: kiokud's reply to due.counts: field 'review' is missing\n");
  }
  SECTION("stats with a count as text") {
    proxy.rewrite_next_reply_to("\"stats.report\"", [](const std::string& reply) {
      return with_field(reply, "schema", json::value("1"));
    });
    const CommandResult result = kioku({"stats"});
    INFO(result.out << result.err);
    CHECK(result.exit_code != 0);
    CHECK(result.out.empty());
    CHECK(result.err ==
          "kioku: kiokud's reply to stats.report: field 'schema' must be an integer\n");
  }
  SECTION("unbury without its count") {
    proxy.rewrite_next_reply_to("\"review.unbury\"", [](const std::string& reply) {
      return with_field(reply, "unburied");
    });
    const CommandResult result = kioku({"unbury"});
    INFO(result.out << result.err);
    CHECK(result.exit_code != 0);
    CHECK(result.err == "kioku: kiokud's reply to review.unbury: field 'unburied' is missing\n");
  }
  SECTION("a whole reply, passed on unchanged, still prints") {
    const CommandResult result = kioku({"due"});
    CHECK(result.exit_code == 0);
    CHECK(result.out == "8 due (8 new, 0 learning, 0 review)\n");
  }
}
