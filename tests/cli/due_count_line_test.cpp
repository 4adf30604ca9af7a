// `kioku due --count`'s line, recognised before the command table is built: only the lines it
// can take exactly as the table would; every other line is left to the table.
#include <catch2/catch.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "cli/due_count.hpp"

using kioku::cli::DueCountLine;
using kioku::cli::parse_due_count_line;

namespace {

std::optional<DueCountLine> due_count_line_of(std::vector<std::string_view> arguments) {
  return parse_due_count_line(arguments);
}

}  // namespace

TEST_CASE("due count line: due --count with its options and the global ones", "[cli][due_count]") {
  const auto plain = due_count_line_of({"due", "--count"});
  REQUIRE(plain.has_value());
  CHECK(plain->deck.empty());
  CHECK(plain->autostart);
  CHECK_FALSE(plain->socket.has_value());
  CHECK_FALSE(plain->language.has_value());

  const auto full = due_count_line_of({"--socket", "/run/k.sock", "--no-autostart", "due", "--deck",
                                       "jp::n5", "--count", "--json", "--lang", "ja"});
  REQUIRE(full.has_value());
  CHECK(full->socket == "/run/k.sock");
  CHECK_FALSE(full->autostart);
  CHECK(full->deck == "jp::n5");
  CHECK(full->language == "ja");

  const auto joined = due_count_line_of({"due", "--count", "--deck=日本語", "--socket=/s"});
  REQUIRE(joined.has_value());
  CHECK(joined->deck == "日本語");
  CHECK(joined->socket == "/s");
}

TEST_CASE("due count line: anything else is left to the command table", "[cli][due_count]") {
  CHECK_FALSE(due_count_line_of({}).has_value());
  CHECK_FALSE(due_count_line_of({"due"}).has_value());
  CHECK_FALSE(due_count_line_of({"--count", "due"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "--watch"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "--format", "{total}"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "--help"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "--count"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "--deck"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "--deck", "--json"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "--lang", "fr"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "--timeout", "3"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "extra"}).has_value());
  CHECK_FALSE(due_count_line_of({"decks", "--count"}).has_value());
  CHECK_FALSE(due_count_line_of({"--deck", "x", "due", "--count"}).has_value());
  CHECK_FALSE(due_count_line_of({"due", "--count", "--decks", "x"}).has_value());
}
