// The package reader against Anki's real packages (../shared/fixtures/anki, or
// $KIOKU_SHARED_DIR/fixtures/anki): the collection its meta picks, both media maps, and Anki's
// own stock note types, as Anki writes them in schema 11 and in schema 18's protobuf, found by
// their structure.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <map>
#include <string>

#include "core/anki_stock_note_type.hpp"
#include "daemon/importers/anki_package_reader.hpp"
#include "daemon/store/anki_collection_reader.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::daemon;

namespace {

std::string fixture(const std::string& name) {
  const char* shared = std::getenv("KIOKU_SHARED_DIR");
  return (shared != nullptr && *shared != '\0' ? std::string(shared)
                                               : std::string(KIOKU_SOURCE_DIR) + "/../shared") +
         "/fixtures/anki/" + name;
}

bool exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

struct Opened {
  AnkiCollection collection;
  std::uint64_t version = 0;
  std::vector<AnkiMediaEntry> media;
};

Opened open_package(const std::string& path, const std::string& directory) {
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(descriptor >= 0);
  AnkiPackageReader reader(descriptor, path);
  const std::string unpacked = directory + "/collection";
  const int out = ::open(unpacked.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  REQUIRE(out >= 0);
  reader.extract_collection(out);
  ::close(out);
  Opened opened;
  opened.version = reader.version();
  opened.media = reader.media();
  opened.collection = read_anki_collection(unpacked, path);
  ::close(descriptor);
  return opened;
}

std::map<std::string, std::optional<NoteKind>> kinds_by_name(const AnkiCollection& collection) {
  std::map<std::string, std::optional<NoteKind>> kinds;
  for (const auto& [id, type] : collection.note_types) kinds[type.name] = anki_stock_kind(type);
  return kinds;
}

}  // namespace

TEST_CASE("anki package reader: schema 18's stock note types are found by structure",
          "[anki-package]") {
  const std::string path = fixture("mhaswade_bg-hashtable.colpkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const Opened opened = open_package(path, home.root());
  CHECK(opened.version == 3);
  CHECK(opened.collection.schema == 18);
  CHECK(opened.collection.notes.size() == 14);
  CHECK(opened.media.empty());
  const auto kinds = kinds_by_name(opened.collection);
  CHECK(kinds.at("Basic") == NoteKind::kBasic);
  CHECK(kinds.at("Basic (and reversed card)") == NoteKind::kReverse);
  CHECK(kinds.at("Basic (optional reversed card)") == NoteKind::kBasicOptionalReverse);
  CHECK(kinds.at("Basic (type in the answer)") == NoteKind::kTyped);
  CHECK(kinds.at("Cloze") == NoteKind::kCloze);
  CHECK_FALSE(kinds.at("Image Occlusion"));
  CHECK(opened.collection.decks.at(1) == "Default");
}

TEST_CASE("anki package reader: the protobuf media map and zstd media of the latest format",
          "[anki-package]") {
  const std::string path = fixture("mhaswade_BarRonPcAp.colpkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const Opened opened = open_package(path, home.root());
  CHECK(opened.collection.notes.size() == 1558);
  std::size_t cards = 0;
  for (const AnkiNote& note : opened.collection.notes) cards += note.cards.size();
  CHECK(cards == 1590);
  REQUIRE(opened.media.size() == 24);
  CHECK(opened.media[1].entry == "1");
  CHECK(opened.media[1].size == 41360u);
  const auto kinds = kinds_by_name(opened.collection);
  CHECK_FALSE(kinds.at("Vocabulary"));
  CHECK(kinds.at("Basic") == NoteKind::kBasic);
}

TEST_CASE("anki package reader: legacy 2 reads collection.anki21, never the dummy",
          "[anki-package]") {
  const std::string path = fixture("mhaswade_english-vocab-2023.apkg");
  if (!exists(path)) KIOKU_SKIP("no fixture " << path);
  kioku::test::TempHome home;
  const Opened opened = open_package(path, home.root());
  CHECK(opened.version == 2);
  CHECK(opened.collection.schema == 11);
  CHECK(opened.collection.notes.size() == 22);
  bool nested = false;
  for (const auto& [id, name] : opened.collection.decks) {
    nested = nested || name == "spoken-languages::english::Vocab::2023";
  }
  CHECK(nested);
}
