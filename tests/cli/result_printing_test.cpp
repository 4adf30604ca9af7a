// What each command prints for a result, reached through the table's `show` (the daemon's
// result as JSON in, the text out), and the reply read as the method's result type: a missing
// or mistyped field is an error naming it, never a zero.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_table.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"
#include "tests/support/stats_report_sample.hpp"

using namespace kioku;
using namespace kioku::cli;
namespace json = boost::json;

namespace {

const CommandSpec& command_at(const CommandSpec& program, const std::vector<std::string>& words) {
  const CommandSpec* at = &program;
  for (const std::string& word : words) {
    const CommandSpec* found = nullptr;
    for (const CommandSpec& command : at->subcommands) {
      if (command.name == word) found = &command;
    }
    REQUIRE(found != nullptr);
    at = found;
  }
  return *at;
}

template <class Result>
std::string shown(const CommandTable& table, const std::vector<std::string>& words,
                  const Result& result) {
  const CommandSpec& command = command_at(table.program, words);
  REQUIRE(command.show);
  std::ostringstream out;
  command.show(protocol::encode(result), out);
  return out.str();
}

protocol::DeckSummary deck(std::string id, std::string name, std::int64_t cards) {
  protocol::DeckSummary summary;
  summary.id = std::move(id);
  summary.name = std::move(name);
  summary.algorithm = "sm2";
  summary.cards = cards;
  summary.due = 3;
  summary.new_ = 2;
  summary.learning = 1;
  summary.review = 0;
  return summary;
}

}  // namespace

TEST_CASE("printing: due, unbury and stats print their counts in words that agree",
          "[cli][print]") {
  const CommandTable table = command_table();
  protocol::DueCountsResult due;
  due.total = 12;
  due.new_ = 5;
  due.learning = 4;
  due.review = 3;
  CHECK(shown(table, {"due"}, due) == "12 due (5 new, 4 learning, 3 review)\n");

  protocol::ReviewUnburyResult unburied;
  unburied.unburied = 1;
  CHECK(shown(table, {"unbury"}, unburied) == "1 card unburied\n");
  unburied.unburied = 0;
  CHECK(shown(table, {"unbury"}, unburied) == "0 cards unburied\n");

  // stats shows the dashboard (tests/cli/stats_dashboard_test.cpp has the rest of it).
  protocol::StatsReportResult stats = test::stats_report_sample(4, 3, 61'500, {1, 2});
  const std::string dashboard = shown(table, {"stats"}, stats);
  CHECK(dashboard.rfind("Statistics: all decks, last 30 days (today 2026-06-01)\n"
                        "Today: 4 answers in 1m 1s, correct 75%, mature correct N/A\n"
                        "Streak: 1 day (longest 2 days)\n",
                        0) == 0);
  stats.today.answers = 1;
  stats.today.correct = 0;
  CHECK(shown(table, {"stats"}, stats).find("Today: 1 answer in 1m 1s, correct 0%, ") !=
        std::string::npos);
}

TEST_CASE("printing: decks in columns measured as the terminal shows them", "[cli][print]") {
  const CommandTable table = command_table();
  protocol::DeckListResult empty;
  CHECK(shown(table, {"decks"}, empty) == "No decks yet. Import one with: kioku import FILE\n");

  protocol::DeckListResult decks;
  decks.decks = {deck("jp", "日本語", 120), deck("a-long-id", "x\x1b", 7)};
  // 日本語 is six columns wide and the escaped name seven: the NAME column is seven wide.
  CHECK(shown(table, {"decks"}, decks) ==
        "ID         NAME     CARDS    DUE    NEW  LEARN  REVIEW\n"
        "jp         日本語     120      3      2      1       0\n"
        "a-long-id  x\\u001b      7      3      2      1       0\n");
}

TEST_CASE("printing: import names the file it read, and the cards kept", "[cli][print]") {
  const CommandTable table = command_table();
  protocol::DeckImportResult summary;
  summary.deck = "go";
  summary.added = 3;
  summary.updated = 1;
  summary.unchanged = 0;
  summary.not_in_file = 0;
  std::ostringstream ignored;
  // `show` prints with the command's own arguments: parse the line first.
  REQUIRE_FALSE(parse_command_line(table, "kioku", {"import", "-"}, ignored, ignored).exit_code);
  CHECK(shown(table, {"import"}, summary) ==
        "Imported go from standard input: 3 added, 1 updated, 0 unchanged\n");
  REQUIRE_FALSE(
      parse_command_line(table, "kioku", {"import", "decks/go.toml"}, ignored, ignored).exit_code);
  summary.not_in_file = 1;
  CHECK(shown(table, {"import"}, summary) ==
        "Imported go from decks/go.toml: 3 added, 1 updated, 0 unchanged (1 card no longer in the "
        "file was kept)\n");
  summary.not_in_file = 2;
  CHECK(shown(table, {"import"}, summary).find("(2 cards no longer in the file were kept)") !=
        std::string::npos);
  // --dry-run: the same counts, said as what would happen.
  summary.not_in_file = 0;
  REQUIRE_FALSE(
      parse_command_line(table, "kioku", {"import", "-", "--dry-run"}, ignored, ignored).exit_code);
  CHECK(shown(table, {"import"}, summary) ==
        "Would import go from standard input: 3 added, 1 updated, 0 unchanged (dry run: nothing "
        "was changed)\n");
}

TEST_CASE("printing: deck config lines up the options and shows each changed one's default",
          "[cli][print]") {
  const CommandTable table = command_table();
  protocol::DeckConfigResult config;
  config.deck = "go";
  config.options = {protocol::DeckOption{"new_per_day", "5", "20", "", ""},
                    protocol::DeckOption{"fuzz", "true", "true", "", ""},
                    protocol::DeckOption{"learning_steps", "", "1m 10m", "", ""}};
  CHECK(shown(table, {"deck", "config"}, config) ==
        "new_per_day     5   (default 20)\n"
        "fuzz            true\n"
        "learning_steps  \"\"   (default 1m 10m)\n");
  config.recomputed = protocol::RebuildCounts{1, 0, {}};
  CHECK(shown(table, {"deck", "config"}, config)
            .rfind("Algorithm changed: recomputed 1 card from its history (0 changed)\n", 0) == 0);
}

TEST_CASE("printing: a reply without a field, or with one of another type, is an error naming it",
          "[cli][print][typed]") {
  const CommandTable table = command_table();
  const auto failure = [&](const std::vector<std::string>& words, const json::value& result) {
    std::ostringstream out;
    try {
      command_at(table.program, words).show(result, out);
    } catch (const Error& error) {
      CHECK(error.code() == ErrorCode::kInternal);
      CHECK(out.str().empty());
      return std::string(error.what());
    }
    FAIL("no error");
    return std::string();
  };
  json::value decks = protocol::encode(protocol::DeckListResult{{deck("jp", "J", 1)}});
  decks.at("decks").as_array()[0].as_object().erase("cards");
  CHECK(failure({"decks"}, decks) ==
        "kiokud's reply to deck.list: field 'decks[0].cards' is missing");

  protocol::DeckImportResult result;
  result.deck = "go";
  result.added = 1;
  json::value imported = protocol::encode(result);
  imported.as_object()["added"] = "1";
  CHECK(failure({"import"}, imported) ==
        "kiokud's reply to deck.import: field 'added' must be an integer");
  CHECK(failure({"due"}, json::value("8")).find("due.counts") != std::string::npos);
}

TEST_CASE("printing: history prints a row per day, a share of correct answers and the total",
          "[cli][print]") {
  const CommandTable table = command_table();
  protocol::StatsDaysResult result;
  result.days.push_back(protocol::DayActivity{.date = "2026-11-30"});
  result.days.push_back(protocol::DayActivity{.date = "2026-12-01",
                                              .day_start_ms = 1796097600000,
                                              .reviews = 12,
                                              .correct = 10,
                                              .new_ = 5,
                                              .time_ms = 125'400});
  CHECK(shown(table, {"history"}, result) ==
        "Date        Reviews     Correct   New     Time\n"
        "2026-11-30        0           -     0       0s\n"
        "2026-12-01       12    10 (83%)     5    2m 5s\n"
        "Total            12    10 (83%)     5    2m 5s\n");
  result.days.pop_back();
  CHECK(shown(table, {"history"}, result) ==
        "Date        Reviews     Correct   New     Time\n"
        "2026-11-30        0           -     0       0s\n"
        "No answers in these days.\n");
}
