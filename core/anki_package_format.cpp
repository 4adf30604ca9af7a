// Parsers over untrusted bytes: each length and index is checked, and every failure is an
// AnkiPackageError the importer turns into one error naming the package.
#include "core/anki_package_format.hpp"

#include "core/protobuf_wire.hpp"
#include "core/utf8.hpp"

namespace kioku {

namespace {

// A flat JSON object of strings: all the legacy media map is. A full JSON parser would accept
// more (numbers, nesting) only for the importer to refuse it afterwards.
class FlatJsonObject {
 public:
  explicit FlatJsonObject(std::string_view text) : text_(text) {}

  std::vector<AnkiMediaEntry> read() {
    std::vector<AnkiMediaEntry> entries;
    space();
    expect('{');
    space();
    if (peek() == '}') {
      ++at_;
    } else {
      while (true) {
        space();
        AnkiMediaEntry entry;
        entry.entry = string();
        space();
        expect(':');
        space();
        entry.name = string();
        entries.push_back(std::move(entry));
        space();
        const char next = take();
        if (next == '}') break;
        if (next != ',') fail("expected ',' or '}'");
      }
    }
    space();
    if (at_ != text_.size()) fail("text after the object");
    return entries;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw AnkiPackageError("the media map is not a JSON object of names: " + what + " at byte " +
                           std::to_string(at_));
  }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  char take() {
    if (at_ >= text_.size()) fail("unexpected end");
    return text_[at_++];
  }
  void expect(char c) {
    if (take() != c) fail(std::string("expected '") + c + "'");
  }
  void space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }
  unsigned hex4() {
    unsigned value = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = take();
      value <<= 4;
      if (c >= '0' && c <= '9') {
        value |= static_cast<unsigned>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        value |= static_cast<unsigned>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        value |= static_cast<unsigned>(c - 'A' + 10);
      } else {
        fail("a bad \\u escape");
      }
    }
    return value;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (true) {
      const char c = take();
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("a control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      const char escape = take();
      switch (escape) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          char32_t code = hex4();
          if (code >= 0xD800 && code <= 0xDBFF) {
            expect('\\');
            expect('u');
            const unsigned low = hex4();
            if (low < 0xDC00 || low > 0xDFFF) fail("a lone surrogate");
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          } else if (code >= 0xDC00 && code <= 0xDFFF) {
            fail("a lone surrogate");
          }
          append_utf8(out, code);
          break;
        }
        default:
          fail("a bad escape");
      }
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

std::uint64_t anki_package_version(std::string_view meta) {
  std::uint64_t version = 0;
  try {
    ProtobufReader reader(meta);
    ProtobufField field;
    while (reader.next(field)) {
      if (field.number == 1 && field.wire_type == 0) version = field.value;
    }
  } catch (const ProtobufError& error) {
    throw AnkiPackageError(std::string("its meta entry is not Anki's package metadata: ") +
                           error.what());
  }
  return version;
}

std::optional<std::string_view> anki_collection_entry(std::uint64_t version) {
  switch (version) {
    case 1:
      return "collection.anki2";
    case 2:
      return "collection.anki21";
    case 3:
      return "collection.anki21b";
    default:
      return std::nullopt;
  }
}

std::vector<AnkiMediaEntry> parse_anki_json_media_map(std::string_view json) {
  return FlatJsonObject(json).read();
}

std::vector<AnkiMediaEntry> parse_anki_protobuf_media_map(std::string_view protobuf) {
  std::vector<AnkiMediaEntry> entries;
  try {
    ProtobufReader reader(protobuf);
    ProtobufField field;
    while (reader.next(field)) {
      if (field.number != 1) continue;
      if (field.wire_type != 2) throw AnkiPackageError("the media map's entry is not a message");
      AnkiMediaEntry entry;
      entry.entry = std::to_string(entries.size());
      ProtobufReader inner(field.bytes);
      ProtobufField part;
      while (inner.next(part)) {
        if (part.number == 1 && part.wire_type == 2) entry.name = std::string(part.bytes);
        if (part.number == 2 && part.wire_type == 0) entry.size = part.value;
        if (part.number == 255 && part.wire_type == 0) entry.entry = std::to_string(part.value);
      }
      entries.push_back(std::move(entry));
    }
  } catch (const ProtobufError& error) {
    throw AnkiPackageError(std::string("the media map is not Anki's MediaEntries: ") +
                           error.what());
  }
  return entries;
}

std::string anki_media_name_problem(std::string_view name) {
  if (name.empty()) return "an empty name";
  if (name == "." || name == "..") return "a name that is a directory";
  if (name.size() > 255) return "a name longer than 255 bytes";
  if (name.size() >= 2 && name[1] == ':') return "a Windows drive in the name";
  for (std::size_t at = 0; at < name.size();) {
    const CodePoint code = decode_utf8(name, at);
    if (code.length == 0) return "a name that is not UTF-8";
    if (code.code == 0) return "a NUL in the name";
    if (code.code == '/' || code.code == '\\') return "a path, not a name";
    if (is_control(code.code)) return "a control character in the name";
    at += code.length;
  }
  return "";
}

std::string anki_media_renamed(std::string_view name, std::uint64_t content_hash) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string suffix = "-";
  for (int shift = 60; shift >= 0; shift -= 4) suffix += kHex[(content_hash >> shift) & 0xF];
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return std::string(name) + suffix;
  return std::string(name.substr(0, dot)) + suffix + std::string(name.substr(dot));
}

}  // namespace kioku
