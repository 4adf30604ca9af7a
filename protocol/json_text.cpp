#include "protocol/json_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>

#include "core/utf8.hpp"

namespace kioku::protocol {

namespace json = boost::json;

namespace {

template <typename Number>
void append_number(std::string& out, Number number) {
  std::array<char, 32> digits{};
  const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), number);
  out.append(digits.data(), result.ptr);
}

}  // namespace

void append_json_number(std::string& out, std::int64_t number) {
  append_number(out, number);
}

void append_json_number(std::string& out, std::uint64_t number) {
  append_number(out, number);
}

void append_json_number(std::string& out, double number) {
  // JSON has no NaN or infinity; Boost.JSON's serializer writes null for them too.
  if (!std::isfinite(number)) {
    out += "null";
    return;
  }
  const std::size_t start = out.size();
  append_number(out, number);
  if (out.find_first_of(".eE", start) == std::string::npos) out += ".0";
}

namespace {

// `text` with every byte that is not part of a UTF-8 sequence replaced by U+FFFD; nullopt when
// there is none. Boost.JSON writes a string's bytes as they are, and JSON must be UTF-8: text
// read from a damaged collection (or a bug) must not make a reply a client cannot parse.
std::optional<std::string> repaired_utf8(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size() && static_cast<unsigned char>(text[at]) < 0x80) ++at;
  if (at == text.size()) return std::nullopt;
  bool repaired = false;
  std::string out(text.substr(0, at));
  while (at < text.size()) {
    const CodePoint point = decode_utf8(text, at);
    if (point.length == 0) {
      out += "\xEF\xBF\xBD";
      repaired = true;
      ++at;
      continue;
    }
    out.append(text.substr(at, point.length));
    at += point.length;
  }
  if (!repaired) return std::nullopt;
  return out;
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  // Most strings (keys, ratings, ids, English text) are printable ASCII with nothing to escape:
  // copied as they are, the same bytes Boost.JSON writes, without a serializer per string.
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
  });
  if (plain) {
    out += '"';
    out.append(text.data(), text.size());
    out += '"';
    return;
  }
  if (const std::optional<std::string> repaired = repaired_utf8(text)) {
    append_json_string(out, *repaired);
    return;
  }
  // Boost.JSON's own escaping, through a serializer that writes into a buffer on the stack: a
  // serialize() per key and value cost an allocation each, on every reply.
  json::serializer serializer;
  serializer.reset(json::string_view(text.data(), text.size()));
  char buffer[512];
  while (!serializer.done()) {
    const json::string_view written = serializer.read(buffer);
    out.append(written.data(), written.size());
  }
}

void append_json(std::string& out, const json::value& value) {
  switch (value.kind()) {
    case json::kind::null:
      out += "null";
      return;
    case json::kind::bool_:
      out += value.get_bool() ? "true" : "false";
      return;
    case json::kind::int64:
      append_json_number(out, value.get_int64());
      return;
    case json::kind::uint64:
      append_json_number(out, value.get_uint64());
      return;
    case json::kind::double_:
      append_json_number(out, value.get_double());
      return;
    case json::kind::string:
      append_json_string(out, value.get_string());
      return;
    case json::kind::array: {
      out += '[';
      bool first = true;
      for (const json::value& element : value.get_array()) {
        if (!first) out += ',';
        first = false;
        append_json(out, element);
      }
      out += ']';
      return;
    }
    case json::kind::object:
      append_json(out, value.get_object());
      return;
  }
}

void append_json(std::string& out, const json::object& object) {
  out += '{';
  bool first = true;
  for (const auto& member : object) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, member.key());
    out += ':';
    append_json(out, member.value());
  }
  out += '}';
}

std::string to_json_text(const json::value& value) {
  std::string out;
  append_json(out, value);
  return out;
}

}  // namespace kioku::protocol
