// JSON text as kioku writes it, on the wire and in `--json` output. Boost.JSON's own serializer
// prints every double in exponent form ("2.5E0"); valid, but odd to read in a shell and to
// compare in scripts. Here a double is its shortest round-trip decimal ("2.5", "0.9",
// "1e-07"), and one with an integral value keeps a ".0" so that it reads back as a double.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <string>
#include <string_view>

namespace kioku::protocol {

// Appends the JSON text of `value` to `out`.
void append_json(std::string& out, const boost::json::value& value);
void append_json(std::string& out, const boost::json::object& object);
std::string to_json_text(const boost::json::value& value);

// The pieces, for writers that go straight from a struct to text (protocol/wire_text.hpp).
void append_json_string(std::string& out, std::string_view text);
void append_json_number(std::string& out, std::int64_t number);
void append_json_number(std::string& out, std::uint64_t number);
void append_json_number(std::string& out, double number);

}  // namespace kioku::protocol
