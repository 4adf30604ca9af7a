// Which importer `kioku import` takes for a file (core/import_format.hpp): by the name, else by
// the first bytes, with TOML whenever the bytes give no clear sign of Anki's text.
#include <catch2/catch.hpp>

#include <string>

#include "core/import_format.hpp"

using kioku::import_format_of;
using kioku::ImportFormat;

TEST_CASE("import format: the extension decides, in any case", "[anki_text]") {
  CHECK(import_format_of("deck.toml", "front\tback\n") == ImportFormat::kToml);
  CHECK(import_format_of("notes.TXT", "[deck]\n") == ImportFormat::kAnkiText);
  CHECK(import_format_of("notes.tsv", "") == ImportFormat::kAnkiText);
  CHECK(import_format_of("notes.Csv", "a,b\n") == ImportFormat::kAnkiText);
}

TEST_CASE("import format: without an extension, Anki's headers or a tab make Anki text",
          "[anki_text]") {
  CHECK(import_format_of("-", "#separator:tab\nfront\tback\n") == ImportFormat::kAnkiText);
  CHECK(import_format_of("-", "\xEF\xBB\xBF#html:false\na;b\n") == ImportFormat::kAnkiText);
  CHECK(import_format_of("-", "tags:verbs\nfront\tback\n") == ImportFormat::kAnkiText);
  CHECK(import_format_of("-", "# a comment\n\nfront\tback\n") == ImportFormat::kAnkiText);
}

TEST_CASE("import format: without an extension, anything else is TOML and gets TOML's error",
          "[anki_text]") {
  CHECK(import_format_of("-", "not toml") == ImportFormat::kToml);
  CHECK(import_format_of("-", "front,back\n") == ImportFormat::kToml);
  CHECK(import_format_of("-", "format = 2\n") == ImportFormat::kToml);
  CHECK(import_format_of("-", "[deck]\nname\t= \"x\"\n") == ImportFormat::kToml);
  CHECK(import_format_of("-", "# only a comment\n") == ImportFormat::kToml);
  CHECK(import_format_of("-", "") == ImportFormat::kToml);
}

TEST_CASE("import format: .apkg and .colpkg, or a zip's first bytes, make an Anki package",
          "[anki-package]") {
  CHECK(import_format_of("deck.apkg", "") == ImportFormat::kAnkiPackage);
  CHECK(import_format_of("all.COLPKG", "") == ImportFormat::kAnkiPackage);
  CHECK(import_format_of("-", std::string("PK\x03\x04\x14\x00", 6)) == ImportFormat::kAnkiPackage);
  CHECK(import_format_of("download", std::string("PK\x05\x06", 4)) == ImportFormat::kAnkiPackage);
  CHECK(import_format_of("-", "PK is a word\n") == ImportFormat::kToml);
  CHECK(kioku::parse_import_format("anki-package") == ImportFormat::kAnkiPackage);
}
