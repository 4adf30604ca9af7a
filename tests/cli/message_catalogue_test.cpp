// The message catalogues (cli/*messages.hpp): every message exists in English and Japanese, the
// two name the same placeholders, and the Japanese is not the English copied.
#include <boost/describe/members.hpp>
#include <boost/mp11/algorithm.hpp>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cli/backup_messages.hpp"
#include "cli/card_messages.hpp"
#include "cli/config_messages.hpp"
#include "cli/connection_messages.hpp"
#include "cli/daemon_messages.hpp"
#include "cli/dashboard_messages.hpp"
#include "cli/due_messages.hpp"
#include "cli/error_text.hpp"
#include "cli/export_messages.hpp"
#include "cli/import_messages.hpp"
#include "cli/maintenance_messages.hpp"
#include "cli/messages.hpp"
#include "cli/note_messages.hpp"
#include "cli/overview_messages.hpp"
#include "cli/progress_messages.hpp"
#include "cli/reply.hpp"
#include "cli/report_messages.hpp"
#include "cli/review_screen_messages.hpp"
#include "cli/simulate_messages.hpp"
#include "cli/suspend_messages.hpp"
#include "core/error.hpp"
#include "protocol/json_rpc.hpp"

using namespace kioku::cli;

namespace {

// The "{name}"s in `pattern`.
std::multiset<std::string> placeholders(std::string_view pattern) {
  std::multiset<std::string> names;
  for (auto open = pattern.find('{'); open != std::string_view::npos;
       open = pattern.find('{', open + 1)) {
    const auto close = pattern.find('}', open);
    if (close == std::string_view::npos) break;
    names.insert(std::string(pattern.substr(open, close - open + 1)));
  }
  return names;
}

bool has_non_ascii(std::string_view text) {
  for (const char character : text) {
    if (static_cast<unsigned char>(character) >= 0x80) return true;
  }
  return false;
}

// One message of a catalogue in both languages.
struct MessagePair {
  std::string name;
  const char* in_english = nullptr;
  const char* in_japanese = nullptr;
};

// Both languages of each message are there, name the same placeholders, and differ unless the
// message is in `same_in_both`. Returns how many messages it checked.
int check_messages(const std::vector<MessagePair>& pairs,
                   const std::set<std::string>& same_in_both) {
  for (const MessagePair& pair : pairs) {
    INFO(pair.name);
    REQUIRE(pair.in_english != nullptr);
    REQUIRE(pair.in_japanese != nullptr);
    CHECK_FALSE(std::string_view(pair.in_english).empty());
    CHECK_FALSE(std::string_view(pair.in_japanese).empty());
    CHECK(placeholders(pair.in_english) == placeholders(pair.in_japanese));
    if (same_in_both.count(pair.name) == 0) {
      CHECK(std::string_view(pair.in_english) != pair.in_japanese);
      CHECK(has_non_ascii(pair.in_japanese));
    }
  }
  return static_cast<int>(pairs.size());
}

// Checks every message of `Catalogue`; `same_in_both` names the ones that may read the same in
// both languages (a column heading "ID"). Returns how many messages it checked. Only the listing
// of the members is a template: checks instantiated once per member made this file take a
// minute to compile.
template <class Catalogue>
int check_catalogue(const Catalogue& english, const Catalogue& japanese,
                    const std::set<std::string>& same_in_both = {}) {
  std::vector<MessagePair> pairs;
  boost::mp11::mp_for_each<
      boost::describe::describe_members<Catalogue, boost::describe::mod_public>>([&](auto member) {
    pairs.push_back({member.name, english.*member.pointer, japanese.*member.pointer});
  });
  // A message added to the struct but not to its BOOST_DESCRIBE_STRUCT would go unchecked.
  CHECK(pairs.size() * sizeof(const char*) == sizeof(Catalogue));
  return check_messages(pairs, same_in_both);
}

}  // namespace

TEST_CASE("catalogues: every message in both languages, with the same placeholders",
          "[cli][messages]") {
  SECTION("the review screen") {
    CHECK(check_catalogue(messages_for("en"), messages_for("ja")) >= 30);
  }
  SECTION("decks, due, unbury, stats and history") {
    CHECK(check_catalogue(overview_messages_for("en"), overview_messages_for("ja"),
                          {"column_id"}) >= 15);
  }
  SECTION("the stats dashboard") {
    CHECK(check_catalogue(dashboard_messages_for("en"), dashboard_messages_for("ja"),
                          {"not_available"}) >= 45);
  }
  SECTION("the HTML report") {
    // The lang attribute is a code, and a day's hover text only places the date and the count.
    CHECK(check_catalogue(report_messages_for("en"), report_messages_for("ja"),
                          {"language", "day_answers", "day_cards"}) >= 45);
  }
  SECTION("card show") {
    CHECK(check_catalogue(card_messages_for("en"), card_messages_for("ja")) >= 20);
  }
  SECTION("import") {
    CHECK(check_catalogue(import_messages_for("en"), import_messages_for("ja")) >= 10);
  }
  SECTION("deck config, doctor, sched replay, sched optimize and sched evaluate") {
    CHECK(check_catalogue(maintenance_messages_for("en"), maintenance_messages_for("ja")) >= 49);
  }
  SECTION("daemon status and stop") {
    CHECK(check_catalogue(daemon_messages_for("en"), daemon_messages_for("ja")) >= 15);
  }
  SECTION("add, edit, notes and note delete/restore") {
    CHECK(check_catalogue(note_messages_for("en"), note_messages_for("ja"), {"column_id"}) >= 25);
    CHECK(check_catalogue(note_file_messages_for("en"), note_file_messages_for("ja")) >= 35);
  }
  SECTION("suspend and unsuspend") {
    CHECK(check_catalogue(suspend_messages_for("en"), suspend_messages_for("ja")) >= 7);
    CHECK(check_catalogue(simulate_messages_for("en"), simulate_messages_for("ja")) >= 14);
  }
  SECTION("backup and restore") {
    CHECK(check_catalogue(backup_messages_for("en"), backup_messages_for("ja")) >= 6);
    CHECK(check_catalogue(export_messages_for("en"), export_messages_for("ja")) >= 5);
  }
  SECTION("config") {
    CHECK(check_catalogue(config_messages_for("en"), config_messages_for("ja")) >= 30);
    CHECK(check_catalogue(config_file_messages_for("en"), config_file_messages_for("ja")) >= 35);
  }
  SECTION("reaching kiokud") {
    CHECK(check_catalogue(connection_messages_for("en"), connection_messages_for("ja")) >= 20);
  }
  SECTION("the progress bar") {
    CHECK(check_catalogue(progress_messages_for("en"), progress_messages_for("ja")) >= 5);
  }
  SECTION("due --count, --watch and --format") {
    CHECK(check_catalogue(due_messages_for("en"), due_messages_for("ja")) >= 6);
  }
  SECTION("the full-screen review") {
    CHECK(check_catalogue(review_screen_messages_for("en"), review_screen_messages_for("ja")) >=
          15);
  }
}

TEST_CASE("catalogues: a language other than ja is English", "[cli][messages]") {
  CHECK(&overview_messages_for("") == &overview_messages_for("en"));
  CHECK(&overview_messages_for("de") == &overview_messages_for("en"));
  CHECK(&daemon_messages_for("ja") != &daemon_messages_for("en"));
  CHECK(std::string(connection_messages_for("ja").seconds) == "{count} 秒");
}

TEST_CASE("fill_in_count: the pattern for one, or for any other count", "[cli][messages]") {
  const DashboardMessages& english = dashboard_messages_for("en");
  CHECK(fill_in_count(1, english.cards_one, english.cards_many) == "1 card");
  CHECK(fill_in_count(0, english.cards_one, english.cards_many) == "0 cards");
  CHECK(fill_in_count(12, english.cards_one, english.cards_many) == "12 cards");
  const DashboardMessages& japanese = dashboard_messages_for("ja");
  CHECK(fill_in_count(1, japanese.cards_one, japanese.cards_many) == "カード 1 枚");
  CHECK(fill_in_count(3, japanese.cards_one, japanese.cards_many) == "カード 3 枚");
  // A value that looks like a placeholder is not filled in again.
  CHECK(fill_in("{a} {b}", {{"a", "{b}"}, {"b", "x"}}) == "{b} x");
  CHECK(fill_in("{a}{a} {other} {a", {{"a", "1"}}) == "11 {other} {a");
}

TEST_CASE("catalogues: a broken reply is reported in the client's language", "[cli][messages]") {
  const auto message_of = [](std::string_view line, const std::string& language) {
    try {
      interpret_reply(line, 1, language);
    } catch (const kioku::Error& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  CHECK(message_of("not json", "en") == "kiokud sent something that is not JSON-RPC: not json");
  CHECK(message_of("not json", "ja") ==
        "kiokud が JSON-RPC ではないものを送ってきました: not json");
  CHECK(message_of(R"({"jsonrpc":"2.0","id":1})", "ja") ==
        "kiokud の返事に result も error もありません");
  // The daemon's own message is passed on as it came when it sent no other language.
  CHECK(message_of(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"no deck 'x'"}})",
                   "ja") == "no deck 'x'");
}

TEST_CASE(
    "catalogues: the daemon's Japanese comes with its English, for kioku to print in its language",
    "[cli][messages]") {
  struct Refusal {
    std::string english;
    std::string japanese;
    boost::json::value data;
  };
  const auto refusal = [](std::string_view line) {
    try {
      interpret_reply(line, 1, "ja");
    } catch (const kioku::protocol::ErrorWithData& error) {
      return Refusal{error.what(), error.japanese(), error.data()};
    } catch (const kioku::Error& error) {
      return Refusal{error.what(), error.japanese(), nullptr};
    }
    return Refusal{"no error", "", nullptr};
  };
  const Refusal both = refusal(
      R"({"jsonrpc":"2.0","id":1,"error":{"code":-32003,"message":"a.toml:2: front: missing",)"
      R"("data":{"file":"a.toml","line":2,"messages":{"ja":"a.toml:2: front: \u001b[2Jありません"}}}})");
  CHECK(both.english == "a.toml:2: front: missing");
  // Escaped as the English is: the daemon cannot write to the terminal through either.
  CHECK(both.japanese == "a.toml:2: front: \\x1b[2Jありません");
  CHECK(both.data.at("line") == 2);
  const kioku::Error error(kioku::ErrorCode::kInvalidInput,
                           kioku::BilingualMessage{both.english, both.japanese});
  CHECK(error_text(error, "ja") == "a.toml:2: front: \\x1b[2Jありません");
  CHECK(error_text(error, "en") == "a.toml:2: front: missing");
  // A text that is not a string, or in another language only, gives no Japanese: the English
  // is printed whatever the language.
  const Refusal odd =
      refusal(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32003,"message":"missing",)"
              R"("data":{"messages":{"ja":7,"fr":"manquant"}}}})");
  CHECK(odd.japanese.empty());
  CHECK(error_text(kioku::Error(kioku::ErrorCode::kInvalidInput, odd.english), "ja") == "missing");
  CHECK(refusal(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32003,"message":"missing",)"
                R"("data":{"messages":["ja"]}}})")
            .japanese.empty());
}
