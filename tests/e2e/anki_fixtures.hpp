// The real Anki-made packages the importer and exporter tests read (../shared/fixtures/anki,
// or $KIOKU_SHARED_DIR/fixtures/anki): read from there, never copied into the project.
#pragma once

#include <sys/stat.h>
#include <zip.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

#include "tests/support/process.hpp"

namespace kioku::test {

inline std::string fixtures_directory() {
  const char* shared = std::getenv("KIOKU_SHARED_DIR");
  return (shared != nullptr && *shared != '\0' ? std::string(shared) : source_path("../shared")) +
         "/fixtures/anki";
}

inline bool have_fixtures() {
  struct stat info {};
  return ::stat((fixtures_directory() + "/README.md").c_str(), &info) == 0;
}

// The bytes of entry `name` of the zip at `path` (for taking a real package apart).
inline std::string zip_entry(const std::string& path, const std::string& name) {
  int error = 0;
  zip_t* archive = zip_open(path.c_str(), ZIP_RDONLY, &error);
  REQUIRE(archive != nullptr);
  zip_stat_t stat;
  REQUIRE(zip_stat(archive, name.c_str(), 0, &stat) == 0);
  std::string bytes(stat.size, '\0');
  zip_file_t* file = zip_fopen(archive, name.c_str(), 0);
  REQUIRE(file != nullptr);
  REQUIRE(zip_fread(file, bytes.data(), bytes.size()) == static_cast<zip_int64_t>(bytes.size()));
  zip_fclose(file);
  zip_discard(archive);
  return bytes;
}

}  // namespace kioku::test
