// One line of `kioku sched replay` input, read into the fields replay looks at.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kioku::cli {

// A field as the line had it: absent, a string, an integer, or something else.
// `text` views the line read (fast path) or `storage` (full parser), so a field is valid until
// the next read_replay_line call or until the line's text goes away; not copyable for that.
struct ReplayField {
  enum class Kind { kAbsent, kString, kInteger, kOther } kind = Kind::kAbsent;
  std::string_view text;
  std::int64_t integer = 0;
  std::string storage;

  ReplayField() = default;
  ReplayField(const ReplayField&) = delete;
  ReplayField& operator=(const ReplayField&) = delete;
};

struct ReplayLine {
  ReplayField card;
  ReplayField time;
  ReplayField rating;
  ReplayField quality;
  // "cram" for an answer that changed no schedule (kioku review --cram): left out, as
  // doctor --rebuild leaves it out; any other kind is a scheduled answer.
  ReplayField kind;
  // True when the fast path read the line: every string then has no quote, backslash, control
  // or non-ASCII byte, so it can be written back out without an escape check.
  bool plain = false;
};

// Reads `line` as a JSON object. Returns an error message instead when it is not valid JSON or
// not an object. Flat objects of plain strings and integers (what replay is fed a million of)
// take a fast path; anything else goes through a full JSON parser.
std::optional<std::string> read_replay_line(std::string_view line, ReplayLine& fields);

}  // namespace kioku::cli
