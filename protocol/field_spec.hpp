// A request's fields as the method table lists them, and the one check of a params object
// against them: light enough for every handler to include (wire_struct.hpp has the templates).
#pragma once

#include <array>
#include <boost/json/object.hpp>
#include <cstddef>
#include <span>
#include <string_view>

namespace kioku::protocol {

// One line of help for a request field, for system.methods and the CLI's --help. A request
// struct lists them in a static `kHelp` array, one per described member.
struct FieldHelp {
  std::string_view name;
  std::string_view help;
};

// The field of the methods whose texts come in the user's language.
inline constexpr FieldHelp kLangHelp{"lang", "language of texts: en or ja"};

// Two help lists as one, for a request struct that adds fields to another's (its base).
template <std::size_t First, std::size_t Second>
constexpr std::array<FieldHelp, First + Second> joined_help(
    const std::array<FieldHelp, First>& first, const std::array<FieldHelp, Second>& second) {
  std::array<FieldHelp, First + Second> joined{};
  for (std::size_t index = 0; index < First; ++index) joined[index] = first[index];
  for (std::size_t index = 0; index < Second; ++index) joined[First + index] = second[index];
  return joined;
}

enum class WireType { kString, kInteger, kBoolean, kNumber, kObject, kArray, kAny };

// "string", "integer", ...: the word the parameter errors and system.methods use.
std::string_view to_string(WireType type) noexcept;

// A request field as system.methods lists it.
struct FieldSpec {
  std::string_view name;
  WireType type;
  bool required;
  std::string_view help;
};

// Throws kioku::Error (kInvalidParams) with the message the dispatcher has always given:
// unknown parameters first, in the order given, then wrong types, then missing ones.
void check_params(std::string_view method, std::span<const FieldSpec> specs,
                  const boost::json::object& params);

}  // namespace kioku::protocol
