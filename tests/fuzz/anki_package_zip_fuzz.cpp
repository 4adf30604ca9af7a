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
#include <sys/mman.h>
#include <unistd.h>

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "core/error.hpp"
#include "daemon/importers/anki_package_reader.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "anki_package_zip_fuzz: %s\n", what);
  std::abort();
}

// A memory file holding `size` bytes of `data`, or -1.
int memory_file(const std::uint8_t* data, std::size_t size, const char* name) {
  const int descriptor = ::memfd_create(name, MFD_CLOEXEC);
  if (descriptor < 0) return -1;
  std::size_t written = 0;
  while (written < size) {
    const ssize_t wrote = ::write(descriptor, data + written, size - written);
    if (wrote <= 0) {
      ::close(descriptor);
      return -1;
    }
    written += static_cast<std::size_t>(wrote);
  }
  return descriptor;
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
  const int package = memory_file(data, size, "package");
  if (package < 0) return 0;
  const int out = ::memfd_create("out", MFD_CLOEXEC);
  if (out < 0) fail("memfd_create");
  const std::uint64_t most_per_entry =
      kioku::daemon::kMaxAnkiEntryRatio * size + kioku::daemon::kAnkiEntryRatioSlack;
  std::uint64_t written = 0;
  try {
    kioku::daemon::AnkiPackageReader reader(package, "fuzz.apkg");
    reader.extract_collection(out);
    written = size_of(out);
    if (written > most_per_entry) fail("a collection larger than the limits allow");
    for (const kioku::AnkiMediaEntry& entry : reader.media()) {
      const std::uint64_t before = size_of(out);
      const auto media = reader.extract_media(entry, out);
      if (size_of(out) - before != media.size) fail("a media size that is not what was written");
      if (media.size > most_per_entry) fail("a media entry larger than the limits allow");
      written = size_of(out);
    }
  } catch (const kioku::Error&) {
    // A refusal, naming the file.
  }
  if (written > kioku::daemon::kMaxAnkiPackageBytes) fail("more than the package limit");
  ::close(out);
  ::close(package);
  // The reader's duplicate of the package is closed, as are this target's own.
  if (open_descriptors() != open_before) fail("a descriptor left open");
  return 0;
}
