// libFuzzer target for is_import_temporary_name (daemon/importers/import_temporary_files.hpp):
// kiokud's start removes the files of the data directory and its media folder whose names it
// passes, and those names are whatever is there (a media file an import named, a user's own).
// A differential test against the rule written as regular expressions: a name is taken exactly
// when it is one of the four prefixes, '-' and six letters or digits, or the export's package
// so followed by an older kiokud's libzip's ".XXXXXX", and for no other bytes (NULs, '/', UTF-8,
// near misses).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <string>

#include "daemon/importers/import_temporary_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Names are short; std::regex is slow on long input and the rule has no long cases.
  if (size > 96) return 0;
  const std::string name(reinterpret_cast<const char*>(data), size);
  static const std::regex kTaken(
      R"(\.kioku-(anki-collection|incoming|export-collection|export-package)-[A-Za-z0-9]{6})"
      R"(|\.kioku-export-package-[A-Za-z0-9]{6}\.[A-Za-z0-9]{6})");
  const bool expected = std::regex_match(name, kTaken);
  if (kioku::daemon::is_import_temporary_name(name) != expected) {
    std::fprintf(stderr, "temporary_name_fuzz: %s taken by one rule and not the other\n",
                 name.c_str());
    std::abort();
  }
  return 0;
}
