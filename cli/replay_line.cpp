// Fast path for flat JSON objects, full Boost.JSON parse for everything else.
#include "cli/replay_line.hpp"

#include <array>
#include <boost/json.hpp>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <utility>

namespace kioku::cli {

namespace {

void skip_space(std::string_view line, std::size_t& at) {
  // One test for the usual case, a byte that is not white space at all.
  if (at < line.size() && static_cast<unsigned char>(line[at]) > ' ') return;
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t' || line[at] == '\r')) ++at;
}

// The fields replay reads, each with its name in quotes as a line has it: the one list the
// fast path, the full parser and clear() go by.
struct NamedField {
  std::string_view quoted_name;
  ReplayField ReplayLine::*member;

  constexpr std::string_view name() const { return quoted_name.substr(1, quoted_name.size() - 2); }
};

constexpr std::array<NamedField, 5> kFields = {{
    {R"("card")", &ReplayLine::card},
    {R"("time")", &ReplayLine::time},
    {R"("rating")", &ReplayLine::rating},
    {R"("quality")", &ReplayLine::quality},
    {R"("kind")", &ReplayLine::kind},
}};

// Calls `matches` with std::integral_constant<std::size_t, I> for I = 0, 1, … until it
// returns true; whether one did. Unrolled, so every name it compares is of constant length:
// a load or two rather than a memcmp call, on the path every line takes.
template <typename Matches>
bool any_field(Matches matches) {
  return [&]<std::size_t... Index>(std::index_sequence<Index...>) {
    return (matches(std::integral_constant<std::size_t, Index>()) || ...);
  }
  (std::make_index_sequence<kFields.size()>());
}

// The field called `name`, or nullptr for a field replay does not read.
ReplayField* field_named(ReplayLine& fields, std::string_view name) {
  ReplayField* field = nullptr;
  any_field([&](auto index) {
    constexpr NamedField named = kFields[decltype(index)::value];
    if (name != named.name()) return false;
    field = &(fields.*named.member);
    return true;
  });
  return field;
}

// Bytes that end a plain string's fast scan: the closing quote, and what plain strings exclude.
// Bytes rather than bools, so that four of them are or-ed without a branch.
constexpr std::array<std::uint8_t, 256> kStopBytes = [] {
  std::array<std::uint8_t, 256> stops{};
  for (std::size_t byte = 0; byte < stops.size(); ++byte) {
    stops[byte] = (byte == '"' || byte == '\\' || byte < 0x20 || byte >= 0x80) ? 1 : 0;
  }
  return stops;
}();

// A plain string (no escapes, no control or non-ASCII bytes that would need checking).
bool plain_string(std::string_view line, std::size_t& at, std::string_view& text) {
  if (at >= line.size() || line[at] != '"') return false;
  const std::size_t start = ++at;
  std::size_t end = start;
  // Four bytes a step while four remain, then one at a time to the stop byte.
  const auto* bytes = reinterpret_cast<const unsigned char*>(line.data());
  while (end + 4 <= line.size() && (kStopBytes[bytes[end]] | kStopBytes[bytes[end + 1]] |
                                    kStopBytes[bytes[end + 2]] | kStopBytes[bytes[end + 3]]) == 0) {
    end += 4;
  }
  while (end < line.size() && kStopBytes[bytes[end]] == 0) ++end;
  if (end == line.size() || line[end] != '"') return false;
  text = line.substr(start, end - start);
  at = end + 1;
  return true;
}

// True when one of the names replay reads, quotes included, is at `at`: steps over it and sets
// `field`. Saves scanning and then comparing the name, for the names every line has.
bool known_name(std::string_view line, std::size_t& at, ReplayLine& fields, ReplayField*& field) {
  return any_field([&](auto index) {
    constexpr NamedField named = kFields[decltype(index)::value];
    if (line.size() - at < named.quoted_name.size() ||
        std::memcmp(line.data() + at, named.quoted_name.data(), named.quoted_name.size()) != 0) {
      return false;
    }
    at += named.quoted_name.size();
    field = &(fields.*named.member);
    return true;
  });
}

// True when the line was a flat object the fast path could read whole.
bool read_flat(std::string_view line, ReplayLine& fields) {
  std::size_t at = 0;
  skip_space(line, at);
  if (at >= line.size() || line[at++] != '{') return false;
  skip_space(line, at);
  if (at < line.size() && line[at] == '}') {
    ++at;
  } else {
    for (;;) {
      ReplayField* field = nullptr;
      if (!known_name(line, at, fields, field)) {
        std::string_view name;
        if (!plain_string(line, at, name)) return false;
        field = field_named(fields, name);
      }
      skip_space(line, at);
      if (at >= line.size() || line[at++] != ':') return false;
      skip_space(line, at);
      ReplayField::Kind kind = ReplayField::Kind::kString;
      std::string_view text;
      std::int64_t integer = 0;
      if (at < line.size() && line[at] == '"') {
        if (!plain_string(line, at, text)) return false;
      } else {
        const char* begin = line.data() + at;
        const auto result = std::from_chars(begin, line.data() + line.size(), integer);
        if (result.ec != std::errc() || result.ptr == begin) return false;
        at += static_cast<std::size_t>(result.ptr - begin);
        // A fraction or exponent makes it a number that is not an integer: leave it to the
        // full parser.
        if (at < line.size() && (line[at] == '.' || line[at] == 'e' || line[at] == 'E')) {
          return false;
        }
        kind = ReplayField::Kind::kInteger;
      }
      if (field != nullptr) {
        if (field->kind != ReplayField::Kind::kAbsent) return false;  // duplicate: full parser
        field->kind = kind;
        field->text = text;
        field->integer = integer;
      }
      skip_space(line, at);
      if (at < line.size() && line[at] == ',') {
        ++at;
        skip_space(line, at);
        continue;
      }
      if (at < line.size() && line[at] == '}') {
        ++at;
        break;
      }
      return false;
    }
  }
  skip_space(line, at);
  return at == line.size();
}

void clear(ReplayLine& fields) {
  for (const NamedField& named : kFields) {
    ReplayField& field = fields.*named.member;
    field.kind = ReplayField::Kind::kAbsent;
    field.text = {};
    field.integer = 0;
  }
}

}  // namespace

std::optional<std::string> read_replay_line(std::string_view line, ReplayLine& fields) {
  clear(fields);
  fields.plain = read_flat(line, fields);
  if (fields.plain) return std::nullopt;
  clear(fields);
  boost::json::error_code error;
  const boost::json::value value = boost::json::parse(line, error);
  if (error) return "not valid JSON: " + error.message();
  if (!value.is_object()) return std::string("each line must be a JSON object");
  for (const auto& [name, entry] : value.as_object()) {
    ReplayField* field = field_named(fields, name);
    if (field == nullptr) continue;
    if (entry.is_string()) {
      field->kind = ReplayField::Kind::kString;
      field->storage = entry.as_string();
      field->text = field->storage;
    } else if (entry.is_int64()) {
      field->kind = ReplayField::Kind::kInteger;
      field->integer = entry.as_int64();
    } else {
      field->kind = ReplayField::Kind::kOther;
    }
  }
  return std::nullopt;
}

}  // namespace kioku::cli
