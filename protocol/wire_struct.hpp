// Request and result structs described with Boost.Describe, turned into JSON and read back with
// errors that name the field: the one place the wire's shapes are spelled out for both binaries.
//
// Field types: bool, std::int64_t, double, std::string, boost::json::value / object (passed
// through), std::vector<T>, RequestList<T>, std::map<std::string, T>, described structs, and two
// kinds of optional:
//   std::optional<T>  in a request: may be left out (null is refused, as a wrong type);
//                     in a result: written as null when empty, and must be present to be read.
//   Omissible<T>      a result field that is left out of the object when empty.
#pragma once

#include <boost/describe.hpp>
#include <boost/json.hpp>
#include <boost/mp11.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/error.hpp"
#include "protocol/field_spec.hpp"

namespace kioku::protocol {

// A result field that is left out of its object when empty, rather than written as null.
template <class T>
struct Omissible : std::optional<T> {
  using std::optional<T>::optional;
  using std::optional<T>::operator=;
};

// A request field that is a list of objects each read as a method's own params are (note.add_many's
// notes, each note.add's params less the deck): an unknown or missing field of an entry is
// refused, and every error names the entry ("notes[3]: ..."). Each entry is read straight into
// T, without a copy of its JSON on the way.
template <class T>
struct RequestList : std::vector<T> {
  using std::vector<T>::vector;
};

namespace wire_detail {

// A struct's public members, its bases' first, in declaration order.
template <class T>
using Described = boost::describe::describe_members<T, boost::describe::mod_public |
                                                           boost::describe::mod_inherited>;

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_omissible : std::false_type {};
template <class T>
struct is_omissible<Omissible<T>> : std::true_type {};
template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};
// A RequestList is a vector on the wire too; only its entries are read otherwise.
template <class T>
struct is_vector<RequestList<T>> : std::true_type {};
template <class T>
struct is_request_list : std::false_type {};
template <class T>
struct is_request_list<RequestList<T>> : std::true_type {};
template <class T>
struct is_string_map : std::false_type {};
template <class T>
struct is_string_map<std::map<std::string, T>> : std::true_type {};

// A member's name on the wire: the C++ name less a trailing underscore, which members named
// after a C++ keyword carry (`new_` is "new", `default_` is "default").
constexpr std::string_view wire_name(std::string_view member) noexcept {
  return !member.empty() && member.back() == '_' ? member.substr(0, member.size() - 1) : member;
}

template <class T>
inline constexpr bool kMayBeAbsent = is_optional<T>::value || is_omissible<T>::value;

template <class T>
constexpr WireType wire_type() {
  if constexpr (is_optional<T>::value || is_omissible<T>::value) {
    return wire_type<typename T::value_type>();
  } else if constexpr (std::is_same_v<T, bool>) {
    return WireType::kBoolean;
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    return WireType::kInteger;
  } else if constexpr (std::is_same_v<T, double>) {
    return WireType::kNumber;
  } else if constexpr (std::is_same_v<T, std::string>) {
    return WireType::kString;
  } else if constexpr (is_vector<T>::value) {
    return WireType::kArray;
  } else if constexpr (std::is_same_v<T, boost::json::value>) {
    return WireType::kAny;
  } else {
    static_assert(std::is_same_v<T, boost::json::object> || is_string_map<T>::value ||
                      boost::describe::has_describe_members<T>::value,
                  "not a wire type");
    return WireType::kObject;
  }
}

bool matches(const boost::json::value& value, WireType type) noexcept;

// "an integer", "a string", "an object": for "must be ..." messages.
std::string with_article(WireType type);

// Where a value sits, for error messages: "card", "card.state.phase", "decks[2].name".
std::string join_path(std::string_view parent, std::string_view field);
std::string index_path(std::string_view parent, std::size_t index);

// What is being read: a request's params (errors are kInvalidParams and name the parameter) or
// the daemon's reply to `method` (errors are kInternal and name the method and the field). A
// reply is checked as strictly as a request: a missing or mistyped field is never a default.
struct Reading {
  std::string_view method;
  bool request;
};

[[noreturn]] void throw_field_error(const Reading& reading, const std::string& path,
                                    std::string_view problem);

template <class T>
boost::json::value encode_value(const T& value);

template <class T>
void encode_members(const T& value, boost::json::object& object) {
  using Members = Described<T>;
  boost::mp11::mp_for_each<Members>([&](auto member) {
    const auto& field = value.*member.pointer;
    using Field = std::remove_cvref_t<decltype(field)>;
    const std::string_view name = wire_name(member.name);
    if constexpr (is_omissible<Field>::value) {
      if (field) object[name] = encode_value(*field);
    } else {
      object[name] = encode_value(field);
    }
  });
}

template <class T>
boost::json::value encode_value(const T& value) {
  if constexpr (is_optional<T>::value) {
    return value ? encode_value(*value) : boost::json::value(nullptr);
  } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::int64_t> ||
                       std::is_same_v<T, double> || std::is_same_v<T, boost::json::value> ||
                       std::is_same_v<T, boost::json::object>) {
    return boost::json::value(value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return boost::json::value(boost::json::string_view(value));
  } else if constexpr (is_vector<T>::value) {
    boost::json::array array;
    array.reserve(value.size());
    for (const auto& element : value) array.push_back(encode_value(element));
    return array;
  } else if constexpr (is_string_map<T>::value) {
    boost::json::object object;
    for (const auto& [key, element] : value) object[key] = encode_value(element);
    return object;
  } else {
    boost::json::object object;
    encode_members(value, object);
    return object;
  }
}

template <class T>
T decode_value(const boost::json::value& value, const Reading& reading, const std::string& path);

template <class Params>
Params decode_request_entry(const boost::json::value& value, const Reading& reading,
                            const std::string& path);

template <class T>
T decode_members(const boost::json::object& object, const Reading& reading,
                 const std::string& path) {
  T result{};
  using Members = Described<T>;
  boost::mp11::mp_for_each<Members>([&](auto member) {
    auto& field = result.*member.pointer;
    using Field = std::remove_cvref_t<decltype(field)>;
    const std::string_view name = wire_name(member.name);
    const std::string where = join_path(path, name);
    const boost::json::value* found = object.if_contains(name);
    if constexpr (is_omissible<Field>::value) {
      // emplace: assigning a plain integer to an Omissible is ambiguous (optional's operator=
      // and Omissible's own from the inherited constructor).
      if (found != nullptr)
        field.emplace(decode_value<typename Field::value_type>(*found, reading, where));
    } else {
      if (found == nullptr) throw_field_error(reading, where, "is missing");
      field = decode_value<Field>(*found, reading, where);
    }
  });
  return result;
}

template <class T>
T decode_value(const boost::json::value& value, const Reading& reading, const std::string& path) {
  constexpr WireType type = wire_type<T>();
  if constexpr (is_optional<T>::value) {
    if (value.is_null()) return std::nullopt;
    return decode_value<typename T::value_type>(value, reading, path);
  } else {
    if (!matches(value, type)) throw_field_error(reading, path, "must be " + with_article(type));
    if constexpr (std::is_same_v<T, bool>) {
      return value.as_bool();
    } else if constexpr (std::is_same_v<T, std::int64_t>) {
      if (value.is_uint64()) {
        if (value.as_uint64() > static_cast<std::uint64_t>(INT64_MAX)) {
          throw_field_error(reading, path, "is too large");
        }
        return static_cast<std::int64_t>(value.as_uint64());
      }
      return value.as_int64();
    } else if constexpr (std::is_same_v<T, double>) {
      return value.to_number<double>();
    } else if constexpr (std::is_same_v<T, std::string>) {
      return std::string(value.as_string());
    } else if constexpr (std::is_same_v<T, boost::json::value>) {
      // Copied onto the default heap: the request's own values live in a buffer that is gone
      // once its line is answered (daemon/methods/dispatcher.cpp).
      return boost::json::value(value, boost::json::storage_ptr());
    } else if constexpr (std::is_same_v<T, boost::json::object>) {
      return boost::json::object(value.as_object(), boost::json::storage_ptr());
    } else if constexpr (is_vector<T>::value) {
      T list;
      const boost::json::array& array = value.as_array();
      list.reserve(array.size());
      for (std::size_t index = 0; index < array.size(); ++index) {
        const std::string where = index_path(path, index);
        if constexpr (is_request_list<T>::value) {
          list.push_back(
              decode_request_entry<typename T::value_type>(array[index], reading, where));
        } else {
          list.push_back(decode_value<typename T::value_type>(array[index], reading, where));
        }
      }
      return list;
    } else if constexpr (is_string_map<T>::value) {
      T map;
      for (const auto& [key, element] : value.as_object()) {
        map.emplace(std::string(key),
                    decode_value<typename T::mapped_type>(element, reading, join_path(path, key)));
      }
      return map;
    } else {
      return decode_members<T>(value.as_object(), reading, path);
    }
  }
}

// Request checking, shared by every method: (name, type, required, help) of each member.
template <class Params>
std::vector<FieldSpec> field_specs_of() {
  std::vector<FieldSpec> specs;
  using Members = Described<Params>;
  boost::mp11::mp_for_each<Members>([&](auto member) {
    using Field = std::remove_cvref_t<decltype(std::declval<Params&>().*member.pointer)>;
    const std::string_view name = wire_name(member.name);
    std::string_view help;
    for (const FieldHelp& entry : Params::kHelp) {
      if (entry.name == name) help = entry.help;
    }
    specs.push_back(FieldSpec{name, wire_type<Field>(), !kMayBeAbsent<Field>, help});
  });
  return specs;
}

template <class Params>
Params decode_request_fields(std::string_view method, const boost::json::object& params) {
  const Reading reading{method, true};
  Params result{};
  using Members = Described<Params>;
  boost::mp11::mp_for_each<Members>([&](auto member) {
    auto& field = result.*member.pointer;
    using Field = std::remove_cvref_t<decltype(field)>;
    const std::string_view name = wire_name(member.name);
    const boost::json::value* found = params.if_contains(name);
    if (found == nullptr) return;  // check_params has refused a missing required one
    const std::string where(name);
    if constexpr (kMayBeAbsent<Field>) {
      field = decode_value<typename Field::value_type>(*found, reading, where);
    } else {
      field = decode_value<Field>(*found, reading, where);
    }
  });
  return result;
}

}  // namespace wire_detail

// The request fields of `Params`, in declaration order, with their help.
template <class Params>
const std::vector<FieldSpec>& field_specs() {
  static const std::vector<FieldSpec> specs = wire_detail::field_specs_of<Params>();
  return specs;
}

// A method's params object as its request struct. Throws kioku::Error (kInvalidParams) naming
// the parameter: unknown, of the wrong type, missing, or an integer out of range.
template <class Params>
Params decode_params(std::string_view method, const boost::json::object& params) {
  check_params(method, field_specs<Params>(), params);
  return wire_detail::decode_request_fields<Params>(method, params);
}

namespace wire_detail {

template <class Params>
Params decode_request_entry(const boost::json::value& value, const Reading& reading,
                            const std::string& path) {
  if (!value.is_object()) throw_field_error(reading, path, "must be an object");
  try {
    return decode_params<Params>(reading.method, value.as_object());
  } catch (const Error& error) {
    throw Error(error.code(), path + ": " + error.what());
  }
}

}  // namespace wire_detail

// A params object that check_params has accepted, as its request struct (no second check).
template <class Params>
Params decode_checked_params(std::string_view method, const boost::json::object& params) {
  return wire_detail::decode_request_fields<Params>(method, params);
}

// A request or result struct as the JSON object the wire carries.
template <class T>
boost::json::value encode(const T& value) {
  return wire_detail::encode_value(value);
}

// A daemon's result as its result struct. Throws kioku::Error (kInternal) naming the method and
// the field when a field is missing or of another type: a renamed field is never a silent zero.
template <class Result>
Result decode_result(std::string_view method, const boost::json::value& result) {
  return wire_detail::decode_value<Result>(result, wire_detail::Reading{method, false}, "");
}

}  // namespace kioku::protocol
