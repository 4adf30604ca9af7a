#include "protocol/json_text.hpp"

#include <array>
#include <charconv>
#include <cmath>

namespace kioku::protocol {

namespace json = boost::json;

namespace {

template <typename Number>
void append_number(std::string& out, Number number) {
  std::array<char, 32> digits{};
  const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), number);
  out.append(digits.data(), result.ptr);
}

void append_double(std::string& out, double number) {
  // JSON has no NaN or infinity; Boost.JSON's serializer writes null for them too.
  if (!std::isfinite(number)) {
    out += "null";
    return;
  }
  const std::size_t start = out.size();
  append_number(out, number);
  if (out.find_first_of(".eE", start) == std::string::npos) out += ".0";
}

}  // namespace

void append_json(std::string& out, const json::value& value) {
  switch (value.kind()) {
    case json::kind::null:
      out += "null";
      return;
    case json::kind::bool_:
      out += value.get_bool() ? "true" : "false";
      return;
    case json::kind::int64:
      append_number(out, value.get_int64());
      return;
    case json::kind::uint64:
      append_number(out, value.get_uint64());
      return;
    case json::kind::double_:
      append_double(out, value.get_double());
      return;
    case json::kind::string:
      out += json::serialize(value.get_string());
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
    case json::kind::object: {
      out += '{';
      bool first = true;
      for (const auto& member : value.get_object()) {
        if (!first) out += ',';
        first = false;
        out += json::serialize(member.key());
        out += ':';
        append_json(out, member.value());
      }
      out += '}';
      return;
    }
  }
}

std::string to_json_text(const json::value& value) {
  std::string out;
  append_json(out, value);
  return out;
}

}  // namespace kioku::protocol
