// The non-template half of the wire structs: type words, paths and the parameter checks.
#include "protocol/wire_struct.hpp"

namespace kioku::protocol {

std::string_view to_string(WireType type) noexcept {
  switch (type) {
    case WireType::kString:
      return "string";
    case WireType::kInteger:
      return "integer";
    case WireType::kBoolean:
      return "boolean";
    case WireType::kNumber:
      return "number";
    case WireType::kObject:
      return "object";
    case WireType::kArray:
      return "array";
    case WireType::kAny:
      return "value";
  }
  return "value";
}

namespace wire_detail {

bool matches(const boost::json::value& value, WireType type) noexcept {
  switch (type) {
    case WireType::kString:
      return value.is_string();
    case WireType::kInteger:
      return value.is_int64() || value.is_uint64();
    case WireType::kBoolean:
      return value.is_bool();
    case WireType::kNumber:
      return value.is_number();
    case WireType::kObject:
      return value.is_object();
    case WireType::kArray:
      return value.is_array();
    case WireType::kAny:
      return true;
  }
  return false;
}

std::string with_article(WireType type) {
  const std::string_view word = to_string(type);
  const bool vowel = std::string_view("aeiou").find(word.front()) != std::string_view::npos;
  return (vowel ? "an " : "a ") + std::string(word);
}

std::string join_path(std::string_view parent, std::string_view field) {
  if (parent.empty()) return std::string(field);
  std::string path(parent);
  path += '.';
  path += field;
  return path;
}

std::string index_path(std::string_view parent, std::size_t index) {
  return std::string(parent) + "[" + std::to_string(index) + "]";
}

void throw_field_error(const Reading& reading, const std::string& path, std::string_view problem) {
  if (reading.request) {
    throw Error(ErrorCode::kInvalidParams, "parameter '" + path + "' " + std::string(problem));
  }
  const std::string what = path.empty() ? "the result" : "field '" + path + "'";
  throw Error(ErrorCode::kInternal, "kiokud's reply to " + std::string(reading.method) + ": " +
                                        what + " " + std::string(problem));
}

}  // namespace wire_detail

void check_params(std::string_view method, std::span<const FieldSpec> specs,
                  const boost::json::object& params) {
  for (const auto& [key, value] : params) {
    const FieldSpec* spec = nullptr;
    for (const FieldSpec& candidate : specs) {
      if (candidate.name == key) spec = &candidate;
    }
    if (spec == nullptr) {
      std::string allowed;
      for (const FieldSpec& candidate : specs) {
        allowed += (allowed.empty() ? "" : ", ") + std::string(candidate.name);
      }
      throw Error(ErrorCode::kInvalidParams,
                  "unknown parameter '" + std::string(key) + "' for " + std::string(method) +
                      (allowed.empty() ? " (it takes none)" : " (it takes: " + allowed + ")"));
    }
    if (!wire_detail::matches(value, spec->type)) {
      throw Error(ErrorCode::kInvalidParams, "parameter '" + std::string(key) + "' must be " +
                                                 wire_detail::with_article(spec->type));
    }
  }
  for (const FieldSpec& spec : specs) {
    if (spec.required && !params.contains(spec.name)) {
      throw Error(ErrorCode::kInvalidParams,
                  "missing required parameter '" + std::string(spec.name) + "' (" +
                      std::string(to_string(spec.type)) + ": " + std::string(spec.help) + ")");
    }
  }
}

}  // namespace kioku::protocol
