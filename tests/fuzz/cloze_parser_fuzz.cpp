// libFuzzer target for the cloze parser (core/cloze.hpp): any bytes a note's field may hold.
// Checks the tree it builds against a reading of the same rules written as a plain state
// machine over the bytes, and the two sides of every card against the tree.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/cloze.hpp"
#include "core/cloze_side.hpp"

namespace {

using kioku::ClozeNumber;
using kioku::ClozeRun;
using kioku::ClozeSegment;

void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "cloze_parser_fuzz: broken invariant: %s\n", what);
  std::abort();
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// What the rules say the text reads as: its text with every deletion shown, its numbers, or
// the byte where it is refused.
struct Reading {
  std::string plain;
  std::set<ClozeNumber> numbers;
  std::optional<std::size_t> refused_at;
};

// The rules byte by byte: a depth counter and whether the bytes at this depth are a hint.
Reading read_by_the_rules(std::string_view text) {
  Reading reading;
  int depth = 0;
  bool in_hint = false;
  std::size_t first_open = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    if (text.substr(at, 3) == "{{c") {
      std::size_t end = at + 3;
      bool digit = false;
      while (end < text.size() && (is_digit(text[end]) || text[end] == ',')) {
        digit = digit || is_digit(text[end]);
        ++end;
      }
      if (digit && text.substr(end, 2) == "::") {
        long long number = 0;
        for (std::size_t index = at + 3; index <= end; ++index) {
          if (index == end || text[index] == ',') {
            if (index > at + 3 && is_digit(text[index - 1])) {
              if (number != 0) reading.numbers.insert(static_cast<ClozeNumber>(number));
            }
            number = 0;
            continue;
          }
          number = number * 10 + (text[index] - '0');
          if (number > kioku::kMaxClozeNumber) {
            std::size_t start = index;
            while (start > at + 3 && is_digit(text[start - 1])) --start;
            reading.refused_at = start;
            return reading;
          }
        }
        if (depth == kioku::kMaxClozeDepth) {
          reading.refused_at = at;
          return reading;
        }
        if (depth == 0) first_open = at;
        ++depth;
        in_hint = false;
        at = end + 2;
        continue;
      }
    }
    if (depth > 0 && text.substr(at, 2) == "}}") {
      --depth;
      in_hint = false;
      at += 2;
      continue;
    }
    if (depth > 0 && !in_hint && text.substr(at, 2) == "::") {
      in_hint = true;
      at += 2;
      continue;
    }
    if (!in_hint) reading.plain += text[at];
    ++at;
  }
  if (depth > 0) reading.refused_at = first_open;
  return reading;
}

// The tree's own promises (core/cloze.hpp), walked on a stack with each segment's depth.
void check_tree(const kioku::ClozeText& text, std::string_view source) {
  std::vector<std::pair<const std::vector<ClozeSegment>*, int>> pending{{&text.segments, 0}};
  std::optional<std::size_t> last_offset;
  while (!pending.empty()) {
    const auto [segments, depth] = pending.back();
    pending.pop_back();
    check(depth <= kioku::kMaxClozeDepth, "no deeper than the cap");
    // Offsets rise in reading order; pushing the contents in reverse would need a second stack,
    // so each list is checked on its own.
    last_offset.reset();
    for (std::size_t index = 0; index < segments->size(); ++index) {
      const ClozeSegment& segment = (*segments)[index];
      check(segment.offset < source.size(), "an offset inside the text");
      check(!last_offset || segment.offset > *last_offset, "offsets rise");
      last_offset = segment.offset;
      if (!segment.is_cloze()) {
        check(!segment.text.empty(), "no empty text segment");
        check(source.substr(segment.offset).starts_with(segment.text),
              "a text segment starts with its source text");
        check(index == 0 || (*segments)[index - 1].is_cloze(), "no adjacent text segments");
        continue;
      }
      check(source.substr(segment.offset).starts_with("{{c"), "a deletion starts at its mark");
      check(!segment.numbers.empty(), "a deletion has a number");
      for (std::size_t number = 0; number < segment.numbers.size(); ++number) {
        check(segment.numbers[number] >= 0 && segment.numbers[number] <= kioku::kMaxClozeNumber,
              "numbers in range");
        check(number == 0 || segment.numbers[number - 1] < segment.numbers[number],
              "numbers ascending and distinct");
      }
      pending.emplace_back(&segment.content, depth + 1);
    }
  }
}

std::string join(const std::vector<ClozeRun>& runs) {
  std::string text;
  for (const ClozeRun& run : runs) text += run.text;
  return text;
}

void check_sides(const kioku::ClozeText& text, const std::string& plain,
                 const std::set<ClozeNumber>& numbers) {
  int checked = 0;
  for (ClozeNumber number : numbers) {
    if (++checked > 4) break;  // enough to catch a wrong side; all 500 would slow the search
    const std::vector<ClozeRun> question = cloze_side(text, number, kioku::CardSide::kQuestion);
    const std::vector<ClozeRun> answer = cloze_side(text, number, kioku::CardSide::kAnswer);
    bool blank = false;
    for (const ClozeRun& run : question) {
      check(run.kind != ClozeRun::Kind::kRevealed, "nothing revealed on the question side");
      blank = blank || run.kind == ClozeRun::Kind::kBlank;
    }
    check(blank, "the question side of a number has a blank");
    for (const ClozeRun& run : answer) {
      check(run.kind != ClozeRun::Kind::kBlank, "no blank on the answer side");
    }
    check(join(answer) == plain, "the answer side shows the whole text");
  }
  // A number the text lacks: everything shows as it is.
  ClozeNumber absent = 1;
  while (numbers.count(absent) == 1) ++absent;
  const std::vector<ClozeRun> question = cloze_side(text, absent, kioku::CardSide::kQuestion);
  check(question.size() <= 1, "without its number, one run of text");
  check(join(question) == plain, "without its number, the whole text");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  const Reading expected = read_by_the_rules(source);
  kioku::ClozeText text;
  try {
    text = kioku::parse_cloze_text(source);
  } catch (const kioku::ClozeError& error) {
    check(expected.refused_at.has_value(), "refused only what the rules refuse");
    check(error.place().offset == *expected.refused_at, "refused at the place the rules name");
    check(error.place().line >= 1 && error.place().column >= 1, "a place counted from 1");
    check(!error.problem().empty(), "the error says what is wrong");
    return 0;
  }
  // Anything else thrown escapes and crashes the fuzzer.
  check(!expected.refused_at.has_value(), "accepted what the rules accept");
  check_tree(text, source);
  const std::string plain = kioku::cloze_plain_text(text);
  check(plain == expected.plain, "plain text is the text without marks and hints");
  const std::set<ClozeNumber> numbers = kioku::cloze_numbers(text);
  check(numbers == expected.numbers, "the numbers are those of the deletions");
  check(numbers.count(0) == 0, "0 makes no card");
  check_sides(text, plain, numbers);
  return 0;
}
