// The small parts of an Anki package (.apkg/.colpkg) that are read before its collection, as
// pure functions over bytes (../shared/docs/anki-formats.md, section 1): the `meta` entry's
// version, which collection file it picks, the media map in both its forms, and whether a media
// file's name is safe to write. The zip and zstd are the daemon's (daemon/importers/).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/bilingual_message.hpp"

namespace kioku {

// A media map, `meta` or name kioku will not read; the message says what is wrong, in English
// (what()) and Japanese (message()).
class AnkiPackageError : public std::runtime_error {
 public:
  explicit AnkiPackageError(BilingualMessage message)
      : std::runtime_error(message.english), message_(std::move(message)) {}
  const BilingualMessage& message() const noexcept { return message_; }

 private:
  BilingualMessage message_;
};

// PackageMetadata.version from the `meta` entry's bytes (protobuf: field 1, a varint); 0 when
// the field is absent (Anki's UNKNOWN). Throws AnkiPackageError for malformed bytes.
std::uint64_t anki_package_version(std::string_view meta);

// The collection entry a version reads: 1 collection.anki2, 2 collection.anki21, 3
// collection.anki21b (zstd, schema 18). Nothing for any other version.
std::optional<std::string_view> anki_collection_entry(std::uint64_t version);

struct AnkiMediaEntry {
  std::string entry;                  // the zip entry holding the file: "0", "1", ...
  std::string name;                   // the file's name, as the notes refer to it
  std::optional<std::uint64_t> size;  // the protobuf map's declared size (uncompressed)
};

// The legacy map, a JSON object {"0": "name", ...}: every value must be a string. Throws
// AnkiPackageError naming what is wrong. Only strings and one flat object are accepted.
std::vector<AnkiMediaEntry> parse_anki_json_media_map(std::string_view json);

// The latest map: protobuf MediaEntries { repeated MediaEntry entries = 1; } with MediaEntry
// { string name = 1; uint32 size = 2; bytes sha1 = 3; optional uint32 legacy_zip_filename =
// 255; }, already decompressed. Entry i is zip entry "i" (or its legacy_zip_filename). Throws
// AnkiPackageError.
std::vector<AnkiMediaEntry> parse_anki_protobuf_media_map(std::string_view protobuf);

// Why `name` may not be written into the media folder (nothing when it may): it must be one
// normal path component of valid UTF-8 without control characters: no "", ".", "..", '/',
// '\\', NUL, a Windows drive ("C:"), and at most 255 bytes.
std::optional<BilingualMessage> anki_media_name_problem(std::string_view name);

// The name a media file gets when another file of its name has other content, as Anki renames:
// "-" and 16 hex digits of `content_hash` before the extension ("a.png" -> "a-0123....png").
std::string anki_media_renamed(std::string_view name, std::uint64_t content_hash);

}  // namespace kioku
