#include "core/protobuf_wire.hpp"

#include <string>

namespace kioku {

std::uint64_t ProtobufReader::varint() {
  std::uint64_t value = 0;
  for (int shift = 0; shift < 70; shift += 7) {
    if (rest_.empty())
      throw ProtobufError(bilingual("a varint runs past the end of the message",
                                    "varint がメッセージの終わりを越えています"));
    const auto byte = static_cast<unsigned char>(rest_.front());
    rest_.remove_prefix(1);
    // The tenth byte holds only the 64th bit; more than that is not a 64-bit varint.
    if (shift == 63 && byte > 1)
      throw ProtobufError(
          bilingual("a varint is longer than 64 bits", "varint が 64 ビットより長くなっています"));
    value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
    if ((byte & 0x80) == 0) return value;
  }
  throw ProtobufError(
      bilingual("a varint is longer than 10 bytes", "varint が 10 バイトより長くなっています"));
}

bool ProtobufReader::next(ProtobufField& field) {
  if (rest_.empty()) return false;
  const std::uint64_t key = varint();
  field = ProtobufField{};
  field.wire_type = static_cast<int>(key & 7);
  const std::uint64_t number = key >> 3;
  if (number == 0 || number > 0x1FFFFFFF)
    throw ProtobufError(bilingual("a field number out of range", "フィールド番号が範囲外です"));
  field.number = static_cast<std::uint32_t>(number);
  const auto fixed = [&](std::size_t size) {
    if (rest_.size() < size)
      throw ProtobufError(bilingual("a fixed field runs past the end",
                                    "固定長フィールドがメッセージの終わりを越えています"));
    std::uint64_t value = 0;
    for (std::size_t at = 0; at < size; ++at) {
      value |= static_cast<std::uint64_t>(static_cast<unsigned char>(rest_[at])) << (8 * at);
    }
    rest_.remove_prefix(size);
    return value;
  };
  switch (field.wire_type) {
    case 0:
      field.value = varint();
      return true;
    case 1:
      field.value = fixed(8);
      return true;
    case 5:
      field.value = fixed(4);
      return true;
    case 2: {
      const std::uint64_t size = varint();
      if (size > rest_.size())
        throw ProtobufError(bilingual("a length runs past the end of the message",
                                      "長さがメッセージの終わりを越えています"));
      field.bytes = rest_.substr(0, static_cast<std::size_t>(size));
      rest_.remove_prefix(static_cast<std::size_t>(size));
      return true;
    }
    default:
      throw ProtobufError(bilingual("wire type {type} is not one kioku reads",
                                    "ワイヤタイプ {type} は kioku が読めるものではありません",
                                    {{"type", std::to_string(field.wire_type)}}));
  }
}

}  // namespace kioku
