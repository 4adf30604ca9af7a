// Shared pieces of the end-to-end tests: the RunningDaemon fixture, JSON parsing of command
// output, fixed instants, generated decks, request lines and direct JSON-RPC calls.
#pragma once

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/card_generation.hpp"
#include "core/deck_parser.hpp"
#include "protocol/methods.hpp"
#include "tests/support/generated_deck.hpp"
#include "tests/support/json_rpc_calls.hpp"
#include "tests/support/line_client.hpp"
#include "tests/support/process.hpp"
#include "tests/support/running_daemon.hpp"

namespace kioku::test {

// The bundled deck as it was before it grew (eight choice cards, gc-001 to gc-008, in format 1):
// what the tests that answer its cards by script import, so that they need not follow the
// bundled deck's size and order.
inline std::string format1_deck_path() {
  return source_path("tests/fixtures/gradient-checkpointing-format1.toml");
}

// How many cards the bundled deck makes: what kiokud imports into an empty collection.
inline std::int64_t bundled_deck_cards() {
  const Deck deck = read_deck_file(source_path("decks/gradient-checkpointing.toml"));
  std::int64_t cards = 0;
  for (const DeckNote& entry : deck.notes) {
    cards += static_cast<std::int64_t>(generate_cards(entry.note).size());
  }
  return cards;
}

// The id of the bundled deck and of its format 1 version (format1_deck_path()).
inline constexpr const char* kBundledDeckId = "gradient-checkpointing";

// 2026-06-01T10:00:00Z: far from the 04:00 day start, so tests never straddle a day.
inline constexpr std::int64_t kMorning = 1780308000;

inline std::string clock_start(std::int64_t seconds) {
  return std::to_string(seconds);
}

// A format 2 TOML deck `id` (English name `name`) of `count` basic notes n0, n1, ..., fronts
// "question 0"... and backs "answer 0"...
inline std::string numbered_basic_notes_deck(const std::string& id, const std::string& name,
                                             int count) {
  std::string text = "format = 2\nlanguages = [\"en\"]\n\n[deck]\nid = \"" + id +
                     "\"\nname.en = \"" + name + "\"\n";
  for (int card = 0; card < count; ++card) {
    const std::string number = std::to_string(card);
    text += "\n[[notes]]\nid = \"n" + number + "\"\nkind = \"basic\"\nfront.en = \"question " +
            number + "\"\nback.en = \"answer " + number + "\"\n";
  }
  return text;
}

// Parses a command's stdout as one JSON value; fails the test with the output when it is not.
inline boost::json::value parse_output(const CommandResult& result) {
  INFO("stdout: " << result.out << "\nstderr: " << result.err);
  boost::json::error_code error;
  boost::json::value value = boost::json::parse(result.out, error);
  REQUIRE_FALSE(error);
  return value;
}

// The JSON a kioku command against `daemon` prints; fails the test when it does not succeed.
inline boost::json::value successful_json(const RunningDaemon& daemon,
                                          std::vector<std::string> arguments) {
  const CommandResult result = daemon.kioku(std::move(arguments));
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  return parse_output(result);
}

// Calls a method on a fresh connection to the home's daemon; fails the test on an error.
inline boost::json::value call(const TempHome& home, std::string_view method,
                               boost::json::object params = {}, int reply_timeout_ms = 300'000) {
  return call_on(home.socket_path(), method, std::move(params), reply_timeout_ms);
}

// The daemon still answers a fresh client.
inline void expect_still_serving(const TempHome& home) {
  CHECK(call(home, protocol::kHello.name).at("daemon").as_string() == "kiokud");
}

inline std::int64_t field(const boost::json::value& object, const char* key) {
  return object.as_object().at(key).as_int64();
}

// What `kioku stats --json` (docs/stats.md's document) says was answered today, and in all
// (with --period all: every answer ever given).
inline std::int64_t answers_today(const boost::json::value& report) {
  return field(report.at("today"), "answers");
}
inline std::int64_t correct_today(const boost::json::value& report) {
  return field(report.at("today"), "correct");
}
inline std::int64_t answers_in_period(const boost::json::value& report) {
  std::int64_t total = 0;
  for (const auto& [kind, count] : report.at("reviews").at("total_count").as_object()) {
    total += count.as_int64();
  }
  return total;
}

// The right choice of a card, which review.next no longer sends: review.check grades a choice
// and names the right one, recording nothing.
inline std::int64_t right_choice(LineClient& client, std::int64_t card) {
  return field(result_of(rpc(client, protocol::kReviewCheck.name, {{"card", card}, {"choice", 1}})),
               "answer");
}

// What kioku review asks once it shows a card, without the space after it: a screen row's
// trailing blanks are dropped.
inline constexpr const char* kReviewPrompt = "Your answer (1-4, - to bury, q to quit):";

inline bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// How many times `needle` occurs in `text`, overlapping occurrences counted.
inline std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

// The temporary home's config/kioku/config.toml, where kiokud and kioku read their settings.
inline void write_config(const TempHome& home, const std::string& text) {
  std::filesystem::create_directories(home.root() + "/config/kioku");
  home.write_file("config/kioku/config.toml", text);
}

}  // namespace kioku::test
