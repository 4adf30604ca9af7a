// libFuzzer target for the zip under an Anki package (daemon/importers/anki_package_reader.cpp,
// over minizip): the input is the package file, read from a memory file as kiokud reads the
// descriptor `kioku import` passes, its collection and every media entry extracted.
//
// What must hold, whatever the bytes:
// - the reader opens, extracts and lists, or throws kioku::Error (a refusal naming the file);
//   nothing else is thrown, and nothing crashes, reads out of bounds or leaks;
// - what it writes is bounded by the limits: each entry at most kMaxAnkiEntryRatio times the
//   file's size plus kAnkiEntryRatioSlack (an entry's bytes lie inside the file), and never
//   past kMaxAnkiPackageBytes in all;
// - no descriptor is left open.
#include <fcntl.h>
#include <unistd.h>

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/error.hpp"
#include "daemon/importers/anki_package_reader.hpp"
#include "tests/support/memory_file.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "anki_package_zip_fuzz: %s\n", what);
  std::abort();
}

constexpr std::size_t kDescriptorsWatched = 256;

// Which of the lowest descriptors are open (libFuzzer keeps some of its own among them).
std::bitset<kDescriptorsWatched> open_descriptors() {
  std::bitset<kDescriptorsWatched> open;
  for (std::size_t descriptor = 0; descriptor < kDescriptorsWatched; ++descriptor) {
    open[descriptor] = ::fcntl(static_cast<int>(descriptor), F_GETFD) != -1;
  }
  return open;
}

// How many bytes the memory file `descriptor` holds.
std::uint64_t size_of(int descriptor) {
  const off_t end = ::lseek(descriptor, 0, SEEK_END);
  return end < 0 ? 0 : static_cast<std::uint64_t>(end);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::bitset<kDescriptorsWatched> open_before = open_descriptors();
  {
    const kioku::protocol::UniqueFd package =
        kioku::test::memory_file(std::string_view(reinterpret_cast<const char*>(data), size));
    const kioku::protocol::UniqueFd out = kioku::test::memory_file("");
    const std::uint64_t most_per_entry =
        kioku::daemon::kMaxAnkiEntryRatio * size + kioku::daemon::kAnkiEntryRatioSlack;
    std::uint64_t written = 0;
    try {
      kioku::daemon::AnkiPackageReader reader(package.get(), "fuzz.apkg");
      reader.extract_collection(out.get());
      written = size_of(out.get());
      if (written > most_per_entry) fail("a collection larger than the limits allow");
      for (const kioku::AnkiMediaEntry& entry : reader.media()) {
        const std::uint64_t before = size_of(out.get());
        const auto media = reader.extract_media(entry, out.get());
        if (size_of(out.get()) - before != media.size) {
          fail("a media size that is not what was written");
        }
        if (media.size > most_per_entry) fail("a media entry larger than the limits allow");
        written = size_of(out.get());
      }
    } catch (const kioku::Error&) {
      // A refusal, naming the file.
    }
    if (written > kioku::daemon::kMaxAnkiPackageBytes) fail("more than the package limit");
  }
  // The reader's duplicate of the package is closed, as are this target's own.
  if (open_descriptors() != open_before) fail("a descriptor left open");
  return 0;
}
