// libFuzzer target for the parts of the Anki package reader that read untrusted bytes before
// any library does (core/protobuf_wire.hpp, core/anki_package_format.hpp): protobuf's wire
// format, `meta`, both forms of the media map and the media-name check.
//
// What must hold, whatever the bytes:
// - the wire reader gives fields or throws kioku::ProtobufError; nothing else is thrown, and
//   every length-delimited field is a view inside the message;
// - each parser returns or throws kioku::AnkiPackageError, nothing else;
// - a media name the check passes is one file name: no '/', '\\', NUL, not "." or "..", and
//   Anki's renamed form of it passes the check too (when short enough).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/anki_package_format.hpp"
#include "core/protobuf_wire.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "anki_package_fuzz: %s\n", what);
  std::abort();
}

void check_wire(std::string_view message) {
  try {
    kioku::ProtobufReader reader(message);
    kioku::ProtobufField field;
    while (reader.next(field)) {
      if (field.wire_type == 2 &&
          (field.bytes.data() < message.data() ||
           field.bytes.data() + field.bytes.size() > message.data() + message.size())) {
        fail("a field outside its message");
      }
      if (field.number == 0) fail("field number 0");
    }
  } catch (const kioku::ProtobufError&) {
  }
}

void check_name(const std::string& name) {
  if (kioku::anki_media_name_problem(name)) return;
  if (name.find('/') != std::string::npos || name.find('\\') != std::string::npos ||
      name.find('\0') != std::string::npos || name == "." || name == ".." || name.empty()) {
    fail("an unsafe media name passed the check");
  }
  const std::string renamed = kioku::anki_media_renamed(name, 0x0123456789abcdefULL);
  if (renamed.size() <= 255 && kioku::anki_media_name_problem(renamed)) {
    fail("a safe name's renamed form is unsafe");
  }
}

template <typename Parse>
void check_map(Parse parse, std::string_view bytes) {
  try {
    for (const kioku::AnkiMediaEntry& entry : parse(bytes)) check_name(entry.name);
  } catch (const kioku::AnkiPackageError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  check_wire(bytes);
  try {
    const std::uint64_t version = kioku::anki_package_version(bytes);
    const auto entry = kioku::anki_collection_entry(version);
    if (entry && (version < 1 || version > 3)) fail("an unknown version picked a collection");
  } catch (const kioku::AnkiPackageError&) {
  }
  check_map(kioku::parse_anki_protobuf_media_map, bytes);
  check_map(kioku::parse_anki_json_media_map, bytes);
  check_name(std::string(bytes));
  return 0;
}
