// A reader of protobuf's wire format (varints, length-delimited bytes, fixed 32/64-bit), enough
// to pick the few fields kioku needs out of Anki's messages (core/anki_package_format.hpp)
// without a protobuf library: a field at a time, unknown fields skipped. Untrusted input:
// every length is checked against what is left, and anything malformed throws.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "core/bilingual_message.hpp"

namespace kioku {

// Malformed wire data: a varint past 10 bytes or the end, a length past the end, a wire type
// protobuf does not have (groups, 3 and 4, are refused too: proto3 never writes them).
class ProtobufError : public std::runtime_error {
 public:
  explicit ProtobufError(BilingualMessage message)
      : std::runtime_error(message.english), message_(std::move(message)) {}
  const BilingualMessage& message() const noexcept { return message_; }

 private:
  BilingualMessage message_;
};

struct ProtobufField {
  std::uint32_t number = 0;
  int wire_type = 0;        // 0 varint, 1 fixed64, 2 length-delimited, 5 fixed32
  std::uint64_t value = 0;  // wire types 0, 1 and 5
  std::string_view bytes;   // wire type 2: a view into the message
};

class ProtobufReader {
 public:
  explicit ProtobufReader(std::string_view message) : rest_(message) {}
  // The next field into `field`; false at the end of the message. Throws ProtobufError.
  bool next(ProtobufField& field);

 private:
  std::uint64_t varint();
  std::string_view rest_;
};

}  // namespace kioku
