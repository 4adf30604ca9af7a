// Parsers over untrusted bytes: each length and index is checked, and every failure is an
// AnkiPackageError the importer turns into one error naming the package.
#include "core/anki_package_format.hpp"

#include "core/fill_in.hpp"
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
        if (next != ',') fail(bilingual("expected ',' or '}'", "',' か '}' がありません"));
      }
    }
    space();
    if (at_ != text_.size()) {
      fail(bilingual("text after the object", "オブジェクトの後に文字があります"));
    }
    return entries;
  }

 private:
  [[noreturn]] void fail(const BilingualMessage& what) const {
    const std::string at = std::to_string(at_);
    throw AnkiPackageError(
        {fill_in("the media map is not a JSON object of names: {what} at byte {at}",
                 {{"what", what.english}, {"at", at}}),
         fill_in("メディアマップが名前の JSON オブジェクトではありません（{at} バイト目: {what}）",
                 {{"what", what.japanese}, {"at", at}})});
  }
  static BilingualMessage lone_surrogate() {
    return bilingual("a lone surrogate", "対になっていないサロゲートがあります");
  }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  char take() {
    if (at_ >= text_.size()) fail(bilingual("unexpected end", "途中で終わっています"));
    return text_[at_++];
  }
  void expect(char c) {
    if (take() != c) {
      fail(bilingual("expected '{c}'", "'{c}' がありません", {{"c", std::string(1, c)}}));
    }
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
        fail(bilingual("a bad \\u escape", "\\u エスケープが不正です"));
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
      if (static_cast<unsigned char>(c) < 0x20) {
        fail(bilingual("a control character in a string", "文字列に制御文字があります"));
      }
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
            if (low < 0xDC00 || low > 0xDFFF) fail(lone_surrogate());
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          } else if (code >= 0xDC00 && code <= 0xDFFF) {
            fail(lone_surrogate());
          }
          append_utf8(out, code);
          break;
        }
        default:
          fail(bilingual("a bad escape", "エスケープが不正です"));
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
    throw AnkiPackageError(
        bilingual_with("its meta entry is not Anki's package metadata: {error}",
                       "meta エントリが Anki のパッケージのメタデータではありません: {error}",
                       "error", error.message()));
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
      if (field.wire_type != 2) {
        throw AnkiPackageError(bilingual("the media map's entry is not a message",
                                         "メディアマップのエントリがメッセージではありません"));
      }
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
    throw AnkiPackageError(bilingual_with(
        "the media map is not Anki's MediaEntries: {error}",
        "メディアマップが Anki の MediaEntries ではありません: {error}", "error", error.message()));
  }
  return entries;
}

std::optional<BilingualMessage> anki_media_name_problem(std::string_view name) {
  if (name.empty()) return bilingual("an empty name", "名前が空です");
  if (name == "." || name == "..") {
    return bilingual("a name that is a directory", "ディレクトリを指す名前です");
  }
  if (name.size() > 255) {
    return bilingual("a name longer than 255 bytes", "名前が 255 バイトを超えています");
  }
  // kiokud's start removes its leftover temporary files from the media folder by these names
  // (daemon/importers/import_temporary_files.hpp): a media file of one would vanish. So would
  // ".kioku.png" once a clash renamed it to ".kioku-<hash>.png".
  const auto reserved = [](std::string_view text) { return text.starts_with(".kioku-"); };
  if (reserved(name) || reserved(anki_media_renamed(name, 0))) {
    return bilingual("a name kioku keeps for its own temporary files (.kioku-...)",
                     "kioku が一時ファイルに使う名前（.kioku-...）です");
  }
  if (name.size() >= 2 && name[1] == ':') {
    return bilingual("a Windows drive in the name", "名前に Windows のドライブが含まれています");
  }
  for (std::size_t at = 0; at < name.size();) {
    const CodePoint code = decode_utf8(name, at);
    if (code.length == 0) {
      return bilingual("a name that is not UTF-8", "名前が UTF-8 ではありません");
    }
    if (code.code == 0) return bilingual("a NUL in the name", "名前に NUL が含まれています");
    if (code.code == '/' || code.code == '\\') {
      return bilingual("a path, not a name", "名前ではなくパスです");
    }
    if (is_control(code.code)) {
      return bilingual("a control character in the name", "名前に制御文字が含まれています");
    }
    at += code.length;
  }
  return std::nullopt;
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
