// An Anki text file that another program changes while kiokud reads it: refused, and nothing of
// it kept, rather than imported in part or with rows it did not have when the import began.
#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "core/work_progress.hpp"
#include "daemon/importers/anki_text_importer.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using kioku::test::TempHome;

namespace {

constexpr int kRows = 20'000;

std::string rows(int first, int count) {
  std::string text;
  for (int row = first; row < first + count; ++row) {
    text += "front " + std::to_string(row) + "\tback " + std::to_string(row) + "\n";
  }
  return text;
}

// Imports `path` with `change` run at the import's first progress report, while the file is
// being read; returns the error's message, or "" when the import went through.
std::string import_while(DaemonFixture& fixture, const std::string& path,
                         const std::function<void()>& change) {
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(descriptor >= 0);
  bool changed = false;
  const ProgressReport progress([&](WorkStage, double, std::optional<std::uint64_t>) {
    if (!changed) change();
    changed = true;
  });
  AnkiTextOptions options;
  options.deck = "Changing";
  options.kind = NoteKind::kBasic;
  std::string message;
  try {
    daemon::import_anki_text_descriptor(fixture.collection, descriptor, "changing.txt", options,
                                        false, fixture.clock.now(), progress);
  } catch (const InputError& error) {
    message = error.what();
  }
  ::close(descriptor);
  return message;
}

}  // namespace

TEST_CASE("anki text import: a file changed while it is read is refused whole", "[daemon][anki]") {
  TempHome home;
  const std::string path = home.root() + "/changing.txt";
  std::ofstream(path) << rows(1, kRows);
  DaemonFixture fixture;
  const std::string changed = "changing.txt: the file changed while kioku read it";

  SECTION("cut short") {
    const std::string message =
        import_while(fixture, path, [&] { std::filesystem::resize_file(path, 1000); });
    INFO(message);
    CHECK(message.rfind(changed, 0) == 0);
  }
  SECTION("cut short after its last read") {
    // The reader has read its first block when the first row is saved; the rest of the file
    // goes. Whatever the reader then meets, the change is what is told.
    const std::string message = import_while(fixture, path, [&] {
      std::filesystem::resize_file(path, std::filesystem::file_size(path) - 7);
    });
    INFO(message);
    CHECK(message.rfind(changed, 0) == 0);
  }
  SECTION("lengthened") {
    const std::string message =
        import_while(fixture, path, [&] { std::ofstream(path, std::ios::app) << rows(1, 500); });
    INFO(message);
    CHECK(message.rfind(changed, 0) == 0);
  }
  CHECK(fixture.collection.counts().notes == 0);
}

TEST_CASE("anki text import: a file nothing changes is read to its end", "[daemon][anki]") {
  TempHome home;
  const std::string path = home.root() + "/steady.txt";
  std::ofstream(path) << rows(1, kRows);
  DaemonFixture fixture;
  CHECK(import_while(fixture, path, [] {}) == "");
  CHECK(fixture.collection.counts().notes == kRows);
}

TEST_CASE("anki text import: an import stopped while its rows are read ahead stops whole",
          "[daemon][anki]") {
  // The rows are read on a thread of their own; what stops the import (here its progress
  // report, as when its client leaves) stops that reading too, and nothing lands.
  TempHome home;
  const std::string path = home.root() + "/stopped.txt";
  std::ofstream(path) << rows(1, kRows);
  DaemonFixture fixture;
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(descriptor >= 0);
  int reports = 0;
  const ProgressReport progress([&](WorkStage, double, std::optional<std::uint64_t>) {
    if (++reports == 3000) throw std::runtime_error("stopped by its client");
  });
  AnkiTextOptions options;
  options.deck = "Stopped";
  options.kind = NoteKind::kBasic;
  CHECK_THROWS_WITH(
      daemon::import_anki_text_descriptor(fixture.collection, descriptor, "stopped.txt", options,
                                          false, fixture.clock.now(), progress),
      "stopped by its client");
  ::close(descriptor);
  CHECK(reports == 3000);
  CHECK(fixture.collection.counts().notes == 0);
  CHECK(fixture.collection.decks().by_slug("stopped") == std::nullopt);
}
