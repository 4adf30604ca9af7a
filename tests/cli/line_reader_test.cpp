// LineReader and HistoryReader on real descriptors: lines as std::getline gives them, and the
// two ways a stream can fail that an istream hid (a read error, a line without end).
#include "cli/line_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/history_reader.hpp"
#include "core/error.hpp"
#include "protocol/unique_fd.hpp"
#include "tests/support/memory_file.hpp"

using namespace kioku;
using namespace kioku::cli;

namespace {

std::vector<std::string> lines_read(const std::string& content) {
  const protocol::UniqueFd file = test::memory_file(content);
  LineReader reader(file.get());
  std::vector<std::string> lines;
  std::string_view line;
  while (reader.next(line)) lines.emplace_back(line);
  return lines;
}

std::vector<std::string> getline_lines(const std::string& content) {
  std::istringstream in(content);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("line reader: the lines std::getline gives, across block boundaries",
          "[cli][line-reader]") {
  // Two of them span the end of the first 1 MiB block; three the end of the second read.
  const std::string long_line(900 * 1024, 'x');
  for (const std::string& content :
       {std::string(), std::string("\n"), std::string("a"), std::string("a\nb"),
        std::string("a\n\nb\n"), "first\n" + long_line + "\n" + long_line + "\nlast",
        long_line + "\n" + long_line + "\n" + long_line + "\n", long_line.substr(0, 1000)}) {
    INFO("content of " << content.size() << " bytes");
    CHECK(lines_read(content) == getline_lines(content));
  }
}

TEST_CASE("line reader: a line past the limit and a failed read are errors, not an end",
          "[cli][line-reader]") {
  const std::string at_limit(LineReader::kMaxLineBytes, 'x');
  CHECK(lines_read(at_limit + "\nnext") == std::vector<std::string>{at_limit, "next"});
  CHECK(lines_read(at_limit) == std::vector<std::string>{at_limit});

  for (const std::string& content : {at_limit + "x", at_limit + "x\nnext"}) {
    const protocol::UniqueFd file = test::memory_file(content);
    LineReader reader(file.get());
    std::string_view line;
    try {
      reader.next(line);
      FAIL("a line of " << content.size() << " bytes was read");
    } catch (const LineReadError& error) {
      CHECK(error.kind() == LineReadError::Kind::kTooLong);
    }
  }

  // A directory opens, and then every read fails with EISDIR: an istream took that for the end.
  const protocol::UniqueFd directory(::open("/", O_RDONLY | O_CLOEXEC));
  REQUIRE(directory);
  LineReader reader(directory.get());
  std::string_view line;
  try {
    reader.next(line);
    FAIL("a directory was read as lines");
  } catch (const LineReadError& error) {
    CHECK(error.kind() == LineReadError::Kind::kReadFailed);
    CHECK(error.error_number() == EISDIR);
  }
}

TEST_CASE("history reader: a failed read and an endless line name the source and line",
          "[cli][line-reader]") {
  const protocol::UniqueFd directory(::open("/", O_RDONLY | O_CLOEXEC));
  REQUIRE(directory);
  HistoryReader from_directory(directory.get(), "history.jsonl", Algorithm::kFsrs, "en");
  HistoryLine line;
  CHECK_THROWS_WITH(from_directory.next(line), Catch::Contains("history.jsonl") &&
                                                   Catch::Contains("cannot read") &&
                                                   Catch::Contains("directory"));

  const std::string good = R"({"card":"a","time":"2026-01-01T10:00:00Z","rating":"good"})";
  const protocol::UniqueFd endless =
      test::memory_file(good + "\n\n" + std::string(LineReader::kMaxLineBytes + 1, ' '));
  HistoryReader reader(endless.get(), "history.jsonl", Algorithm::kFsrs, "ja");
  REQUIRE(reader.next(line));
  CHECK(line.card == "a");
  try {
    reader.next(line);
    FAIL("an endless line was read");
  } catch (const InputError& error) {
    CHECK(error.file() == "history.jsonl");
    CHECK(error.line() == 3);
    CHECK(error.problem().find("バイトを超えています") != std::string::npos);
  }
}
