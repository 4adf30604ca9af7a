// One line of `kioku sched replay` input, read into the fields replay looks at.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kioku::cli {

// A field as the line had it: absent, a string, an integer, or something else.
struct ReplayField {
  enum class Kind { kAbsent, kString, kInteger, kOther } kind = Kind::kAbsent;
  std::string text;
  std::int64_t integer = 0;
};

struct ReplayLine {
  ReplayField card;
  ReplayField time;
  ReplayField rating;
  ReplayField quality;
};

// Reads `line` as a JSON object. Returns an error message instead when it is not valid JSON or
// not an object. Flat objects of plain strings and integers (what replay is fed a million of)
// take a fast path; anything else goes through a full JSON parser.
std::optional<std::string> read_replay_line(std::string_view line, ReplayLine& fields);

}  // namespace kioku::cli
