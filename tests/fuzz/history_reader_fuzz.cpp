// libFuzzer target for cli::HistoryReader (and the LineReader under it), the reader of the
// review histories `kioku sched replay` and `kioku sched optimize --history` take from anyone:
// a differential test against the plainest reading of its line rule.
//
// Input: byte 0 picks the algorithm (its low bit: fsrs or sm2-classic, which alone takes a
// quality); the rest is the history, given to the reader as a file in memory. What must hold,
// whatever the bytes:
// - the reader never crashes, hangs or throws anything but kioku::InputError;
// - each answer it gives comes from the next line that is not blank (" \t\r" only), in order;
//   its time parses back to the same instant, its rating is a rating, a quality is 0 to 5 and
//   only for sm2-classic; a line said to be plain holds its card and time as they are;
// - an error names the source and exactly the line after the last answer given that is not
//   blank, and comes only once there is such a line;
// - after the last answer, the rest of the history is blank.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "cli/history_reader.hpp"
#include "core/error.hpp"
#include "core/rating.hpp"
#include "core/time_format.hpp"
#include "tests/support/memory_file.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "history_reader_fuzz: %s\n", what);
  std::abort();
}

bool blank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// The history's lines as std::getline splits them, numbered from 1, the blank ones left out.
struct NumberedLine {
  int number;
  std::string_view text;
};

std::vector<NumberedLine> lines_that_count(std::string_view history) {
  std::vector<NumberedLine> lines;
  int number = 0;
  while (!history.empty()) {
    const std::size_t newline = history.find('\n');
    const std::string_view line = history.substr(0, newline);
    ++number;
    if (!blank(line)) lines.push_back({number, line});
    if (newline == std::string_view::npos) break;
    history.remove_prefix(newline + 1);
  }
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const kioku::Algorithm algorithm =
      (data[0] & 1) != 0 ? kioku::Algorithm::kSm2Classic : kioku::Algorithm::kFsrs;
  const std::string_view history(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::vector<NumberedLine> expected = lines_that_count(history);

  const kioku::protocol::UniqueFd file = kioku::test::memory_file(history);
  kioku::cli::HistoryReader reader(file.get(), "history.jsonl", algorithm, "en");
  std::size_t given = 0;
  kioku::cli::HistoryLine line;
  try {
    while (reader.next(line)) {
      if (given >= expected.size()) fail("an answer from a blank line or from nothing");
      const std::string_view source = expected[given].text;
      const auto time = kioku::parse_rfc3339(line.time);
      if (!time || *time != line.answer.time) fail("the time does not read back as given");
      const kioku::Answer& answer = line.answer.answer;
      const int rating = static_cast<int>(answer.rating);
      if (rating < 1 || rating > 4) fail("a rating that is not one");
      if (answer.quality) {
        if (algorithm != kioku::Algorithm::kSm2Classic) fail("a quality outside sm2-classic");
        if (*answer.quality < 0 || *answer.quality > 5) fail("a quality outside 0 to 5");
      }
      if (line.plain && (source.find(line.card) == std::string_view::npos ||
                         source.find(line.time) == std::string_view::npos)) {
        fail("a plain line's card or time is not in the line");
      }
      ++given;
    }
  } catch (const kioku::InputError& error) {
    if (given >= expected.size()) fail("an error after the last line that counts");
    if (error.line() != expected[given].number) fail("the error names another line");
    if (error.file() != "history.jsonl") fail("the error names another source");
    return 0;
  }
  if (given != expected.size()) fail("lines that count were left unread");
  return 0;
}
