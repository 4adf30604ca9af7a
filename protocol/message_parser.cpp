// A Boost.JSON basic_parser handler that builds the same value as boost::json::parse, and
// notes on the way what that value cannot tell: repeated keys and the text of numeric ids.
#include "protocol/message_parser.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <unordered_set>

#include "protocol/json_text.hpp"

namespace kioku::protocol {

namespace json = boost::json;

namespace {

// The keys an object has shown so far. A request's objects have a handful of keys, and looking
// through a short list costs less than a hash set's allocations (about 500 instructions per
// key); an object with many keys, which only an attacker sends, gets the hash set, so that the
// check stays linear.
class KeySet {
 public:
  // False when `key` was there already.
  bool insert(const std::string& key) {
    if (!many_.empty()) return many_.insert(key).second;
    for (const std::string& seen : few_) {
      if (seen == key) return false;
    }
    if (few_.size() < kFew) {
      few_.push_back(key);
      return true;
    }
    many_.insert(few_.begin(), few_.end());
    few_.clear();
    return many_.insert(key).second;
  }

 private:
  static constexpr std::size_t kFew = 16;
  std::vector<std::string> few_;
  std::unordered_set<std::string> many_;
};

class FactsHandler {
 public:
  static constexpr std::size_t max_object_size = json::object::max_size();
  static constexpr std::size_t max_array_size = json::array::max_size();
  static constexpr std::size_t max_key_size = json::string::max_size();
  static constexpr std::size_t max_string_size = json::string::max_size();

  explicit FactsHandler(const json::storage_ptr& storage) : stack(storage), storage_(storage) {}

  json::value_stack stack;

  void start(std::vector<MessageFacts>& messages) {
    messages_ = &messages;
    messages.clear();
    frames_.clear();
    top_is_array_ = false;
    stack.reset(storage_);
  }

  bool on_document_begin(json::error_code&) { return true; }
  bool on_document_end(json::error_code&) { return true; }

  bool on_object_begin(json::error_code&) {
    value_starts();
    frames_.emplace_back(true);
    return true;
  }
  bool on_object_end(std::size_t size, json::error_code&) {
    stack.push_object(size);
    frames_.pop_back();
    return true;
  }
  bool on_array_begin(json::error_code&) {
    if (frames_.empty()) {
      top_is_array_ = true;
    } else {
      value_starts();
    }
    frames_.emplace_back(false);
    return true;
  }
  bool on_array_end(std::size_t size, json::error_code&) {
    stack.push_array(size);
    frames_.pop_back();
    return true;
  }

  bool on_key_part(json::string_view part, std::size_t, json::error_code&) {
    stack.push_chars(part);
    pending_.append(part.data(), part.size());
    return true;
  }
  bool on_key(json::string_view part, std::size_t, json::error_code&) {
    stack.push_key(part);
    pending_.append(part.data(), part.size());
    Frame& frame = frames_.back();
    if (!frame.keys.insert(pending_) && !messages_->empty() && !messages_->back().duplicate) {
      messages_->back().duplicate = DuplicateKey{pending_, path_to_innermost()};
    }
    frame.key = std::move(pending_);
    pending_.clear();
    return true;
  }

  bool on_string_part(json::string_view part, std::size_t, json::error_code&) {
    stack.push_chars(part);
    return true;
  }
  bool on_string(json::string_view part, std::size_t, json::error_code&) {
    stack.push_string(part);
    value_starts();
    return true;
  }

  bool on_number_part(json::string_view part, json::error_code&) {
    pending_.append(part.data(), part.size());
    return true;
  }
  bool on_int64(std::int64_t number, json::string_view last, json::error_code&) {
    stack.push_int64(number);
    return number_ends(last);
  }
  bool on_uint64(std::uint64_t number, json::string_view last, json::error_code&) {
    stack.push_uint64(number);
    return number_ends(last);
  }
  bool on_double(double number, json::string_view last, json::error_code&) {
    stack.push_double(number);
    return number_ends(last);
  }

  bool on_bool(bool flag, json::error_code&) {
    stack.push_bool(flag);
    value_starts();
    return true;
  }
  bool on_null(json::error_code&) {
    stack.push_null();
    value_starts();
    return true;
  }
  bool on_comment_part(json::string_view, json::error_code&) { return true; }
  bool on_comment(json::string_view, json::error_code&) { return true; }

 private:
  struct Frame {
    explicit Frame(bool is_object) : object(is_object) {}
    bool object;
    std::string key;  // an object's current key
    KeySet keys;
    std::size_t elements = 0;  // an array's elements begun so far
  };

  // Called as each value begins (a container) or is complete (a scalar): counts the elements
  // of the array it is in, and starts a message for each value of the line's own level.
  void value_starts() {
    if (!frames_.empty() && !frames_.back().object) ++frames_.back().elements;
    const bool message = frames_.empty() || (frames_.size() == 1 && top_is_array_);
    if (message) messages_->emplace_back();
  }

  bool number_ends(json::string_view last) {
    pending_.append(last.data(), last.size());
    value_starts();
    // The id of a message: a member "id" of the line's object or of an object of its batch.
    const std::size_t message_level = top_is_array_ ? 2 : 1;
    if (frames_.size() == message_level && frames_.back().object && frames_.back().key == "id") {
      messages_->back().number_id = pending_;
    }
    pending_.clear();
    return true;
  }

  // The members from the message's object to the innermost open object.
  std::string path_to_innermost() const {
    std::string path;
    const std::size_t message_level = top_is_array_ ? 1 : 0;
    for (std::size_t level = message_level; level + 1 < frames_.size(); ++level) {
      const Frame& frame = frames_[level];
      if (frame.object) {
        if (!path.empty()) path += '.';
        path += frame.key;
      } else {
        path += '[' + std::to_string(frame.elements - 1) + ']';
      }
    }
    return path;
  }

  json::storage_ptr storage_;
  std::vector<MessageFacts>* messages_ = nullptr;
  std::vector<Frame> frames_;
  bool top_is_array_ = false;
  std::string pending_;  // the key or number read so far
};

}  // namespace

json::error_code parse_line(std::string_view line, std::size_t max_depth, ParsedLine& parsed) {
  json::parse_options options;
  options.max_depth = max_depth;
  // Built in the value's own storage, so that handing it over below is a move, not a copy.
  json::basic_parser<FactsHandler> parser(options, parsed.value.storage());
  parser.handler().start(parsed.messages);
  json::error_code error;
  const std::size_t used = parser.write_some(false, line.data(), line.size(), error);
  if (!error && used < line.size()) error = json::error::extra_data;
  if (error) return error;
  parsed.value = parser.handler().stack.release();
  return {};
}

std::string id_text(const json::value* id, const MessageFacts& facts) {
  if (id == nullptr) return "null";
  if (id->is_number() && !facts.number_id.empty()) return facts.number_id;
  return to_json_text(*id);
}

}  // namespace kioku::protocol
