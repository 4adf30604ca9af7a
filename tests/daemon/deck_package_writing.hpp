// A deck of a DaemonFixture's collection written as an Anki package, as deck.export writes one,
// for the tests that read packages back or watch one being written.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <string>

#include "core/work_progress.hpp"
#include "daemon/exporters/anki_package_export.hpp"
#include "daemon/exporters/deck_export_reader.hpp"
#include "tests/daemon/daemon_fixture.hpp"

namespace kioku::test {

// Writes deck `deck` of `source` into `path` (made, or emptied) with its temporary files in
// `data_directory`, telling `progress`. What write_anki_package throws comes through, with the
// file closed.
inline daemon::AnkiPackageWritten write_deck_package(DaemonFixture& source, const std::string& deck,
                                                     const std::string& data_directory,
                                                     const std::string& path,
                                                     const ProgressReport& progress = {}) {
  daemon::AnkiPackageExport options;
  options.language = "en";
  options.data_directory = data_directory;
  options.now = source.clock.now();
  options.day_start = DayCalendar(4).day_start(DayCalendar(4).day_number(options.now));
  const int descriptor = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  REQUIRE(descriptor >= 0);
  try {
    const auto written = daemon::write_anki_package(
        daemon::read_export_decks(source.collection, {source.collection.decks().require(deck)}),
        options, descriptor, progress);
    ::close(descriptor);
    return written;
  } catch (...) {
    ::close(descriptor);
    throw;
  }
}

}  // namespace kioku::test
