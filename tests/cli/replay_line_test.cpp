// `kioku sched replay`'s input lines (cli/replay_line.hpp) and output lines (cli/replay.hpp):
// the fast path and the full parser read the same fields, and each answer gives one JSON line.
#include <stdio.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "cli/replay.hpp"
#include "cli/replay_line.hpp"
#include "core/deck_config.hpp"
#include "core/error.hpp"
#include "tests/support/memory_file.hpp"

using namespace kioku;
using namespace kioku::cli;
using Kind = ReplayField::Kind;

TEST_CASE("replay line: a flat line takes the fast path - escapes and nesting the full parser",
          "[cli][replay]") {
  ReplayLine fields;
  REQUIRE_FALSE(read_replay_line(
      R"({"card":"c1", "time":"2024-01-01T09:00:00Z","rating":"good","extra":5})", fields));
  CHECK(fields.plain);
  CHECK(fields.card.kind == Kind::kString);
  CHECK(fields.card.text == "c1");
  CHECK(fields.time.text == "2024-01-01T09:00:00Z");
  CHECK(fields.rating.text == "good");
  CHECK(fields.quality.kind == Kind::kAbsent);

  REQUIRE_FALSE(read_replay_line(R"({"card":"c\u0031","quality":4,"x":{"y":[1]}})", fields));
  CHECK_FALSE(fields.plain);
  CHECK(fields.card.kind == Kind::kString);
  CHECK(fields.card.text == "c1");
  CHECK(fields.quality.kind == Kind::kInteger);
  CHECK(fields.quality.integer == 4);
  CHECK(fields.time.kind == Kind::kAbsent);  // nothing left from the line before

  REQUIRE_FALSE(read_replay_line(R"({"card":1.5,"rating":null})", fields));
  CHECK(fields.card.kind == Kind::kOther);
  CHECK(fields.rating.kind == Kind::kOther);

  // A repeated field goes to the full parser, which keeps the last one as JSON does.
  REQUIRE_FALSE(read_replay_line(R"({"card":"a","card":"b"})", fields));
  CHECK_FALSE(fields.plain);
  CHECK(fields.card.text == "b");
}

TEST_CASE("replay line: what is not a JSON object says so", "[cli][replay]") {
  ReplayLine fields;
  const auto problem = [&](std::string_view line) {
    return read_replay_line(line, fields).value_or("(none)");
  };
  CHECK(problem("[1,2]") == "each line must be a JSON object");
  CHECK(problem("\"card\"") == "each line must be a JSON object");
  CHECK(problem("{\"card\":").rfind("not valid JSON: ", 0) == 0);
  CHECK(problem("{} x").rfind("not valid JSON: ", 0) == 0);
}

namespace {

// Runs replay on `input` and gives what it wrote; `written` has it also when replay throws.
std::string replayed(const std::string& input, const std::string& algorithm = "sm2",
                     std::string* written = nullptr) {
  char* buffer = nullptr;
  std::size_t size = 0;
  FILE* output = ::open_memstream(&buffer, &size);
  REQUIRE(output != nullptr);
  ReplayOptions options;
  set_deck_option(options.deck, "algorithm", algorithm);
  const protocol::UniqueFd in = test::memory_file(input);
  std::string text;
  try {
    replay(in.get(), output, options);
  } catch (...) {
    std::fclose(output);
    if (written != nullptr) written->assign(buffer, size);
    std::free(buffer);
    throw;
  }
  std::fclose(output);
  text.assign(buffer, size);
  std::free(buffer);
  return text;
}

std::vector<boost::json::object> json_lines_of(const std::string& text) {
  std::vector<boost::json::object> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(boost::json::parse(line).as_object());
  return lines;
}

}  // namespace

TEST_CASE("replay output: one JSON line per answer, the input's strings written back as they were",
          "[cli][replay]") {
  const std::string text = replayed(
      "{\"card\":\"c1\",\"time\":\"2024-01-01T09:00:00Z\",\"rating\":\"good\"}\n"
      "\n"
      "{\"card\":\"c\\u00e9\\\"\",\"time\":\"2024-01-01T09:00:00Z\",\"rating\":\"again\"}\n"
      "{\"card\":\"c1\",\"time\":\"2024-01-02T09:00:00Z\",\"rating\":\"easy\"}\n");
  const std::vector<boost::json::object> lines = json_lines_of(text);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].at("card") == "c1");
  CHECK(lines[0].at("time") == "2024-01-01T09:00:00Z");
  CHECK(lines[0].at("rating") == "good");
  CHECK(lines[0].at("reps") == 1);
  CHECK(lines[0].contains("ease"));
  CHECK_FALSE(lines[0].contains("stability"));
  CHECK(lines[1].at("card") == "c\u00e9\"");  // the escaped id, escaped again on the way out
  CHECK(lines[1].at("rating") == "again");
  CHECK(lines[2].at("card") == "c1");
  CHECK(lines[2].at("reps") == 2);  // the card's second answer
  for (const boost::json::object& line : lines) {
    for (const char* key : {"state", "due", "interval_days", "lapses"}) {
      INFO(key);
      CHECK(line.contains(key));
    }
  }
  CHECK(json_lines_of(replayed(
      "{\"card\":\"c\",\"time\":\"2024-01-01T09:00:00Z\",\"rating\":\"good\"}\n", "fsrs"))[0]
            .contains("stability"));
}

TEST_CASE("replay output: a cram answer is left out, the replay as without it", "[cli][replay]") {
  const std::string plain =
      "{\"card\":\"c1\",\"time\":\"2024-01-01T09:00:00Z\",\"rating\":\"good\"}\n"
      "{\"card\":\"c1\",\"time\":\"2024-01-02T09:00:00Z\",\"rating\":\"easy\"}\n";
  const std::string with_cram =
      "{\"card\":\"c1\",\"time\":\"2024-01-01T09:00:00Z\",\"rating\":\"good\"}\n"
      "{\"card\":\"c1\",\"time\":\"2024-01-01T10:00:00Z\",\"rating\":\"again\","
      "\"kind\":\"cram\"}\n"
      "{\"kind\": \"cram\", "
      "\"card\":\"c1\",\"time\":\"2024-01-01T11:00:00Z\",\"rating\":\"again\"}\n"
      "{\"card\":\"c1\",\"time\":\"2024-01-02T09:00:00Z\",\"rating\":\"easy\","
      "\"kind\":\"review\"}\n";
  const std::vector<boost::json::object> lines = json_lines_of(replayed(with_cram));
  REQUIRE(lines.size() == 2);
  const std::vector<boost::json::object> expected = json_lines_of(replayed(plain));
  for (const char* key : {"state", "due", "interval_days", "lapses", "reps", "ease"}) {
    INFO(key);
    CHECK(lines[0].at(key) == expected[0].at(key));
    CHECK(lines[1].at(key) == expected[1].at(key));
  }
}

TEST_CASE("replay output: a bad line names its number - what came before it is written",
          "[cli][replay]") {
  const std::string good =
      "{\"card\":\"c1\",\"time\":\"2024-01-01T09:00:00Z\",\"rating\":\"good\"}\n";
  std::string written;
  try {
    replayed(good + "{\"card\":\"c1\",\"time\":\"yesterday\",\"rating\":\"good\"}\n" + good, "sm2",
             &written);
    FAIL("no error");
  } catch (const InputError& error) {
    CHECK(error.line() == 2);
    CHECK(error.field() == "time");
  }
  CHECK(json_lines_of(written).size() == 1);
  try {
    replayed(good + "{\"card\":\"c1\",\"time\":\"2024-01-02T09:00:00Z\",\"rating\":\"ok\"}\n");
    FAIL("no error");
  } catch (const InputError& error) {
    CHECK(error.line() == 2);
    CHECK(error.field() == "rating");
  }
}
