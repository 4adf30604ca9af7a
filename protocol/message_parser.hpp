// Reading a JSON-RPC line the way kiokud must, which Boost.JSON's parse() cannot: parse() keeps
// the last of two equal keys without a word (a request naming two cards answered the second),
// and turns a numeric id such as 1e400 or a 30-digit integer into a double that no longer reads
// as what the client sent (so the client could not match the reply).
#pragma once

#include <boost/json.hpp>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kioku::protocol {

// A key that an object repeats, and where that object is: "" for the message's own object,
// else the members leading to it from there ("params", "params.set", "data[2]").
struct DuplicateKey {
  std::string key;
  std::string where;
};

// What a message (a request or a response) held beyond its value.
struct MessageFacts {
  // The id's text exactly as sent when the message's "id" is a number; empty otherwise.
  std::string number_id;
  // The first repeated key in any object of the message.
  std::optional<DuplicateKey> duplicate;
};

struct ParsedLine {
  boost::json::value value;
  // One per message: a single entry for a line that is not an array, else one per element of
  // the array (a batch), elements that are not objects included.
  std::vector<MessageFacts> messages;
};

// Parses `line` as one JSON text with arrays and objects nested at most `max_depth` deep.
// Returns the error when it is not valid JSON (then `parsed` is unspecified). The value and the
// parser's own scratch space come from the storage `parsed.value` was made with.
boost::json::error_code parse_line(std::string_view line, std::size_t max_depth,
                                   ParsedLine& parsed);

// The JSON text a response gives as the id of the message: the number exactly as sent, a
// string or null serialized, and "null" when there is no id.
std::string id_text(const boost::json::value* id, const MessageFacts& facts);

}  // namespace kioku::protocol
