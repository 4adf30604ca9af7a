// `kioku due --format`'s template: the four placeholders, doubled braces, and every mistake
// named in the user's language before the daemon is asked anything.
#include <catch2/catch.hpp>
#include <string>

#include "cli/due_format.hpp"
#include "core/error.hpp"

using namespace kioku::cli;

namespace {

const kioku::protocol::Counts kCounts{.new_ = 3, .learning = 12, .review = 40, .total = 55};

std::string problem(const std::string& pattern, const std::string& language = "en") {
  try {
    check_due_format(pattern, language);
  } catch (const kioku::Error& error) {
    CHECK(error.code() == kioku::ErrorCode::kInvalidParams);
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("due format: placeholders become the counts", "[cli][due_format]") {
  CHECK(format_due("{total} due", kCounts) == "55 due");
  CHECK(format_due("N{new} L{learning} R{review}", kCounts) == "N3 L12 R40");
  CHECK(format_due("{total}{total}", kCounts) == "5555");
  CHECK(format_due("", kCounts).empty());
  CHECK(format_due("no counts", kCounts) == "no counts");
  CHECK(format_due("日本語 {total} 枚", kCounts) == "日本語 55 枚");
  // Doubled braces print one; inside them nothing is a placeholder.
  CHECK(format_due("{{total}} = {total}", kCounts) == "{total} = 55");
  CHECK(format_due("{{{total}}}", kCounts) == "{55}");
}

TEST_CASE("due format: an unknown placeholder or an unpaired brace is an error",
          "[cli][due_format]") {
  CHECK(problem("{total} {new} {learning} {review}").empty());
  CHECK(problem("{totl} due") ==
        "--format: unknown placeholder {totl}; known: {total} {new} {learning} {review}");
  CHECK(problem("{Total}") ==
        "--format: unknown placeholder {Total}; known: {total} {new} {learning} {review}");
  CHECK(problem("{}").find("unknown placeholder {}") != std::string::npos);
  CHECK(problem("{ total }").find("unknown placeholder { total }") != std::string::npos);
  CHECK(problem("due: {total") ==
        "--format: the opening brace at byte 6 is never closed (to print a brace, double it)");
  CHECK(problem("a } b") ==
        "--format: the closing brace at byte 3 closes nothing (to print a brace, double it)");
  // In Japanese too, naming the same placeholder.
  const std::string japanese = problem("{totl}", "ja");
  CHECK(japanese.find("{totl}") != std::string::npos);
  CHECK(japanese.find("使えない") != std::string::npos);
  // format_due never meets a bad template unchecked, but does not pass one silently either.
  CHECK_THROWS_AS(format_due("{totl}", kCounts), kioku::Error);
}
