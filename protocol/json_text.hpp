// JSON text as kioku writes it, on the wire and in `--json` output. Boost.JSON's own serializer
// prints every double in exponent form ("2.5E0"); valid, but odd to read in a shell and to
// compare in scripts. Here a double is its shortest round-trip decimal ("2.5", "0.9",
// "1e-07"), and one with an integral value keeps a ".0" so that it reads back as a double.
#pragma once

#include <boost/json.hpp>
#include <string>

namespace kioku::protocol {

// Appends the JSON text of `value` to `out`.
void append_json(std::string& out, const boost::json::value& value);
std::string to_json_text(const boost::json::value& value);

}  // namespace kioku::protocol
