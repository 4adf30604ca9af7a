// The real Anki-made packages the importer and exporter tests read (../shared/fixtures/anki,
// or $KIOKU_SHARED_DIR/fixtures/anki): read from there, never copied into the project.
#pragma once

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

#include "tests/support/process.hpp"
#include "tests/support/zip_files.hpp"

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

}  // namespace kioku::test
