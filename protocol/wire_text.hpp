// A result struct written straight to JSON text: the same bytes as
// to_json_text(encode(value)) (tests/protocol/wire_text_test.cpp), without building the
// boost::json::value in between. Every reply the daemon sends is written this way; building the
// value and then printing it cost a review.answer reply about 28,000 instructions of its 60,000
// outside SQLite.
#pragma once

#include <string>

#include "protocol/json_text.hpp"
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

namespace wire_detail {

constexpr bool is_identifier(std::string_view name) {
  for (const char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) {
      return false;
    }
  }
  return !name.empty();
}

template <class T>
void append_wire_value(std::string& out, const T& value);

template <class T>
void append_wire_members(std::string& out, const T& value) {
  out += '{';
  bool first = true;
  boost::mp11::mp_for_each<Described<T>>([&](auto member) {
    const auto& field = value.*member.pointer;
    using Field = std::remove_cvref_t<decltype(field)>;
    if constexpr (is_omissible<Field>::value) {
      if (!field) return;
    }
    // A member's name is a C++ identifier: nothing in it needs escaping.
    static_assert(is_identifier(wire_name(decltype(member)::name)));
    // Lengths given, not found: strlen on every key was 1,700 instructions of a reply.
    if (first) {
      out += '"';
    } else {
      out.append(",\"", 2);
    }
    first = false;
    out += wire_name(member.name);
    out.append("\":", 2);
    if constexpr (is_omissible<Field>::value) {
      append_wire_value(out, *field);
    } else {
      append_wire_value(out, field);
    }
  });
  out += '}';
}

template <class T>
void append_wire_value(std::string& out, const T& value) {
  if constexpr (is_optional<T>::value) {
    if (value) {
      append_wire_value(out, *value);
    } else {
      out.append("null", 4);
    }
  } else if constexpr (std::is_same_v<T, bool>) {
    if (value) {
      out.append("true", 4);
    } else {
      out.append("false", 5);
    }
  } else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, double>) {
    append_json_number(out, value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    append_json_string(out, value);
  } else if constexpr (std::is_same_v<T, boost::json::value> ||
                       std::is_same_v<T, boost::json::object>) {
    append_json(out, value);
  } else if constexpr (is_vector<T>::value) {
    out += '[';
    bool first = true;
    for (const auto& element : value) {
      if (!first) out += ',';
      first = false;
      append_wire_value(out, element);
    }
    out += ']';
  } else if constexpr (is_string_map<T>::value) {
    out += '{';
    bool first = true;
    for (const auto& [key, element] : value) {
      if (!first) out += ',';
      first = false;
      append_json_string(out, key);
      out += ':';
      append_wire_value(out, element);
    }
    out += '}';
  } else {
    append_wire_members(out, value);
  }
}

}  // namespace wire_detail

// Appends the JSON text of a request or result struct to `out`.
template <class T>
void append_wire_text(std::string& out, const T& value) {
  wire_detail::append_wire_value(out, value);
}

template <class T>
std::string wire_text(const T& value) {
  std::string out;
  out.reserve(512);
  append_wire_text(out, value);
  return out;
}

}  // namespace kioku::protocol
